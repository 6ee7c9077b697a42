import type { Principal } from '../domain/api-key.js';
import { instantBounds } from '../domain/date-bound.js';
import type { FeedbackFilters, FeedbackType } from '../domain/feedback.js';
import { roundTo } from '../domain/satisfaction-scores.js';
import { notFound } from '../errors/api-error.js';
import { localDayOf } from '../lib/zoned-time.js';
import { rollupsCover } from '../storage/repositories/feedback-rollup-reads.js';
import type { TrendGroupBy, TrendRow } from '../storage/repositories/feedback-trends.js';
import type { Store } from '../storage/store.js';
import { visibleTo } from './access.js';
import { csatOf, npsOf } from './feedback-stats.js';
import { type TrendBucket, type TrendInterval, trendBuckets } from './trend-buckets.js';

export interface TrendPoint extends TrendBucket {
  count: number;
  /** Mean raw score, when the series' scored items are all of one type (`scoreType`); else null. */
  averageScore: number | null;
  nps: number | null;
  npsResponses: number;
  csatPercent: number | null;
  csatResponses: number;
}

export interface TrendSeries {
  /** The group's value (type, inbox id, source, brand id); null for the ungrouped series and for items without one. */
  group: string | null;
  /** The inbox's or brand's name. */
  label: string | null;
  total: number;
  /** The one type the series' scores have, which `averageScore` averages; null when mixed or unscored. */
  scoreType: FeedbackType | null;
  buckets: TrendPoint[];
}

export interface FeedbackTrends {
  interval: TrendInterval;
  timezone: string;
  groupBy: TrendGroupBy | null;
  /** What was counted: the whole buckets, as ISO-8601 UTC (`to` exclusive). */
  range: { from: string; to: string };
  series: TrendSeries[];
}

/** Where a trend is read from: the daily counts when they cover its filters, or the items always. */
export type TrendRead = 'counts-when-covered' | 'scan';

export interface TrendQuery {
  interval: TrendInterval;
  /** As given: a date is that day in the organization's time zone (`instantOfBound`), `to` included. */
  from?: string | undefined;
  to?: string | undefined;
  groupBy?: TrendGroupBy | undefined;
  /** The list filters; their `from` and `to` are replaced by the buckets. */
  filters: Omit<FeedbackFilters, 'from' | 'to'>;
}

/** One bucket's rows of a series, summed as they are read (a series has one row per bucket and type). */
interface BucketSums {
  count: number;
  scored: number;
  scoreSum: number;
  nps: TrendRow | undefined;
  csat: TrendRow | undefined;
}

// A series grouped by source has up to 51 groups × 400 buckets, most of them empty: one pass over
// the rows and no per-bucket arrays keeps a trend's answer (and the suite comparing thousands of
// them) from spending its time on allocation.
const EMPTY_NPS = npsOf(undefined);
const EMPTY_CSAT = csatOf(undefined);

function seriesOf(group: string | null, rows: TrendRow[], buckets: TrendBucket[]): Omit<TrendSeries, 'label'> {
  const scoredTypes = new Set<FeedbackType>();
  const sums: (BucketSums | undefined)[] = new Array(buckets.length);
  for (const row of rows) {
    if (row.scored > 0) scoredTypes.add(row.type);
    if (row.bucket < 0 || row.bucket >= buckets.length) continue;
    let bucketSums = sums[row.bucket];
    if (!bucketSums) {
      bucketSums = { count: 0, scored: 0, scoreSum: 0, nps: undefined, csat: undefined };
      sums[row.bucket] = bucketSums;
    }
    bucketSums.count += row.count;
    bucketSums.scored += row.scored;
    bucketSums.scoreSum += row.scoreSum;
    if (row.type === 'nps') bucketSums.nps ??= row;
    else if (row.type === 'csat') bucketSums.csat ??= row;
  }
  const scoreType = scoredTypes.size === 1 ? ([...scoredTypes][0] ?? null) : null;
  let total = 0;
  const points = buckets.map((bucket, index): TrendPoint => {
    const bucketSums = sums[index];
    const nps = bucketSums?.nps ? npsOf(bucketSums.nps) : EMPTY_NPS;
    const csat = bucketSums?.csat ? csatOf(bucketSums.csat) : EMPTY_CSAT;
    const count = bucketSums?.count ?? 0;
    total += count;
    return {
      date: bucket.date,
      start: bucket.start,
      end: bucket.end,
      count,
      averageScore:
        scoreType && bucketSums && bucketSums.scored > 0 ? roundTo(bucketSums.scoreSum / bucketSums.scored, 2) : null,
      nps: nps.score,
      npsResponses: nps.responses,
      csatPercent: csat.score,
      csatResponses: csat.responses,
    };
  });
  return { group, total, scoreType, buckets: points };
}

/**
 * Feedback counts, average score, NPS and CSAT per day, week or month in the organization's time
 * zone, every bucket of the range present (zeros included), one series per group with `groupBy`.
 * Read from the daily counts when they cover the filters (`rollupsCover`), else by scanning the
 * items; `read: 'scan'` always scans (the tests hold both answers equal).
 *
 * @example
 * const trends = await feedbackTrends(store, principal, { interval: 'week', groupBy: 'inbox', filters: {} });
 */
export async function feedbackTrends(
  store: Store,
  principal: Principal,
  query: TrendQuery,
  read: TrendRead = 'counts-when-covered',
): Promise<FeedbackTrends> {
  const organization = await store.organizations.find(principal.orgId);
  if (!organization) throw notFound('Organization', principal.orgId);
  const timezone = organization.timezone;
  // The zone is at hand already: the bounds are read as `readDateBounds` reads every other range's.
  const range = instantBounds({ from: query.from, to: query.to }, timezone);
  const buckets = trendBuckets({
    interval: query.interval,
    timeZone: timezone,
    from: range.from === undefined ? undefined : Date.parse(range.from),
    to: range.to === undefined ? undefined : Date.parse(range.to),
    now: Date.now(),
  });
  const boundaries = [...buckets.map((bucket) => bucket.start), buckets.at(-1)?.end ?? ''];
  const scope = visibleTo(principal);
  const rows =
    read === 'scan' || !rollupsCover(query.filters)
      ? await store.feedbackTrends.aggregate(scope, query.filters, boundaries, query.groupBy)
      : await store.feedbackRollupReads.aggregate(
          scope,
          query.filters,
          // Buckets are whole days of the zone the counts are kept in: the first days, then the day after.
          [...buckets.map((bucket) => bucket.date), localDayOf(Date.parse(boundaries.at(-1) ?? ''), timezone)],
          query.groupBy,
        );

  const groups = new Map<string | null, TrendRow[]>(query.groupBy ? [] : [[null, []]]);
  for (const row of rows) {
    const group = groups.get(row.group) ?? [];
    group.push(row);
    groups.set(row.group, group);
  }
  const labelled = query.groupBy === 'inbox' || query.groupBy === 'brand' ? query.groupBy : undefined;
  const ids = [...groups.keys()].filter((group): group is string => group !== null);
  const names = labelled ? await store.feedbackTrends.namesOf(principal.orgId, labelled, ids) : new Map();
  const series = [...groups]
    .map(([group, groupRows]) => ({
      ...seriesOf(group, groupRows, buckets),
      label: (group && names.get(group)) ?? null,
    }))
    // Largest first; items without a group (no source, no brand) after the named groups of their size.
    .sort((a, b) => b.total - a.total || (a.group ?? '\uffff').localeCompare(b.group ?? '\uffff'));
  return {
    interval: query.interval,
    timezone,
    groupBy: query.groupBy ?? null,
    range: { from: boundaries[0] ?? '', to: boundaries.at(-1) ?? '' },
    series: series.map(({ group, label, total, scoreType, buckets: points }) => ({
      group,
      label,
      total,
      scoreType,
      buckets: points,
    })),
  };
}
