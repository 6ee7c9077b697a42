/**
 * The API's write inputs: the zod schemas of the request bodies, shared by the server (which
 * enforces them and documents them in the OpenAPI document) and the dashboard (which checks a form
 * with the same schema before sending it). Browser-safe: the language, zod and the vocabulary only.
 */

// The list lives in the vocabulary (@hearback/spec); re-exported for those who import it from here.
export { ISSUE_TRACKERS, type IssueTracker } from '@hearback/spec';
export {
  type ApiKeyCreateInput,
  ApiKeyCreateInputSchema,
  type ApiKeyUpdateInput,
  ApiKeyUpdateInputSchema,
} from './api-key-input.js';
export { ONE_ASSIGNEE_FILTER, oneAssigneeFilter } from './assignee-filter.js';
export {
  AutomationFilterInputSchema,
  type AutomationInput,
  AutomationInputSchema,
  type AutomationPreviewInput,
  AutomationPreviewInputSchema,
  type AutomationTestInput,
  AutomationTestInputSchema,
  type AutomationUpdateInput,
  AutomationUpdateInputSchema,
  MAX_AUTOMATION_NAME_LENGTH,
} from './automation-input.js';
export { type BrandInput, BrandInputSchema } from './brand-input.js';
export { type FeedbackContextInput, FeedbackContextSchema, FreeFormContextSchema } from './context-input.js';
export { DATE_BOUND_MESSAGE, DateBoundSchema } from './date-bound.js';
export {
  EVENT_REGISTRY,
  EVENT_TYPES,
  type EventDefinition,
  type EventType,
  EventTypeSchema,
  eventDefinition,
  isEventType,
} from './event-registry.js';
export {
  type FeedbackErasureInput,
  FeedbackErasureInputSchema,
  MAX_ERASURE_KEY_LENGTH,
  MAX_ERASURE_VALUE_LENGTH,
} from './feedback-erasure-input.js';
export { FeedbackResourceSchema, IssueLinkSchema, TimestampSchema } from './feedback-resource.js';
export { type FeedbackUpdateInput, FeedbackUpdateInputSchema } from './feedback-update-input.js';
export { ID_PREFIXES, type IdKind, idPattern, idSchema } from './ids.js';
export {
  type InboxCreateInput,
  InboxCreateInputSchema,
  type InboxUpdateInput,
  InboxUpdateInputSchema,
} from './inbox-input.js';
export {
  checkInput,
  type FieldError,
  fieldErrorOf,
  type InputCheck,
  type InputIssue,
  inputIssues,
} from './input-issues.js';
export { MAX_NOTE_LENGTH, type NoteInput, NoteInputSchema } from './note-input.js';
export {
  type OrganizationCreateInput,
  OrganizationCreateInputSchema,
  type OrganizationUpdateInput,
  OrganizationUpdateInputSchema,
} from './organization-input.js';
export { type PageResponseErasureInput, PageResponseErasureInputSchema } from './page-response-erasure-input.js';
export { PageResponseResourceSchema } from './page-response-resource.js';
export {
  PLACEHOLDER_PATTERN,
  type Placeholder,
  parsePlaceholder,
  placeholderText,
  wholePlaceholder,
} from './placeholder.js';
export { PLAIN_MESSAGES, plainMessage, plainMessages, unknownFieldsMessage } from './plain-messages.js';
export { SCORE_BOUNDS_IN_ORDER, scoreBoundsInOrder } from './score-bounds.js';
export {
  DEFAULT_SEARCH_LIMIT,
  MAX_SEARCH_LIMIT,
  type SearchFiltersInput,
  SearchFiltersInputSchema,
} from './search-input.js';
export { SECRET_NAME_PATTERN, SECRET_NAME_RULE } from './secret-name.js';
export { SlugSchema } from './slug.js';
export {
  EMAIL_DOMAIN_MAX_LENGTH,
  EMAIL_DOMAIN_PATTERN,
  EmailDomainSchema,
  isAcceptableIssuer,
  issuerMayUseHttp,
  type SsoInput,
  SsoInputSchema,
} from './sso-input.js';
export { TagFilterSchema, TagSchema, TagSetSchema } from './tags-input.js';
export {
  AssignableRoleSchema,
  InviteAcceptanceInputSchema,
  type InviteInput,
  InviteInputSchema,
  type MemberUpdateInput,
  MemberUpdateInputSchema,
  type OwnershipTransferInput,
  OwnershipTransferInputSchema,
} from './team-input.js';
export {
  templateTextEventProblems,
  type WebhookTemplates,
  webhookTemplateEventIssues,
} from './template-events.js';
export {
  EVENT_MEMBERS,
  EVENT_ROOT,
  placeholderProblem,
  resourceRootOf,
  SECRETS_ROOT,
  TEMPLATE_ROOTS_TEXT,
  templateTextProblems,
} from './template-roots.js';
export { stringsOf, type TemplateString } from './template-strings.js';
export { MAX_NAME_LENGTH, NameSchema, storableText } from './text.js';
export { canonicalTimeZone, DEFAULT_TIME_ZONE, TimeZoneSchema } from './time-zone.js';
export { MAX_VIEW_NAME_LENGTH, ViewNameInputSchema, ViewNameSchema } from './view-input.js';
export {
  HEADER_VALUE_CONTROL_CHARACTER,
  isReservedHeaderName,
  isValidHeaderName,
  RESERVED_HEADER_NAMES,
  RESERVED_HEADER_PREFIX,
  RESERVED_HEADERS_TEXT,
} from './webhook-headers.js';
export {
  MAX_BODY_TEMPLATE_BYTES,
  MAX_BODY_TEMPLATE_DEPTH,
  MAX_HEADER_VALUE_LENGTH,
  MAX_WEBHOOK_HEADERS,
  MAX_WEBHOOK_URL_LENGTH,
  WebhookInputSchema,
  WebhookUpdateInputSchema,
  WebhookUrlSchema,
} from './webhook-input.js';
export {
  DEFAULT_WEBHOOK_METHOD,
  isWebhookProtocol,
  WEBHOOK_METHODS,
  WEBHOOK_URL_PROTOCOLS,
  type WebhookMethod,
} from './webhook-method.js';
export { acrossMembers, perUnknownField, refusesUnknownFields, writeInput } from './write-input.js';
