import type { OperationId } from '@hearback/client';

/**
 * When the SDK may send an operation again after a failure: `safe` (idempotent: reads, deletes,
 * revoking), `idempotency-key` (safe because each call carries an `Idempotency-Key` the server
 * deduplicates on), or `never` (a repeat could act twice).
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
  updateOrganization: { method: 'organization.update', retry: 'never' },
  listFeedback: { method: 'feedback.list', retry: 'safe' },
  getFeedback: { method: 'feedback.get', retry: 'safe' },
  getFeedbackStats: { method: 'feedback.stats', retry: 'safe' },
  similarFeedback: { method: 'feedback.similar', retry: 'safe' },
  // Read-only, but each call counts against the plan's monthly searches and the request carries
  // no idempotency key: a retry after a lost answer would count twice.
  searchFeedback: { method: 'search', retry: 'never' },
  updateFeedback: { method: 'feedback.update', retry: 'never' },
  listNotes: { method: 'feedback.notes.list', retry: 'safe' },
  createNote: { method: 'feedback.notes.create', retry: 'never' },
  getNote: { method: 'feedback.notes.get', retry: 'safe' },
  updateNote: { method: 'feedback.notes.update', retry: 'never' },
  deleteNote: { method: 'feedback.notes.delete', retry: 'safe' },
  listInboxes: { method: 'inboxes.list', retry: 'safe' },
  createInbox: { method: 'inboxes.create', retry: 'never' },
  getInbox: { method: 'inboxes.get', retry: 'safe' },
  updateInbox: { method: 'inboxes.update', retry: 'never' },
  deleteInbox: { method: 'inboxes.delete', retry: 'safe' },
  listBrands: { method: 'brands.list', retry: 'safe' },
  createBrand: { method: 'brands.create', retry: 'never' },
  getBrand: { method: 'brands.get', retry: 'safe' },
  updateBrand: { method: 'brands.update', retry: 'never' },
  deleteBrand: { method: 'brands.delete', retry: 'safe' },
  getCurrentApiKey: { method: 'apiKeys.current', retry: 'safe' },
  listApiKeys: { method: 'apiKeys.list', retry: 'safe' },
  createApiKey: { method: 'apiKeys.create', retry: 'never' },
  getApiKey: { method: 'apiKeys.get', retry: 'safe' },
  updateApiKey: { method: 'apiKeys.update', retry: 'never' },
  revokeApiKey: { method: 'apiKeys.revoke', retry: 'safe' },
} as const satisfies Record<OperationId, OperationBinding>;
