import type { AuditLogQuery } from '@hearback/client';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api, dataOf } from '../api/client.js';
import { orgKey } from '../api/organization.js';

/** The most a list page asks for; an organization's brands and keys fit in one. */
const LIST_LIMIT = 200;

// The inbox's brand filter reads it too, so it lives with the organization's shared queries.
export { brandsQuery } from '../api/organization.js';

/** Every API key, revoked ones included (the API never returns their secrets). */
export const apiKeysQuery = (orgId: string) =>
  queryOptions({
    queryKey: [...orgKey(orgId), 'api-keys'],
    queryFn: () =>
      dataOf(api.GET('/organizations/{orgId}/api-keys', { params: { path: { orgId }, query: { limit: LIST_LIMIT } } })),
  });

/** The audit log's filters (the API's query, without paging). */
export type AuditFilters = Omit<AuditLogQuery, 'limit' | 'cursor'>;

/** The audit log, newest first, a page at a time. */
export const auditLogQuery = (orgId: string, filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: [...orgKey(orgId), 'audit-log', filters],
    queryFn: ({ pageParam }) =>
      dataOf(
        api.GET('/organizations/{orgId}/audit-log', {
          params: { path: { orgId }, query: { ...filters, limit: 50, ...(pageParam ? { cursor: pageParam } : {}) } },
        }),
      ),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
