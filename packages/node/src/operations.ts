import type { OperationId } from '@hearback/client';

/**
 * When the SDK may send an operation again after a failure: `safe` (reads), `idempotency-key`
 * (writes: every attempt of one call carries the same `Idempotency-Key`, so the server acts once
 * and answers a retry with the first response), or `never` (a repeat could act twice).
 */
export type RetryPolicy = 'safe' | 'idempotency-key' | 'never';

export interface OperationBinding {
  /** The `Hearback` method that performs the operation, as a property path. */
  method: string;
  retry: RetryPolicy;
}

/**
 * Every operation of the OpenAPI document and the SDK method that performs it. `satisfies` makes a
 * regenerated client with a new operation fail to compile until it is mapped here, and the
 * contract suite calls each method against the real server.
 */
export const OPERATIONS = {
  healthz: { method: 'health.check', retry: 'safe' },
  readyz: { method: 'health.ready', retry: 'safe' },
  collectFeedback: { method: 'collect', retry: 'idempotency-key' },
  getOrganization: { method: 'organization.get', retry: 'safe' },
  updateOrganization: { method: 'organization.update', retry: 'idempotency-key' },
  deleteOrganization: { method: 'organization.delete', retry: 'idempotency-key' },
  setOrganizationPlan: { method: 'organization.setPlan', retry: 'idempotency-key' },
  getAccount: { method: 'account.get', retry: 'safe' },
  createOrganization: { method: 'account.createOrganization', retry: 'idempotency-key' },
  // A read, but a POST (the token stays out of URLs) that counts against a rate limit: not retried, as search.
  previewInvite: { method: 'account.previewInvite', retry: 'never' },
  acceptInvite: { method: 'account.acceptInvite', retry: 'idempotency-key' },
  listMembers: { method: 'members.list', retry: 'safe' },
  updateMember: { method: 'members.setRole', retry: 'idempotency-key' },
  removeMember: { method: 'members.remove', retry: 'idempotency-key' },
  transferOwnership: { method: 'members.transferOwnership', retry: 'idempotency-key' },
  leaveOrganization: { method: 'members.leave', retry: 'idempotency-key' },
  createInvite: { method: 'members.invite', retry: 'idempotency-key' },
  listInvites: { method: 'members.invites', retry: 'safe' },
  resendInvite: { method: 'members.resendInvite', retry: 'idempotency-key' },
  revokeInvite: { method: 'members.revokeInvite', retry: 'idempotency-key' },
  getSso: { method: 'sso.get', retry: 'safe' },
  putSso: { method: 'sso.put', retry: 'idempotency-key' },
  deleteSso: { method: 'sso.delete', retry: 'idempotency-key' },
  verifySsoDomain: { method: 'sso.verifyDomain', retry: 'idempotency-key' },
  listFeedback: { method: 'feedback.list', retry: 'safe' },
  getFeedback: { method: 'feedback.get', retry: 'safe' },
  getFeedbackStats: { method: 'feedback.stats', retry: 'safe' },
  getFeedbackTrends: { method: 'feedback.trends', retry: 'safe' },
  getFeedbackThemes: { method: 'feedback.themes', retry: 'safe' },
  listThemeFeedback: { method: 'feedback.themeItems', retry: 'safe' },
  streamFeedback: { method: 'feedback.stream', retry: 'safe' },
  exportFeedback: { method: 'feedback.export', retry: 'safe' },
  similarFeedback: { method: 'feedback.similar', retry: 'safe' },
  // Read-only, but each call counts against the plan's monthly searches and the server keeps no
  // idempotency record for a read: a retry after a lost answer would count twice.
  searchFeedback: { method: 'search', retry: 'never' },
  updateFeedback: { method: 'feedback.update', retry: 'idempotency-key' },
  listTags: { method: 'feedback.tags', retry: 'safe' },
  deleteFeedback: { method: 'feedback.delete', retry: 'idempotency-key' },
  eraseFeedback: { method: 'feedback.erase', retry: 'idempotency-key' },
  getFeedbackActivity: { method: 'feedback.activity', retry: 'safe' },
  listNotes: { method: 'feedback.notes.list', retry: 'safe' },
  createNote: { method: 'feedback.notes.create', retry: 'idempotency-key' },
  getNote: { method: 'feedback.notes.get', retry: 'safe' },
  updateNote: { method: 'feedback.notes.update', retry: 'idempotency-key' },
  deleteNote: { method: 'feedback.notes.delete', retry: 'idempotency-key' },
  listViews: { method: 'views.list', retry: 'safe' },
  createView: { method: 'views.create', retry: 'idempotency-key' },
  getView: { method: 'views.get', retry: 'safe' },
  updateView: { method: 'views.update', retry: 'idempotency-key' },
  deleteView: { method: 'views.delete', retry: 'idempotency-key' },
  listInboxes: { method: 'inboxes.list', retry: 'safe' },
  createInbox: { method: 'inboxes.create', retry: 'idempotency-key' },
  getInbox: { method: 'inboxes.get', retry: 'safe' },
  updateInbox: { method: 'inboxes.update', retry: 'idempotency-key' },
  deleteInbox: { method: 'inboxes.delete', retry: 'idempotency-key' },
  listBrands: { method: 'brands.list', retry: 'safe' },
  createBrand: { method: 'brands.create', retry: 'idempotency-key' },
  getBrand: { method: 'brands.get', retry: 'safe' },
  updateBrand: { method: 'brands.update', retry: 'idempotency-key' },
  deleteBrand: { method: 'brands.delete', retry: 'idempotency-key' },
  getCurrentApiKey: { method: 'apiKeys.current', retry: 'safe' },
  listApiKeys: { method: 'apiKeys.list', retry: 'safe' },
  createApiKey: { method: 'apiKeys.create', retry: 'idempotency-key' },
  getApiKey: { method: 'apiKeys.get', retry: 'safe' },
  updateApiKey: { method: 'apiKeys.update', retry: 'idempotency-key' },
  revokeApiKey: { method: 'apiKeys.revoke', retry: 'idempotency-key' },
  listAuditLog: { method: 'auditLog.list', retry: 'safe' },
  subscribeRestHook: { method: 'hooks.subscribe', retry: 'idempotency-key' },
  getRestHookSample: { method: 'hooks.sample', retry: 'safe' },
  unsubscribeRestHook: { method: 'hooks.unsubscribe', retry: 'idempotency-key' },
  listSecrets: { method: 'secrets.list', retry: 'safe' },
  createSecret: { method: 'secrets.create', retry: 'idempotency-key' },
  putSecret: { method: 'secrets.put', retry: 'idempotency-key' },
  deleteSecret: { method: 'secrets.delete', retry: 'idempotency-key' },
  listAutomations: { method: 'automations.list', retry: 'safe' },
  createAutomation: { method: 'automations.create', retry: 'idempotency-key' },
  previewAutomation: { method: 'automations.preview', retry: 'idempotency-key' },
  getAutomation: { method: 'automations.get', retry: 'safe' },
  updateAutomation: { method: 'automations.update', retry: 'idempotency-key' },
  deleteAutomation: { method: 'automations.delete', retry: 'idempotency-key' },
  rotateAutomationSigningSecret: { method: 'automations.rotateSigningSecret', retry: 'idempotency-key' },
  listDeliveries: { method: 'automations.deliveries', retry: 'safe' },
  redeliverDelivery: { method: 'automations.redeliver', retry: 'idempotency-key' },
  redeliverFailedDeliveries: { method: 'automations.redeliverFailed', retry: 'idempotency-key' },
  testAutomation: { method: 'automations.test', retry: 'idempotency-key' },
  listFeedbackPages: { method: 'pages.list', retry: 'safe' },
  createFeedbackPage: { method: 'pages.create', retry: 'idempotency-key' },
  getFeedbackPage: { method: 'pages.get', retry: 'safe' },
  updateFeedbackPage: { method: 'pages.update', retry: 'idempotency-key' },
  deleteFeedbackPage: { method: 'pages.delete', retry: 'idempotency-key' },
  publishFeedbackPage: { method: 'pages.publish', retry: 'idempotency-key' },
  closeFeedbackPage: { method: 'pages.close', retry: 'idempotency-key' },
  reopenFeedbackPage: { method: 'pages.reopen', retry: 'idempotency-key' },
  getFeedbackPageShare: { method: 'pages.share', retry: 'safe' },
  getFeedbackPageQrSvg: { method: 'pages.qrSvg', retry: 'safe' },
  getFeedbackPageQrPng: { method: 'pages.qrPng', retry: 'safe' },
  getFeedbackPageFlyer: { method: 'pages.flyer', retry: 'safe' },
  submitPageResponse: { method: 'pages.responses.submit', retry: 'idempotency-key' },
  listPageResponses: { method: 'pages.responses.list', retry: 'safe' },
  getPageResponse: { method: 'pages.responses.get', retry: 'safe' },
  deletePageResponse: { method: 'pages.responses.delete', retry: 'idempotency-key' },
  erasePageResponses: { method: 'pages.responses.erase', retry: 'idempotency-key' },
  exportPageResponses: { method: 'pages.responses.export', retry: 'safe' },
  getPageAnalytics: { method: 'pages.analytics', retry: 'safe' },
} as const satisfies Record<OperationId, OperationBinding>;
