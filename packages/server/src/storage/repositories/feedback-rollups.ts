import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { FeedbackFilters, FeedbackType } from '../../domain/feedback.js';
import { CSAT_SATISFIED_MIN, NPS_DETRACTOR_MAX, NPS_PROMOTER_MIN } from '../../domain/satisfaction-scores.js';
import { localDayOf } from '../../lib/zoned-time.js';
import type { DialectAdapter } from '../dialect.js';
import type { DatabaseSchema, FeedbackDailyCountsTable } from '../schema.js';
import type { BrandScope } from './brands.js';
import type { Executor } from './executor.js';
import { MAX_SOURCES, type TypeAggregate, toNumber } from './feedback-stats.js';
import type { TrendGroupBy, TrendRow } from './feedback-trends.js';

/** The score column's value for items without a score: key columns are never null, and no score is negative. */
export const NO_SCORE = -1;

/** The key columns of a daily count, in the order upserts lock them. */
export const ROLLUP_KEY = ['org_id', 'day', 'inbox_id', 'type', 'score', 'has_source', 'source'] as const;

/** What a daily count is kept by: an item's columns that trends filter or group on. */
export interface RollupItem {
  orgId: string;
  inboxId: string;
  type: string;
  score: number | null;
  source: string | null;
  /** ISO-8601 UTC. */
  createdAt: string;
}

/** The filters a trend may have and still be read from the daily counts: each is a key column. */
const COVERED_FILTERS: ReadonlySet<string> = new Set(['type', 'scoreMin', 'scoreMax', 'inboxId', 'source']);

/**
 * True when the daily counts answer a trend with these filters exactly: every filter that narrows
 * anything is a key column (status, assignee, comment text and any filter added later are not).
 */
export function rollupsCover(filters: FeedbackFilters): boolean {
  return Object.entries(filters).every(
    ([name, value]) => value === undefined || value === false || value === '' || COVERED_FILTERS.has(name),
  );
}

type Row = FeedbackDailyCountsTable;

/** Upserts lock rows in one order everywhere (code-point order), so concurrent batches never deadlock. */
function compareKeys(a: Row, b: Row): number {
  for (const column of ROLLUP_KEY) {
    const left = a[column];
    const right = b[column];
    if (left === right) continue;
    if (typeof left === 'number' && typeof right === 'number') return left - right;
    return Buffer.compare(Buffer.from(String(left)), Buffer.from(String(right)));
  }
  return 0;
}

/** Counts items by key, each on its day in its organization's zone. */
export function countByKey(items: Iterable<RollupItem>, timeZoneOf: (orgId: string) => string): Row[] {
  const rows = new Map<string, Row>();
  for (const item of items) {
    const row: Row = {
      org_id: item.orgId,
      day: localDayOf(Date.parse(item.createdAt), timeZoneOf(item.orgId)),
      inbox_id: item.inboxId,
      type: item.type,
      score: item.score ?? NO_SCORE,
      has_source: item.source === null ? 0 : 1,
      source: item.source ?? '',
      count: 1,
    };
    // NUL never occurs in stored text (PostgreSQL cannot hold it): a safe separator.
    const key = ROLLUP_KEY.map((column) => row[column]).join('\u0000');
    const counted = rows.get(key);
    if (counted) counted.count += 1;
    else rows.set(key, row);
  }
  return [...rows.values()].sort(compareKeys);
}

/** Rows an upsert statement takes at most (8 parameters each, under SQLite's and PostgreSQL's limits). */
const UPSERT_CHUNK = 1_000;
/** Feedback rows a rebuild reads at a time. */
const REBUILD_PAGE = 20_000;

/** The figures of {@link TypeAggregate} summed over daily counts (scores are a key: multiply by count). */
function dailyAggregates(eb: ExpressionBuilder<DatabaseSchema, 'feedback_daily_counts'>) {
  const countWhere = (condition: Expression<SqlBool>) =>
    eb.fn.sum<number>(eb.case().when(condition).then(eb.ref('count')).else(eb.lit(0)).end());
  const scored = eb('score', '>=', eb.lit(0));
  return [
    eb.fn.sum<number>('count').as('count'),
    countWhere(scored).as('scored'),
    eb.fn.sum<number>(eb.case().when(scored).then(sql<number>`score * count`).else(eb.lit(0)).end()).as('score_sum'),
    countWhere(eb('score', '>=', eb.lit(NPS_PROMOTER_MIN))).as('at_least_9'),
    countWhere(eb.and([scored, eb('score', '<=', eb.lit(NPS_DETRACTOR_MAX))])).as('at_most_6'),
    countWhere(eb('score', '>=', eb.lit(CSAT_SATISFIED_MIN))).as('at_least_4'),
  ] as const;
}

/** The item's source as the feedback row holds it (null: none). */
const sourceOf = sql<string | null>`case when has_source = 1 then source end`;

/** The list filters on daily counts, meaning what `feedbackMatches` means on feedback rows. */
function countsMatch(scope: BrandScope, filters: FeedbackFilters, days: { from: string; to: string }) {
  return (eb: ExpressionBuilder<DatabaseSchema, 'feedback_daily_counts'>): Expression<SqlBool> => {
    const conditions: Expression<SqlBool>[] = [
      eb('org_id', '=', scope.orgId),
      eb('day', '>=', days.from),
      eb('day', '<', days.to),
    ];
    // Feedback carries its inbox's brand (moved with it, see feedback.reassignBrand).
    if (scope.brandId) {
      conditions.push(
        eb(
          'inbox_id',
          'in',
          eb.selectFrom('inboxes').select('id').where('org_id', '=', scope.orgId).where('brand_id', '=', scope.brandId),
        ),
      );
    }
    if (filters.type) conditions.push(eb('type', '=', filters.type));
    // An item without a score matches no score bound, as a null score does not.
    if (filters.scoreMin !== undefined || filters.scoreMax !== undefined) conditions.push(eb('score', '>=', 0));
    if (filters.scoreMin !== undefined) conditions.push(eb('score', '>=', filters.scoreMin));
    if (filters.scoreMax !== undefined) conditions.push(eb('score', '<=', filters.scoreMax));
    if (filters.inboxId) conditions.push(eb('inbox_id', '=', filters.inboxId));
    if (filters.source) conditions.push(eb('has_source', '=', 1), eb('source', '=', filters.source));
    return eb.and(conditions);
  };
}

/**
 * Feedback counted per day in each organization's time zone (`feedback_daily_counts`), kept in the
 * transaction of every write that adds or removes feedback: trends over a year read a few thousand
 * rows instead of every item (see ARCHITECTURE.md, "Trends").
 */
export function feedbackRollupsRepository(db: Executor, locks?: DialectAdapter['dailyCountLocks']) {
  async function upsert(rows: readonly Row[]): Promise<void> {
    for (let first = 0; first < rows.length; first += UPSERT_CHUNK) {
      await db
        .insertInto('feedback_daily_counts')
        .values(rows.slice(first, first + UPSERT_CHUNK))
        .onConflict((conflict) =>
          conflict
            .columns([...ROLLUP_KEY])
            .doUpdateSet((eb) => ({ count: eb('feedback_daily_counts.count', '+', eb.ref('excluded.count')) })),
        )
        .execute();
    }
  }

  return {
    /** Counts new items, each on its day in `timeZoneOf(orgId)`; in the items' transaction. */
    async add(items: readonly RollupItem[], timeZoneOf: (orgId: string) => string): Promise<void> {
      if (items.length > 0) await upsert(countByKey(items, timeZoneOf));
    },

    /**
     * Counts an organization's feedback again by days of its new `timeZone`, in the transaction that
     * changes it: writes counting in the old zone are waited for, new ones wait (see dailyCountLocks).
     */
    async recount(orgId: string, timeZone: string): Promise<void> {
      await locks?.forRebuild(db);
      await this.rebuild(orgId, timeZone);
    },

    /** Counts an organization's feedback again from its rows, by days of `timeZone` (a backfill; see {@link recount}). */
    async rebuild(orgId: string, timeZone: string): Promise<void> {
      await db.deleteFrom('feedback_daily_counts').where('org_id', '=', orgId).execute();
      const counted = new Map<string, Row>();
      let after = '';
      for (;;) {
        const page = await db
          .selectFrom('feedback')
          .select(['id', 'inbox_id', 'type', 'score', 'source', 'created_at'])
          .where('org_id', '=', orgId)
          .where('id', '>', after)
          .orderBy('id')
          .limit(REBUILD_PAGE)
          .execute();
        const items = page.map((row) => ({
          orgId,
          inboxId: row.inbox_id,
          type: row.type,
          score: row.score,
          source: row.source,
          createdAt: row.created_at,
        }));
        // Pages are summed in memory: a page's last day continues on the next page.
        for (const row of countByKey(items, () => timeZone)) {
          const key = ROLLUP_KEY.map((column) => row[column]).join('\u0000');
          const total = counted.get(key);
          if (total) total.count += row.count;
          else counted.set(key, row);
        }
        if (page.length < REBUILD_PAGE) break;
        after = page[page.length - 1]?.id ?? after;
      }
      await upsert([...counted.values()].sort(compareKeys));
    },

    /**
     * {@link feedbackTrendsRepository}'s `aggregate` from the daily counts: the same rows for a
     * query {@link rollupsCover} accepts. `bucketDays` are the buckets' first days and the day after
     * the last (`YYYY-MM-DD` in the organization's zone, whose days the buckets are made of).
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
      const matching = () => db.selectFrom('feedback_daily_counts').where(countsMatch(scope, filters, { from, to }));

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

      // Brands are their inboxes': counted by inbox, merged below.
      const group =
        groupBy === 'type'
          ? sql<string | null>`type`
          : groupBy === 'inbox' || groupBy === 'brand'
            ? sql<string | null>`inbox_id`
            : groupBy === 'source'
              ? sourceOf
              : sql<string | null>`null`;
      const rows = await matching()
        .select((eb) => ['day', 'type', group.as('grp'), ...dailyAggregates(eb)])
        .groupBy([sql`1`, 'type', sql`3`])
        .execute();
      const brandOf =
        groupBy === 'brand'
          ? new Map(
              (
                await db.selectFrom('inboxes').select(['id', 'brand_id']).where('org_id', '=', scope.orgId).execute()
              ).map((inbox) => [inbox.id, inbox.brand_id]),
            )
          : undefined;
      const kept = frequentSources === undefined ? undefined : new Set(frequentSources);

      const merged = new Map<string, TrendRow>();
      for (const row of rows) {
        const bucket = bucketOfDay(bucketDays, row.day);
        const grp = brandOf ? (brandOf.get(row.grp ?? '') ?? null) : row.grp;
        if (kept && !kept.has(grp)) continue;
        const key = `${bucket}\u0000${row.type}\u0000${grp === null ? '\u0001' : grp}`;
        const counted = merged.get(key) ?? emptyRow(bucket, row.type as FeedbackType, grp);
        counted.count += toNumber(row.count);
        counted.scored += toNumber(row.scored);
        counted.scoreSum += toNumber(row.score_sum);
        counted.atLeast9 += toNumber(row.at_least_9);
        counted.atMost6 += toNumber(row.at_most_6);
        counted.atLeast4 += toNumber(row.at_least_4);
        merged.set(key, counted);
      }
      return [...merged.values()];
    },
  };
}

function emptyRow(bucket: number, type: FeedbackType, group: string | null): TrendRow {
  const figures: Omit<TypeAggregate, 'type'> = {
    count: 0,
    scored: 0,
    scoreSum: 0,
    atLeast9: 0,
    atMost6: 0,
    atLeast4: 0,
  };
  return { type, ...figures, bucket, group };
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

export type FeedbackRollupsRepository = ReturnType<typeof feedbackRollupsRepository>;
