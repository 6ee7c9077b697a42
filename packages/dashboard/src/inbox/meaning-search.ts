import type { FeedbackListQuery, SearchFilters } from '@hearback/client';
import { queryOptions } from '@tanstack/react-query';
import { api, dataOf } from '../api/client.js';
import { orgKey } from '../api/organization.js';

/** As many hits as the API gives at once. */
const HITS = 50;

/** The list's filters without its paging: search applies every one of them. */
function searchFiltersOf(query: FeedbackListQuery): SearchFilters {
  const { limit: _limit, cursor: _cursor, ...filters } = query;
  return filters;
}

/** The most relevant items for `text` by meaning and words (hybrid search), within the list's filters. */
export const meaningSearchQuery = (orgId: string, text: string, query: FeedbackListQuery) =>
  queryOptions({
    queryKey: [...orgKey(orgId), 'search', text, query],
    queryFn: () =>
      dataOf(
        api.POST('/organizations/{orgId}/search', {
          params: { path: { orgId } },
          body: { query: text, limit: HITS, mode: 'hybrid', filters: searchFiltersOf(query) },
        }),
      ),
  });
