import { type QueryClient, useQuery } from '@tanstack/react-query';
import { accountQuery } from '../api/account.js';
import { ApiProblem } from '../api/client.js';
import { orgKey } from '../api/organization.js';

const searchOffKey = (orgId: string) => [...orgKey(orgId), 'search-off'] as const;

/**
 * Whether this server's semantic search is off (`HEARBACK_SEARCH=off`): `GET /account`'s
 * `features` say so before anything is asked, so the search by meaning is not offered and similar
 * items are never requested. A server that answers otherwise than it said (a `503
 * search_unavailable` of similar items, a search by meaning answered by words alone, `unindexed:
 * null`) is believed for the rest of the visit.
 */
export function useSearchOff(orgId: string): boolean {
  const declaredOff = useQuery(accountQuery).data?.features.semanticSearch === false;
  const answeredOff = useQuery({
    queryKey: searchOffKey(orgId),
    queryFn: () => false,
    initialData: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  }).data;
  return declaredOff || answeredOff;
}

/** Remembers that the server answered without semantic search. */
export function noteSearchOff(queryClient: QueryClient, orgId: string): void {
  queryClient.setQueryData(searchOffKey(orgId), true);
}

export const isSearchUnavailable = (error: unknown): boolean =>
  error instanceof ApiProblem && error.code === 'search_unavailable';
