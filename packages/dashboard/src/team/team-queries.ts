import { queryOptions } from '@tanstack/react-query';
import { ApiProblem, api, dataOf } from '../api/client.js';
import { orgKey } from '../api/organization.js';

/** The organization's invitations, newest first (one page: invitations are few). */
export const invitesQuery = (orgId: string) =>
  queryOptions({
    queryKey: [...orgKey(orgId), 'invites'],
    queryFn: () =>
      dataOf(api.GET('/organizations/{orgId}/invites', { params: { path: { orgId }, query: { limit: 100 } } })),
  });

/** The single sign-on connection; `null` while none is configured (the API answers 404). */
export const ssoQuery = (orgId: string) =>
  queryOptions({
    queryKey: [...orgKey(orgId), 'sso'],
    queryFn: async () => {
      try {
        return await dataOf(api.GET('/organizations/{orgId}/sso', { params: { path: { orgId } } }));
      } catch (error) {
        if (error instanceof ApiProblem && error.status === 404) return null;
        throw error;
      }
    },
  });
