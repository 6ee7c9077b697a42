import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { FeedbackFilters, FeedbackType } from '../../domain/feedback.js';
import type { DatabaseSchema } from '../schema.js';
import type { BrandScope } from './brands.js';
import type { Executor } from './executor.js';
import { NO_SCORE, totalsOfCounts } from './feedback-rollups.js';
import { MAX_SOURCES, toNumber } from './feedback-stats.js';
import type { TrendGroupBy, TrendRow } from './feedback-trends.js';

/** Filters the daily counts hold (each a key column, brand through the inbox); the daily totals hold the first three. */
const COUNTS_FILTERS: ReadonlySet<string> = new Set(['type', 'inboxId', 'brandId', 'scoreMin', 'scoreMax', 'source']);
const TOTALS_FILTERS: ReadonlySet<string> = new Set(['type', 'inboxId', 'brandId']);

/** The filters that narrow anything (`unassigned: false`, an empty text filter narrow nothing). */
const narrowing = (filters: FeedbackFilters) =>
  Object.entries(filters).filter(([, value]) => value !== undefined && value !== false && value !== '');

/**
 * True when the daily counts answer a trend with these filters exactly: every filter that narrows
 * is a key column (status, assignee, comment text, and any filter added later, are not).
 */
export function rollupsCover(filters: FeedbackFilters): boolean {
  return narrowing(filters).every(([name]) => COUNTS_FILTERS.has(name));
}

/** True when the daily totals (a few rows a day) answer it: no score or source in filters or groups. */
function totalsCover(filters: FeedbackFilters, groupBy: TrendGroupBy | undefined): boolean {
  return groupBy !== 'source' && narrowing(filters).every(([name]) => TOTALS_FILTERS.has(name));
}

type RollupTable = 'feedback_daily_counts' | 'feedback_daily_totals';

/** The filters every rollup table holds: organization, days, brand (scope and filter, through the inbox), type, inbox. */
function rollupMatches(scope: BrandScope, filters: FeedbackFilters, days: { from: string; to: string }) {
  return (eb: ExpressionBuilder<DatabaseSchema, RollupTable>): Expression<SqlBool>[] => {
    // Both tables have these columns; Kysely cannot type a column of either table.
    const column = (name: 'org_id' | 'day' | 'inbox_id' | 'type') => sql.ref<string>(name);
    const conditions: Expression<SqlBool>[] = [
      eb(column('org_id'), '=', scope.orgId),
      eb(column('day'), '>=', days.from),
      eb(column('day'), '<', days.to),
    ];
    // Feedback carries its inbox's brand (moved with it, see feedback.reassignBrand). Both when
    // both are set, as in the list: a brand-scoped key asking for another brand counts nothing.
    for (const brandId of [scope.brandId, filters.brandId]) {
      if (!brandId) continue;
      conditions.push(
        eb(
          column('inbox_id'),
          'in',
          eb.selectFrom('inboxes').select('id').where('org_id', '=', scope.orgId).where('brand_id', '=', brandId),
        ),
      );
    }
    if (filters.type) conditions.push(eb(column('type'), '=', filters.type));
    if (filters.inboxId) conditions.push(eb(column('inbox_id'), '=', filters.inboxId));
    return conditions;
  };
}

/** The item's source as the feedback row holds it (null: none). */
const sourceOf = sql<string | null>`case when has_source = 1 then source end`;

/** A row of either table's trend query. */
interface DayRow {
  day: string;
  type: string;
  grp: string | null;
  count: unknown;
  scored: unknown;
  score_sum: unknown;
  at_least_9: unknown;
  at_most_6: unknown;
  at_least_4: unknown;
}

/**
 * Trends from the daily counts and totals (feedback-rollups.ts): the rows the scan
 * (`feedbackTrends.aggregate`) finds, for the queries {@link rollupsCover} accepts, from the
 * totals when {@link totalsCover} allows.
 */
export function feedbackRollupReadsRepository(db: Executor) {
  /** Per day, type and group, from the counts by score and source. */
  async function fromCounts(
    scope: BrandScope,
    filters: FeedbackFilters,
    days: { from: string; to: string },
    groupBy: TrendGroupBy | undefined,
  ): Promise<DayRow[]> {
    const matching = () =>
      db.selectFrom('feedback_daily_counts').where((eb) => {
        const conditions = rollupMatches(scope, filters, days)(eb);
        // An item without a score matches no score bound, as a null score matches none.
        if (filters.scoreMin !== undefined || filters.scoreMax !== undefined) {
          conditions.push(eb('score', '>', NO_SCORE));
        }
        if (filters.scoreMin !== undefined) conditions.push(eb('score', '>=', filters.scoreMin));
        if (filters.scoreMax !== undefined) conditions.push(eb('score', '<=', filters.scoreMax));
        if (filters.source) conditions.push(eb('has_source', '=', 1), eb('source', '=', filters.source));
        return eb.and(conditions);
      });

    let frequentSources: (string | null)[] | undefined;
    if (groupBy === 'source') {
      // As the scan picks them: the most frequent first, ties by source in the database's order.
      const frequent = await matching()
        .select((eb) => [sourceOf.as('src'), eb.fn.sum<number>('count').as('total')])
        .groupBy(['has_source', 'source'])
        .orderBy('total', 'desc')
        .orderBy('src')
        .limit(MAX_SOURCES + 1)
        .execute();
      if (frequent.length > MAX_SOURCES) frequentSources = frequent.slice(0, MAX_SOURCES).map((row) => row.src);
    }

    const group =
      groupBy === 'type'
        ? sql<string | null>`type`
        : groupBy === 'inbox' || groupBy === 'brand'
          ? sql<string | null>`inbox_id`
          : groupBy === 'source'
            ? sourceOf
            : sql<string | null>`null`;
    const rows = await matching()
      .select((eb) => ['day', 'type', group.as('grp'), ...totalsOfCounts(eb)])
      .groupBy([sql`1`, 'type', sql`3`])
      .execute();
    if (frequentSources === undefined) return rows;
    const kept = new Set(frequentSources);
    return rows.filter((row) => kept.has(row.grp));
  }

  /** Per day, type and group, from the totals (no score or source filter, no source groups). */
  async function fromTotals(
    scope: BrandScope,
    filters: FeedbackFilters,
    days: { from: string; to: string },
    groupBy: TrendGroupBy | undefined,
  ): Promise<DayRow[]> {
    const group =
      groupBy === 'type'
        ? sql<string | null>`type`
        : groupBy === 'inbox' || groupBy === 'brand'
          ? sql<string | null>`inbox_id`
          : sql<string | null>`null`;
    return db
      .selectFrom('feedback_daily_totals')
      .where((eb) => eb.and(rollupMatches(scope, filters, days)(eb)))
      .select((eb) => [
        'day',
        'type',
        group.as('grp'),
        eb.fn.sum<number>('count').as('count'),
        eb.fn.sum<number>('scored').as('scored'),
        eb.fn.sum<number>('score_sum').as('score_sum'),
        eb.fn.sum<number>('at_least_9').as('at_least_9'),
        eb.fn.sum<number>('at_most_6').as('at_most_6'),
        eb.fn.sum<number>('at_least_4').as('at_least_4'),
      ])
      .groupBy([sql`1`, 'type', sql`3`])
      .execute();
  }

  return {
    /**
     * `feedbackTrends.aggregate` from the rollups, for a query {@link rollupsCover} accepts.
     * `bucketDays` are the buckets' first days and the day after the last (`YYYY-MM-DD` in the
     * organization's zone, whose whole days the buckets are).
     */
    async aggregate(
      scope: BrandScope,
      filters: FeedbackFilters,
      bucketDays: readonly string[],
      groupBy: TrendGroupBy | undefined,
    ): Promise<TrendRow[]> {
      const from = bucketDays[0];
      const to = bucketDays[bucketDays.length - 1];
      if (from === undefined || to === undefined || bucketDays.length < 2) return [];
      const read = totalsCover(filters, groupBy) ? fromTotals : fromCounts;
      const rows = await read(scope, filters, { from, to }, groupBy);
      // Brands are their inboxes': counted by inbox, merged here.
      const brandOf =
        groupBy === 'brand'
          ? new Map(
              (
                await db.selectFrom('inboxes').select(['id', 'brand_id']).where('org_id', '=', scope.orgId).execute()
              ).map((inbox) => [inbox.id, inbox.brand_id]),
            )
          : undefined;

      const merged = new Map<string, TrendRow>();
      for (const row of rows) {
        const bucket = bucketOfDay(bucketDays, row.day);
        const group = brandOf ? (brandOf.get(row.grp ?? '') ?? null) : row.grp;
        const key = `${bucket}\u0000${row.type}\u0000${group === null ? '\u0001' : group}`;
        let sum = merged.get(key);
        if (!sum) {
          sum = {
            type: row.type as FeedbackType,
            count: 0,
            scored: 0,
            scoreSum: 0,
            atLeast9: 0,
            atMost6: 0,
            atLeast4: 0,
            bucket,
            group,
          };
          merged.set(key, sum);
        }
        sum.count += toNumber(row.count);
        sum.scored += toNumber(row.scored);
        sum.scoreSum += toNumber(row.score_sum);
        sum.atLeast9 += toNumber(row.at_least_9);
        sum.atMost6 += toNumber(row.at_most_6);
        sum.atLeast4 += toNumber(row.at_least_4);
      }
      return [...merged.values()];
    },
  };
}

/** The index of the bucket a day falls in: the last whose first day is not after it. */
function bucketOfDay(bucketDays: readonly string[], day: string): number {
  let low = 0;
  let high = bucketDays.length - 2;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((bucketDays[middle] as string) <= day) low = middle;
    else high = middle - 1;
  }
  return low;
}

export type FeedbackRollupReadsRepository = ReturnType<typeof feedbackRollupReadsRepository>;
