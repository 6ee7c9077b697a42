import type { FeedbackPage, FeedbackPageUpdate, PageAnalyticsQuery } from '@hearback/client';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '../api/client.js';
import { orgKey } from '../api/organization.js';

/** How many pages and responses one request reads. */
const LIST_LIMIT = 100;

/** Every query of the organization's pages starts with this; one page's with {@link pageKey}. */
export const pagesKey = (orgId: string) => [...orgKey(orgId), 'feedback-pages'] as const;
export const pageKey = (orgId: string, pageId: string) => [...pagesKey(orgId), pageId] as const;

/** The organization's pages (a first page of 100: organizations have few). */
export const pagesQuery = (orgId: string) =>
  queryOptions({
    queryKey: [...pagesKey(orgId), 'list'],
    queryFn: () =>
      dataOf(
        api.GET('/organizations/{orgId}/feedback-pages', { params: { path: { orgId }, query: { limit: LIST_LIMIT } } }),
      ),
  });

export const pageQuery = (orgId: string, pageId: string) =>
  queryOptions({
    queryKey: [...pageKey(orgId, pageId), 'page'],
    queryFn: () =>
      dataOf(api.GET('/organizations/{orgId}/feedback-pages/{pageId}', { params: { path: { orgId, pageId } } })),
  });

export const shareQuery = (orgId: string, pageId: string) =>
  queryOptions({
    queryKey: [...pageKey(orgId, pageId), 'share'],
    queryFn: () =>
      dataOf(api.GET('/organizations/{orgId}/feedback-pages/{pageId}/share', { params: { path: { orgId, pageId } } })),
  });

/** A page's analytics over the organization's days `from`–`to` (the server's default range when left out). */
export const analyticsQuery = (orgId: string, pageId: string, range: PageAnalyticsQuery = {}) =>
  queryOptions({
    queryKey: [...pageKey(orgId, pageId), 'analytics', range],
    queryFn: () =>
      dataOf(
        api.GET('/organizations/{orgId}/feedback-pages/{pageId}/analytics', {
          params: { path: { orgId, pageId }, query: range },
        }),
      ),
  });

/** A page's responses, newest pages of results appended by cursor. */
export const responsesQuery = (orgId: string, pageId: string) =>
  infiniteQueryOptions({
    queryKey: [...pageKey(orgId, pageId), 'responses'],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      dataOf(
        api.GET('/organizations/{orgId}/feedback-pages/{pageId}/responses', {
          params: {
            path: { orgId, pageId },
            query: { limit: LIST_LIMIT, ...(pageParam ? { cursor: pageParam } : {}) },
          },
        }),
      ),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** The page as the server now has it goes into the caches that show it. */
function usePageStored(orgId: string) {
  const queryClient = useQueryClient();
  return (page: FeedbackPage) => {
    queryClient.setQueryData(pageQuery(orgId, page.id).queryKey, page);
    return queryClient.invalidateQueries({ queryKey: pagesKey(orgId) });
  };
}

/** Publish, close or reopen: one of the page's state transitions. */
export type PageTransition = 'publish' | 'close' | 'reopen';

export function useTransitionPage(orgId: string, pageId: string) {
  const stored = usePageStored(orgId);
  return useMutation({
    mutationFn: (transition: PageTransition) => {
      const params = { params: { path: { orgId, pageId } } };
      if (transition === 'publish')
        return dataOf(api.POST('/organizations/{orgId}/feedback-pages/{pageId}/publish', params));
      if (transition === 'close')
        return dataOf(api.POST('/organizations/{orgId}/feedback-pages/{pageId}/close', params));
      return dataOf(api.POST('/organizations/{orgId}/feedback-pages/{pageId}/reopen', params));
    },
    onSuccess: stored,
  });
}

export function useUpdatePage(orgId: string, pageId: string) {
  const stored = usePageStored(orgId);
  return useMutation({
    mutationFn: (body: FeedbackPageUpdate) =>
      dataOf(
        api.PATCH('/organizations/{orgId}/feedback-pages/{pageId}', { params: { path: { orgId, pageId } }, body }),
      ),
    onSuccess: stored,
  });
}
