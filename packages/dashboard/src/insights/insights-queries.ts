import type {
  FeedbackStatsQuery,
  FeedbackThemesQuery,
  FeedbackTrendsQuery,
  ThemeFeedbackQuery,
} from '@hearback/client';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api, dataOf } from '../api/client.js';
import { orgKey } from '../api/organization.js';

const insightsKey = (orgId: string) => [...orgKey(orgId), 'feedback', 'insights'] as const;

/** Counts, averages, NPS and CSAT per bucket, one series per group. */
export const trendsQuery = (orgId: string, query: FeedbackTrendsQuery) =>
  queryOptions({
    queryKey: [...insightsKey(orgId), 'trends', query],
    queryFn: () => dataOf(api.GET('/organizations/{orgId}/feedback/trends', { params: { path: { orgId }, query } })),
  });

/** The recurring topics of a period (503 `search_unavailable` when the server has no semantic search). */
export const themesQuery = (orgId: string, query: FeedbackThemesQuery) =>
  queryOptions({
    queryKey: [...insightsKey(orgId), 'themes', query],
    queryFn: () => dataOf(api.GET('/organizations/{orgId}/feedback/themes', { params: { path: { orgId }, query } })),
    // Clustering reads thousands of vectors: the same period is not asked again on every focus.
    staleTime: 60_000,
    retry: false,
  });

/** The figures of a filter; the export counts its rows against `total`. */
export const statsQuery = (orgId: string, query: FeedbackStatsQuery) =>
  queryOptions({
    queryKey: [...insightsKey(orgId), 'stats', query],
    queryFn: () => dataOf(api.GET('/organizations/{orgId}/feedback/stats', { params: { path: { orgId }, query } })),
  });

/** Items of a theme's page: the most a reader scrolls through before asking for more. */
const THEME_PAGE_SIZE = 50;

/**
 * The items of one theme of a period, newest first, a page at a time; each page carries the theme.
 * 404 `theme_not_found` when the period's feedback no longer makes that theme.
 */
export const themeFeedbackQuery = (orgId: string, themeId: string, query: Omit<ThemeFeedbackQuery, 'cursor'>) =>
  infiniteQueryOptions({
    queryKey: [...insightsKey(orgId), 'theme', themeId, query],
    queryFn: ({ pageParam }) =>
      dataOf(
        api.GET('/organizations/{orgId}/feedback/themes/{themeId}/feedback', {
          params: {
            path: { orgId, themeId },
            query: { ...query, limit: THEME_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) },
          },
        }),
      ),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    // As the themes: the period is clustered again on each call; a 404 is an answer, not a hiccup.
    staleTime: 60_000,
    retry: false,
  });
