import { optionalString } from '../app/search-params.js';

/**
 * The audit log's filters as its URL holds them, so a filtered log is a link. Only strings here:
 * the route file is in the first load, the action names are not (`auditFilters` checks them).
 */
export interface AuditSearch {
  action?: string | undefined;
  resourceType?: string | undefined;
  actorId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export function validateAuditSearch(search: Record<string, unknown>): AuditSearch {
  return {
    action: optionalString(search.action),
    resourceType: optionalString(search.resourceType),
    actorId: optionalString(search.actorId),
    from: optionalString(search.from),
    to: optionalString(search.to),
  };
}
