import type { AuditSearch } from './audit-search.js';
import { AUDIT_ACTION_LABELS, AUDIT_RESOURCE_LABELS } from './audit-wording.js';
import type { AuditFilters } from './settings-queries.js';

/** A key of `labels`, or nothing (an unknown value from a hand-edited URL is dropped). */
function keyOf<T extends string>(labels: Readonly<Record<T, string>>, value: string | undefined): T | undefined {
  return value !== undefined && Object.hasOwn(labels, value) ? (value as T) : undefined;
}

/** The URL's filters as the API's query: an action or subject it does not know is left out. */
export function auditFilters(search: AuditSearch): AuditFilters {
  return {
    action: keyOf(AUDIT_ACTION_LABELS, search.action),
    resourceType: keyOf(AUDIT_RESOURCE_LABELS, search.resourceType),
    actorId: search.actorId,
    from: search.from,
    to: search.to,
  };
}
