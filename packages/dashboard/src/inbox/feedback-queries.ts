import type { Feedback, FeedbackList, FeedbackListQuery, FeedbackUpdate } from '@hearback/client';
import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { api, dataOf } from '../api/client.js';
import { orgKey } from '../api/organization.js';
import { matchesTriageFilters } from './triage-match.js';

export const PAGE_SIZE = 50;

/** Every query of the organization's feedback (its list, items and their details) starts with this. */
export const feedbackKey = (orgId: string) => [...orgKey(orgId), 'feedback'] as const;
const listKey = (orgId: string) => [...feedbackKey(orgId), 'list'] as const;

/** The list as pages of {@link PAGE_SIZE}, newest first, for one filter. */
export const feedbackListQuery = (orgId: string, query: FeedbackListQuery) =>
  infiniteQueryOptions({
    queryKey: [...listKey(orgId), query],
    queryFn: ({ pageParam }) =>
      dataOf(
        api.GET('/organizations/{orgId}/feedback', {
          params: { path: { orgId }, query: { ...query, limit: PAGE_SIZE, ...(pageParam && { cursor: pageParam }) } },
        }),
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const feedbackQuery = (orgId: string, id: string) =>
  queryOptions({
    queryKey: [...feedbackKey(orgId), 'item', id],
    queryFn: () => dataOf(api.GET('/organizations/{orgId}/feedback/{id}', { params: { path: { orgId, id } } })),
  });

/** The organization's tags, most used first: suggested when tagging an item and offered as a filter. */
export const tagsQuery = (orgId: string) =>
  queryOptions({
    queryKey: [...feedbackKey(orgId), 'tags'],
    queryFn: () => dataOf(api.GET('/organizations/{orgId}/tags', { params: { path: { orgId } } })),
  });

/** What else an item's pane loads (notes, activity, similar), invalidated when the item changes. */
export const feedbackDetailKey = (orgId: string, id: string, part: 'notes' | 'activity' | 'similar') =>
  [...feedbackKey(orgId), 'item', id, part] as const;

type ListData = InfiniteData<FeedbackList, string>;

/**
 * Puts a changed item into its own entry and every cached list page whose filter it still matches;
 * it leaves the others (resolved under "New", reassigned under another assignee) as it would on a
 * reload. An update, or one the stream sent.
 */
export function storeFeedback(queryClient: QueryClient, item: Feedback): void {
  queryClient.setQueryData(feedbackQuery(item.orgId, item.id).queryKey, item);
  for (const [key, data] of queryClient.getQueriesData<ListData>({ queryKey: listKey(item.orgId) })) {
    if (!data) continue;
    const query = key.at(-1) as FeedbackListQuery;
    const keep = matchesTriageFilters(query, item);
    queryClient.setQueryData<ListData>(key, {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        data: page.data.flatMap((entry) => (entry.id !== item.id ? [entry] : keep ? [item] : [])),
      })),
    });
  }
}

/**
 * Puts a new item at the top of the cached list of `query` (the stream of that filter sent it, so
 * it matches): it appears without a refetch. Already there (a resumed stream resends): no change.
 */
export function prependFeedback(queryClient: QueryClient, query: FeedbackListQuery, item: Feedback): void {
  queryClient.setQueryData<ListData>([...listKey(item.orgId), query], (data) => {
    if (!data || data.pages.some((page) => page.data.some((entry) => entry.id === item.id))) return data;
    const [first, ...rest] = data.pages;
    return { ...data, pages: [{ ...(first ?? { nextCursor: null }), data: [item, ...(first?.data ?? [])] }, ...rest] };
  });
}

/**
 * Changes an item's status, assignee, issue link or tags; the answer replaces it everywhere it is
 * shown, and the tags offered (their counts) are read again after a change of tags.
 */
export function useUpdateFeedback(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: FeedbackUpdate }) =>
      dataOf(api.PATCH('/organizations/{orgId}/feedback/{id}', { params: { path: { orgId, id } }, body: change })),
    onSuccess: (item, { change }) => {
      storeFeedback(queryClient, item);
      void queryClient.invalidateQueries({ queryKey: feedbackDetailKey(orgId, item.id, 'activity') });
      if (change.tags) void queryClient.invalidateQueries({ queryKey: tagsQuery(orgId).queryKey });
    },
  });
}

/**
 * Deletes an item for good. `onDeleted` runs first (the pane that showed it closes, so nothing asks
 * for it again), then the item leaves every cached list page and its own entries (notes, activity,
 * similar) are dropped, and the lists and what counts items (stats, trends) are read again.
 */
export function useDeleteFeedback(orgId: string, onDeleted: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      dataOf(api.DELETE('/organizations/{orgId}/feedback/{id}', { params: { path: { orgId, id } } })),
    onSuccess: (_result, id) => {
      onDeleted();
      queryClient.removeQueries({ queryKey: feedbackQuery(orgId, id).queryKey });
      for (const [key, data] of queryClient.getQueriesData<ListData>({ queryKey: listKey(orgId) })) {
        if (!data) continue;
        queryClient.setQueryData<ListData>(key, {
          ...data,
          pages: data.pages.map((page) => ({ ...page, data: page.data.filter((entry) => entry.id !== id) })),
        });
      }
      // Insights (stats, trends, themes) are under the same key: they count the item no more.
      void queryClient.invalidateQueries({ queryKey: feedbackKey(orgId) });
    },
  });
}
