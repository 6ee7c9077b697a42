import { queryOptions } from '@tanstack/react-query';
import { api, dataOf } from './client.js';

/** Query keys of one organization's data start with this, so switching organizations never mixes them. */
export const orgKey = (orgId: string) => ['org', orgId] as const;

export const organizationQuery = (orgId: string) =>
  queryOptions({
    queryKey: [...orgKey(orgId), 'organization'],
    queryFn: () => dataOf(api.GET('/organizations/{orgId}', { params: { path: { orgId } } })),
  });

export const membersQuery = (orgId: string) =>
  queryOptions({
    queryKey: [...orgKey(orgId), 'members'],
    queryFn: () => dataOf(api.GET('/organizations/{orgId}/members', { params: { path: { orgId } } })),
    staleTime: 60_000,
  });

/** Every inbox (the filter and the set-up guide name them); organizations have few. */
export const inboxesQuery = (orgId: string) =>
  queryOptions({
    queryKey: [...orgKey(orgId), 'inboxes'],
    queryFn: () =>
      dataOf(api.GET('/organizations/{orgId}/inboxes', { params: { path: { orgId }, query: { limit: 200 } } })),
    staleTime: 60_000,
  });

/** Every brand (the inbox's filter, inboxes and keys name theirs); organizations have few. */
export const brandsQuery = (orgId: string) =>
  queryOptions({
    queryKey: [...orgKey(orgId), 'brands'],
    queryFn: () =>
      dataOf(api.GET('/organizations/{orgId}/brands', { params: { path: { orgId }, query: { limit: 200 } } })),
  });
