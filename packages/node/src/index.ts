export type * from '@hearback/client';
export { HearbackApiError, type HearbackErrorCode } from './errors/hearback-api-error.js';
export { WebhookVerificationError, type WebhookVerificationErrorCode } from './errors/webhook-verification-error.js';
export { Hearback, type HearbackOptions } from './hearback.js';
export { OPERATIONS, type OperationBinding, type RetryPolicy } from './operations.js';
export { Paginator } from './pagination.js';
export type { ApiKeysResource } from './resources/api-keys.js';
export type { AuditLogResource } from './resources/audit-log.js';
export type { AutomationsResource } from './resources/automations.js';
export type { BrandsResource } from './resources/brands.js';
export type { FeedbackResource } from './resources/feedback.js';
export type { FeedbackPagesResource, PageResponsesResource } from './resources/feedback-pages.js';
export type { FeedbackStreamEvent, FeedbackStreamOptions, FeedbackStreamQuery } from './resources/feedback-stream.js';
export type { HealthResource } from './resources/health.js';
export type { HooksResource } from './resources/hooks.js';
export type { InboxesResource } from './resources/inboxes.js';
export type { NotesResource } from './resources/notes.js';
export type { OrganizationResource } from './resources/organization.js';
export type { SecretsResource } from './resources/secrets.js';
export type { SsoResource } from './resources/sso.js';
export type { ViewsResource } from './resources/views.js';
export type {
  CollectOptions,
  RequestOptions,
  SearchOptions,
  SimilarOptions,
} from './transport/request-options.js';
export { type VerifyWebhookOptions, verifyWebhook, type WebhookEvent, type WebhookHeaders } from './webhooks/verify.js';
