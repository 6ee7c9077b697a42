import type { FeedbackListQuery, FeedbackTrendsQuery } from '@hearback/client';
import { optionalOneOf } from '../app/search-params.js';
import { type InboxSearch, listQueryOf, validateInboxSearch } from '../inbox/inbox-search.js';

/** The API's intervals (the type check keeps the list equal to the document's). */
export const TREND_INTERVALS = ['day', 'week', 'month'] as const satisfies readonly NonNullable<
  FeedbackTrendsQuery['interval']
>[];
export type TrendInterval = (typeof TREND_INTERVALS)[number];

/** The split of the charts: the API's `groupBy`, or `none` for one series. */
export const TREND_SPLITS = ['none', 'type', 'inbox', 'source', 'brand'] as const satisfies readonly (
  | 'none'
  | NonNullable<FeedbackTrendsQuery['groupBy']>
)[];
export type TrendSplit = (typeof TREND_SPLITS)[number];

/** How far back the charts, themes and export reach, counted from today in the organization's time zone. */
export const RANGE_PRESETS = ['30d', '12w', '12m'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

export const RANGE_LABELS: Record<RangePreset, string> = {
  '30d': 'Last 30 days',
  '12w': 'Last 12 weeks',
  '12m': 'Last 12 months',
};

/**
 * The Insights screen's state in its URL: the chart settings and the inbox's filters (the same
 * names as the inbox's, so a theme or a filter opens there unchanged). Defaults are left out.
 * `from` (Since) starts the period instead of the preset, `to` (Until) is its last day. No search by
 * meaning: trends, stats and the export filter by the list's filters only, so the screen offers
 * none it could not count.
 */
export interface InsightsSearch extends Omit<InboxSearch, 'item' | 'meaning'> {
  interval?: TrendInterval | undefined;
  range?: RangePreset | undefined;
  groupBy?: Exclude<TrendSplit, 'none'> | undefined;
}

export const DEFAULT_INTERVAL: TrendInterval = 'day';
export const DEFAULT_RANGE: RangePreset = '30d';

/** The keys the screen knows, read as their kinds; nothing else of the address (a route's search holds it all). */
export function validateInsightsSearch(search: object): InsightsSearch {
  const { item: _item, meaning: _meaning, ...filters } = validateInboxSearch(search);
  const raw = search as Record<string, unknown>;
  const groupBy = optionalOneOf(TREND_SPLITS)(raw.groupBy);
  return {
    ...filters,
    interval: optionalOneOf(TREND_INTERVALS)(raw.interval),
    range: optionalOneOf(RANGE_PRESETS)(raw.range),
    groupBy: groupBy === 'none' ? undefined : groupBy,
  };
}

/** The list filters of a search (what trends, themes, stats and the export all take). */
export function filtersOf(search: InsightsSearch): FeedbackListQuery {
  const { interval: _interval, range: _range, groupBy: _groupBy, ...filters } = search;
  return listQueryOf(filters);
}

/** A theme screen's state in its URL: the period and filters the theme was found with. */
export type ThemeSearch = Omit<InboxSearch, 'item' | 'meaning'>;

export function validateThemeSearch(search: Record<string, unknown>): ThemeSearch {
  const { item: _item, meaning: _meaning, ...filters } = validateInboxSearch(search);
  return filters;
}
