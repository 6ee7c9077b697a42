import type { Principal } from '../domain/api-key.js';
import {
  type AuditAction,
  type AuditDetails,
  type AuditEntry,
  type AuditLogFilters,
  actorOf,
  auditSubjectOf,
  resourceTypeOf,
} from '../domain/audit.js';
import type { Page } from '../domain/organization.js';
import { newId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';
import type { Repositories, Store } from '../storage/store.js';
import { readDateBounds } from './date-bounds.js';
import { type PageRequest, pageSize, readCursor, toPage } from './pagination.js';

/**
 * Records one change in the audit log, inside the transaction that makes it: the entry commits
 * with the change or not at all, so a refused or failed change leaves none. The resource type is
 * the action's prefix; `details` name the fields changed, never a secret value.
 *
 * @example
 * await recordAudit(tx, principal, 'inbox.updated', inbox.id, { changed: ['name'] });
 */
export async function recordAudit(
  tx: Repositories,
  principal: Pick<Principal, 'orgId' | 'actor'>,
  action: AuditAction,
  resourceId: string,
  details: AuditDetails = {},
): Promise<void> {
  await tx.auditLog.insert(principal.orgId, {
    id: newId('auditEntry'),
    at: nowIso(),
    actor: actorOf(principal),
    action,
    resource: { type: resourceTypeOf(action), id: resourceId },
    details,
    subjectId: auditSubjectOf(action, resourceId, details),
  });
}

/**
 * Reading the audit log: the whole organization's, so closed to brand-scoped keys (by the operation
 * table's `organizationWide`, before this service is called). Entries are
 * kept for as long as the organization (no retention yet).
 */
export function auditLogService(store: Store) {
  return {
    async list(principal: Principal, filters: AuditLogFilters, page: PageRequest): Promise<Page<AuditEntry>> {
      const read = await readDateBounds(store, principal.orgId, filters);
      return toPage(
        await store.auditLog.list(principal.orgId, read, { limit: pageSize(page), before: readCursor(page.cursor) }),
      );
    },
  };
}

export type AuditLogService = ReturnType<typeof auditLogService>;
