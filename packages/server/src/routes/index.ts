import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Access, OperationAccess } from '../domain/api-key.js';
import type { AppEnv } from '../http/app-env.js';
import * as account from './account/account.operations.js';
import * as apiKeys from './api-keys/api-keys.operations.js';
import { listAuditLog } from './audit-log/audit-log.operations.js';
import * as automations from './automations/automations.operations.js';
import * as brands from './brands/brands.operations.js';
import { collectFeedback } from './collect/collect.operations.js';
import * as deliveries from './deliveries/deliveries.operations.js';
import * as feedback from './feedback/feedback.operations.js';
import { exportFeedback } from './feedback/feedback-export.operations.js';
import { streamFeedback } from './feedback/feedback-stream.operations.js';
import { listTags } from './feedback/feedback-tags.operations.js';
import { getFeedbackThemes, listThemeFeedback } from './feedback/feedback-themes.operations.js';
import * as feedbackPageSharing from './feedback-pages/feedback-page-sharing.operations.js';
import * as feedbackPages from './feedback-pages/feedback-pages.operations.js';
import * as pageInsights from './feedback-pages/page-insights.operations.js';
import * as pageResponses from './feedback-pages/page-responses.operations.js';
import * as hooks from './hooks/hooks.operations.js';
import { getCurrentApiKey } from './identity/identity.operations.js';
import * as inboxes from './inboxes/inboxes.operations.js';
import * as invites from './invites/invites.operations.js';
import * as members from './members/members.operations.js';
import * as notes from './notes/notes.operations.js';
import type { Operation } from './operation.js';
import * as organizations from './organizations/organizations.operations.js';
import * as search from './search/search.operations.js';
import * as secrets from './secrets/secrets.operations.js';
import * as sso from './sso/sso.operations.js';
import * as views from './views/views.operations.js';

/**
 * The operation table: every API operation, each defined once (id, scope, schemas, handler) in
 * its resource's `*.operations.ts`, in the order the document lists them and routes match.
 */
export const API_OPERATIONS = [
  collectFeedback,
  getCurrentApiKey,

  organizations.getOrganization,
  organizations.updateOrganization,
  account.deleteOrganization,

  account.getAccount,
  account.createOrganization,
  account.setOrganizationPlan,
  members.listMembers,
  members.updateMember,
  members.removeMember,
  members.transferOwnership,
  members.leaveOrganization,
  invites.createInvite,
  invites.listInvites,
  invites.revokeInvite,
  invites.resendInvite,
  invites.previewInvite,
  invites.acceptInvite,
  sso.getSso,
  sso.putSso,
  sso.deleteSso,
  sso.verifySsoDomain,

  feedback.listFeedback,
  // Before getFeedback: `/feedback/stats`, `/trends`, `/themes`, `/stream`, `/export` would otherwise match `/feedback/{id}`.
  feedback.getFeedbackStats,
  feedback.getFeedbackTrends,
  getFeedbackThemes,
  listThemeFeedback,
  streamFeedback,
  exportFeedback,
  feedback.eraseFeedback,
  feedback.getFeedback,
  feedback.updateFeedback,
  feedback.deleteFeedback,
  feedback.getFeedbackActivity,
  listTags,

  search.searchFeedback,
  search.similarFeedback,

  notes.listNotes,
  notes.createNote,
  notes.getNote,
  notes.updateNote,
  notes.deleteNote,

  views.listViews,
  views.createView,
  views.getView,
  views.updateView,
  views.deleteView,

  inboxes.listInboxes,
  inboxes.createInbox,
  inboxes.getInbox,
  inboxes.updateInbox,
  inboxes.deleteInbox,

  brands.listBrands,
  brands.createBrand,
  brands.getBrand,
  brands.updateBrand,
  brands.deleteBrand,

  apiKeys.listApiKeys,
  apiKeys.createApiKey,
  apiKeys.getApiKey,
  apiKeys.updateApiKey,
  apiKeys.revokeApiKey,

  listAuditLog,

  hooks.subscribeRestHook,
  hooks.getRestHookSample,
  hooks.unsubscribeRestHook,
  secrets.listSecrets,
  secrets.createSecret,
  secrets.putSecret,
  secrets.deleteSecret,
  automations.listAutomations,
  automations.createAutomation,
  automations.previewAutomation,
  automations.getAutomation,
  automations.updateAutomation,
  automations.deleteAutomation,
  automations.rotateAutomationSigningSecret,
  deliveries.listDeliveries,
  deliveries.redeliverDelivery,
  deliveries.redeliverFailedDeliveries,
  automations.testAutomation,
  feedbackPages.listFeedbackPages,
  feedbackPages.createFeedbackPage,
  // Before the `{pageId}` routes: `/feedback-pages/responses/erase` names no page (none of their
  // POSTs has that shape today; a new `/feedback-pages/{pageId}/<word>` must not take it).
  pageResponses.erasePageResponses,
  feedbackPages.getFeedbackPage,
  feedbackPages.updateFeedbackPage,
  feedbackPages.deleteFeedbackPage,
  feedbackPages.publishFeedbackPage,
  feedbackPages.closeFeedbackPage,
  feedbackPages.reopenFeedbackPage,
  feedbackPageSharing.getFeedbackPageShare,
  feedbackPageSharing.getFeedbackPageQrSvg,
  feedbackPageSharing.getFeedbackPageQrPng,
  feedbackPageSharing.getFeedbackPageFlyer,
  pageResponses.submitPageResponse,
  pageResponses.listPageResponses,
  // Before getPageResponse: `/responses/export` would otherwise match `/responses/{responseId}`.
  pageInsights.exportPageResponses,
  pageResponses.getPageResponse,
  pageResponses.deletePageResponse,
  pageInsights.getPageAnalytics,
] as const;

export type OperationId = (typeof API_OPERATIONS)[number]['operationId'];

const OPERATIONS = new Map<string, Operation>(API_OPERATIONS.map((operation) => [operation.operationId, operation]));

/**
 * Who may call an operation, from the table (its scope, and whether it is organization-wide): for
 * callers that reach a service other than through its route (the MCP tools' backend).
 *
 * @example
 * requireOperationAccess(principal, operationAccessOf('listAutomations')); // { scope: 'read', organizationWide: … }
 */
export function operationAccessOf(operationId: OperationId): OperationAccess {
  const operation = OPERATIONS.get(operationId);
  if (operation === undefined) throw new Error(`No operation ${operationId}`);
  return { scope: operation.scope, organizationWide: operation.organizationWide };
}

/**
 * The scope an operation needs, from the table: for callers that reach a service other than
 * through its route (the `/collect` fast path, the scope matrix).
 *
 * @example
 * requireAccess(principal, accessOf('updateFeedback')); // 'write'
 */
export function accessOf(operationId: OperationId): Access {
  return operationAccessOf(operationId).scope;
}

/** Serves every operation of the table: the OpenAPI document lists exactly what is served. */
export function registerApiRoutes(app: OpenAPIHono<AppEnv>): void {
  for (const operation of API_OPERATIONS) operation.register(app);
}
