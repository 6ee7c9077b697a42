import { type QueryClient, useQuery } from '@tanstack/react-query';
import { ApiProblem } from '../api/client.js';
import { orgKey } from '../api/organization.js';

const searchOffKey = (orgId: string) => [...orgKey(orgId), 'search-off'] as const;

/**
 * Whether this server's semantic search is off (`HEARBACK_SEARCH=off`), as its answers said: the
 * API has no question for it, so the dashboard learns it from a `503 search_unavailable` (similar
 * items) or a search by meaning answered by words alone (`unindexed: null`), and stops offering
 * the search by meaning and asking for similar items for the rest of the visit.
 */
export function useSearchOff(orgId: string): boolean {
  return useQuery({
    queryKey: searchOffKey(orgId),
    queryFn: () => false,
    initialData: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  }).data;
}

/** Remembers that the server answered without semantic search. */
export function noteSearchOff(queryClient: QueryClient, orgId: string): void {
  queryClient.setQueryData(searchOffKey(orgId), true);
}

export const isSearchUnavailable = (error: unknown): boolean =>
  error instanceof ApiProblem && error.code === 'search_unavailable';
