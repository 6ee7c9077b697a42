import type { AuditEntry, AuditLogQuery } from '@hearback/client';
import { Paginator } from '../pagination.js';
import type { RequestOptions } from '../transport/request-options.js';
import type { ResourceContext } from './context.js';

/**
 * The organization's audit log: who changed what, newest first (an organization-wide key with the
 * `write` scope).
 *
 * @example
 * for await (const entry of hearback.auditLog.list({ action: 'api_key.revoked' })) console.log(entry.actor.name);
 */
export class AuditLogResource {
  constructor(private readonly context: ResourceContext) {}

  list(query: AuditLogQuery = {}, options?: RequestOptions): Paginator<AuditEntry> {
    return new Paginator(async (cursor) => {
      const path = { orgId: this.context.orgId };
      return this.context.call(
        'listAuditLog',
        (attempt) =>
          this.context.client.GET('/organizations/{orgId}/audit-log', {
            params: { path, query: { ...query, cursor } },
            ...attempt,
          }),
        options,
      );
    }, query.cursor);
  }
}
