import type {
  AuditAction,
  AuditActorType,
  AuditEntry,
  AuditLogFilters,
  AuditResourceType,
} from '../../domain/audit.js';
import type { AuditLogTable } from '../schema.js';
import type { Executor } from './executor.js';
import { pageOf } from './executor.js';

type AuditRow = AuditLogTable & { actor_name: string | null };

function toEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    at: row.at,
    actor: { type: row.actor_type as AuditActorType, id: row.actor_id, name: row.actor_name },
    action: row.action as AuditAction,
    resource: { type: row.resource_type as AuditResourceType, id: row.resource_id },
    details: JSON.parse(row.details) as AuditEntry['details'],
  };
}

/** The audit log: appended to inside the transaction of each change, read newest first. */
export function auditLogRepository(db: Executor) {
  // Each entry with its actor's current name: keys are kept when revoked, so only a deleted
  // brand's keys lose it (and a deleted user's).
  const withActorNames = (orgId: string) =>
    db
      .selectFrom('audit_log')
      .leftJoin('api_keys', (join) =>
        join
          .onRef('api_keys.id', '=', 'audit_log.actor_id')
          .on('audit_log.actor_type', '=', 'api_key')
          .onRef('api_keys.org_id', '=', 'audit_log.org_id'),
      )
      .leftJoin('users', (join) =>
        join.onRef('users.id', '=', 'audit_log.actor_id').on('audit_log.actor_type', '=', 'user'),
      )
      .selectAll('audit_log')
      .select((eb) => eb.fn.coalesce('api_keys.name', 'users.name').as('actor_name'))
      .where('audit_log.org_id', '=', orgId);

  return {
    async insert(
      orgId: string,
      entry: Omit<AuditEntry, 'actor'> & { actor: Omit<AuditEntry['actor'], 'name'>; subjectId: string | null },
    ): Promise<void> {
      await db
        .insertInto('audit_log')
        .values({
          id: entry.id,
          org_id: orgId,
          at: entry.at,
          actor_type: entry.actor.type,
          actor_id: entry.actor.id,
          action: entry.action,
          resource_type: entry.resource.type,
          resource_id: entry.resource.id,
          details: JSON.stringify(entry.details),
          subject_id: entry.subjectId,
        })
        .execute();
    },

    /** A page of an organization's entries, newest first; `before`: the last id of the previous page. */
    async list(orgId: string, filters: AuditLogFilters, page: { limit: number; before: string | null }) {
      let query = withActorNames(orgId);
      if (filters.action) query = query.where('audit_log.action', '=', filters.action);
      if (filters.actorId) query = query.where('audit_log.actor_id', '=', filters.actorId);
      if (filters.resourceType) query = query.where('audit_log.resource_type', '=', filters.resourceType);
      if (filters.from) query = query.where('audit_log.at', '>=', filters.from);
      if (filters.to) query = query.where('audit_log.at', '<', filters.to);
      if (page.before) query = query.where('audit_log.id', '<', page.before);
      const rows = await query
        .orderBy('audit_log.id', 'desc')
        .limit(page.limit + 1)
        .execute();
      const { rows: pageRows, lastId } = pageOf(rows, page.limit);
      return { items: pageRows.map(toEntry), lastId };
    },

    /** A page of the entries about one feedback item (its subject), oldest first; `after`: the last id of the previous page. */
    async listForSubject(orgId: string, subjectId: string, page: { limit: number; after: string | null }) {
      let query = withActorNames(orgId).where('audit_log.subject_id', '=', subjectId);
      if (page.after) query = query.where('audit_log.id', '>', page.after);
      const rows = await query
        .orderBy('audit_log.id', 'asc')
        .limit(page.limit + 1)
        .execute();
      const { rows: pageRows, lastId } = pageOf(rows, page.limit);
      return { items: pageRows.map(toEntry), lastId };
    },
  };
}
