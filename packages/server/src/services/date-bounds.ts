import { type DateBounds, instantBounds, needsTimeZone } from '../domain/date-bound.js';
import { notFound } from '../errors/api-error.js';
import type { Store } from '../storage/store.js';

/**
 * The `from` and `to` of a request's filters as instants, a bare date read as that day in the
 * organization's time zone ({@link instantBounds}): every feedback read that takes a range (list,
 * stats, export, stream, search, themes, trends; REST and MCP alike) calls this before its query,
 * so a date means the same day everywhere. The organization is read only when a date needs it.
 *
 * @example
 * const filters = await readDateBounds(store, principal.orgId, { from: '2026-11-01', to: '2026-11-01' });
 */
export async function readDateBounds<T extends DateBounds>(store: Store, orgId: string, filters: T): Promise<T> {
  if (filters.from === undefined && filters.to === undefined) return filters;
  // Without a bare date the zone plays no part: date-times carry their offset.
  if (!needsTimeZone(filters)) return instantBounds(filters, 'UTC');
  return instantBounds(filters, await timeZoneOf(store, orgId));
}

/** The organization's time zone (IANA), in which its days are counted. */
export async function timeZoneOf(store: Store, orgId: string): Promise<string> {
  const organization = await store.organizations.find(orgId);
  if (!organization) throw notFound('Organization', orgId);
  return organization.timezone;
}
