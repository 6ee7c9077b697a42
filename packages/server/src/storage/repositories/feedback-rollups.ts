import { type Compilable, type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { decodeTime } from 'ulidx';
import { CSAT_SATISFIED_MIN, NPS_DETRACTOR_MAX, NPS_PROMOTER_MIN } from '../../domain/satisfaction-scores.js';
import { ID_TIME_MARGIN_MS } from '../../lib/ids.js';
import { addDays, formatLocalDate, localDateOf, localDayOf, startOfLocalDay } from '../../lib/zoned-time.js';
import type { CompiledInserts } from '../compiled-inserts.js';
import type { DialectAdapter } from '../dialect.js';
import type { DatabaseSchema, FeedbackDailyCountsTable, FeedbackDailyTotalsTable } from '../schema.js';
import type { Executor } from './executor.js';
import { feedbackMatches } from './feedback-filters.js';

/** The score column's value for items without a score: key columns are never null, and no score is negative. */
export const NO_SCORE = -1;

/** The key of a daily count, in the order upserts lock rows. */
export const COUNTS_KEY = ['org_id', 'day', 'inbox_id', 'type', 'score', 'has_source', 'source'] as const;
/** The key of a daily total (a daily count without score and source). */
export const TOTALS_KEY = ['org_id', 'day', 'inbox_id', 'type'] as const;

/** What daily counts are kept by: an item's columns that trends filter or group on. */
export interface RollupItem {
  orgId: string;
  inboxId: string;
  type: string;
  score: number | null;
  source: string | null;
  /** ISO-8601 UTC. */
  createdAt: string;
}

type CountRow = FeedbackDailyCountsTable;
type TotalRow = FeedbackDailyTotalsTable;

/**
 * Code-point order of two strings (UTF-8 byte order, PostgreSQL's collation "C"): UTF-16 order but
 * for surrogates, which stand for code points above every other unit and so sort after them.
 */
function compareCodePoints(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let index = 0; index < length; index++) {
    const left = a.charCodeAt(index);
    const right = b.charCodeAt(index);
    if (left === right) continue;
    const rank = (unit: number) =>
      unit >= 0xd800 && unit <= 0xdfff ? unit + 0x2000 : unit >= 0xe000 ? unit - 0x800 : unit;
    return rank(left) - rank(right);
  }
  return a.length - b.length;
}

/**
 * Upserts lock rows in one order everywhere, code points (collation "C" in the one-statement
 * insert on PostgreSQL): two batches never wait for each other in a cycle.
 */
function byKey<R>(key: readonly (keyof R)[]) {
  return (a: R, b: R): number => {
    for (const column of key) {
      const left = a[column];
      const right = b[column];
      if (left === right) continue;
      if (typeof left === 'number' && typeof right === 'number') return left - right;
      return compareCodePoints(String(left), String(right));
    }
    return 0;
  };
}

/** Counts items by key, each on its day in its organization's zone. */
export function countByKey(items: Iterable<RollupItem>, timeZoneOf: (orgId: string) => string): CountRow[] {
  const rows = new Map<string, CountRow>();
  for (const item of items) {
    const day = localDayOf(Date.parse(item.createdAt), timeZoneOf(item.orgId));
    const score = item.score ?? NO_SCORE;
    // NUL never occurs in stored text (PostgreSQL cannot hold it): a safe separator.
    const key = `${item.orgId}\u0000${day}\u0000${item.inboxId}\u0000${item.type}\u0000${score}\u0000${item.source ?? '\u0000'}`;
    const row = rows.get(key);
    if (row) row.count += 1;
    else {
      rows.set(key, {
        org_id: item.orgId,
        day,
        inbox_id: item.inboxId,
        type: item.type,
        score,
        has_source: item.source === null ? 0 : 1,
        source: item.source ?? '',
        count: 1,
      });
    }
  }
  return [...rows.values()].sort(byKey(COUNTS_KEY));
}

/** The daily totals of daily counts: the stats' figures per type (see scoreAggregates), from counts by score. */
export function totalsOf(counts: Iterable<CountRow>): TotalRow[] {
  const rows = new Map<string, TotalRow>();
  for (const row of counts) {
    const key = `${row.org_id}\u0000${row.day}\u0000${row.inbox_id}\u0000${row.type}`;
    let total = rows.get(key);
    if (!total) {
      total = {
        org_id: row.org_id,
        day: row.day,
        inbox_id: row.inbox_id,
        type: row.type,
        count: 0,
        scored: 0,
        score_sum: 0,
        at_least_9: 0,
        at_most_6: 0,
        at_least_4: 0,
      };
      rows.set(key, total);
    }
    total.count += row.count;
    if (row.score === NO_SCORE) continue;
    total.scored += row.count;
    total.score_sum += row.score * row.count;
    if (row.score >= NPS_PROMOTER_MIN) total.at_least_9 += row.count;
    if (row.score <= NPS_DETRACTOR_MAX) total.at_most_6 += row.count;
    if (row.score >= CSAT_SATISFIED_MIN) total.at_least_4 += row.count;
  }
  return [...rows.values()].sort(byKey(TOTALS_KEY));
}

/**
 * The figures of a daily total summed over daily counts, as select expressions named like the
 * totals' columns (a score is a key there: sums multiply by `count`); {@link totalsOf} in SQL.
 */
export function totalsOfCounts(eb: ExpressionBuilder<DatabaseSchema, 'feedback_daily_counts'>) {
  const scored = eb('score', '>', eb.lit(NO_SCORE));
  const countWhere = (condition: Expression<SqlBool>) =>
    eb.fn.sum<number>(eb.case().when(condition).then(eb.ref('count')).else(eb.lit(0)).end());
  return [
    eb.fn.sum<number>('count').as('count'),
    countWhere(scored).as('scored'),
    eb.fn.sum<number>(eb.case().when(scored).then(sql<number>`score * count`).else(eb.lit(0)).end()).as('score_sum'),
    countWhere(eb('score', '>=', eb.lit(NPS_PROMOTER_MIN))).as('at_least_9'),
    countWhere(eb.and([scored, eb('score', '<=', eb.lit(NPS_DETRACTOR_MAX))])).as('at_most_6'),
    countWhere(eb('score', '>=', eb.lit(CSAT_SATISFIED_MIN))).as('at_least_4'),
  ] as const;
}

/** Rows an upsert statement takes at most (10 parameters each, under SQLite's and PostgreSQL's limits). */
const UPSERT_CHUNK = 1_000;

/**
 * The daily feedback counts of each organization, by days of its time zone: `feedback_daily_counts`
 * (by inbox, type, score and source) and `feedback_daily_totals` (by inbox and type), written in
 * the transaction of every write that adds feedback; rows go with their inbox and organization
 * (foreign keys). Trends read them (feedback-rollup-reads.ts; ARCHITECTURE.md, "Trends").
 */
export function feedbackRollupsRepository(
  db: Executor,
  locks?: DialectAdapter['dailyCountLocks'],
  inserts?: CompiledInserts,
) {
  // Compiled once per row count where the store keeps compiled statements (as the feedback insert):
  // building each batch's upsert in Kysely cost more than SQLite took to run it.
  const run = (
    table: string,
    rows: readonly object[],
    build: () => Compilable<unknown> & { execute(): Promise<unknown> },
  ) => (inserts ? inserts.run(db, `${table} upsert`, rows, build) : build().execute());

  async function upsert(counts: readonly CountRow[]): Promise<void> {
    for (let first = 0; first < counts.length; first += UPSERT_CHUNK) {
      const rows = counts.slice(first, first + UPSERT_CHUNK);
      await run('feedback_daily_counts', rows, () =>
        db
          .insertInto('feedback_daily_counts')
          .values(rows)
          .onConflict((conflict) =>
            conflict
              .columns([...COUNTS_KEY])
              .doUpdateSet((eb) => ({ count: eb('feedback_daily_counts.count', '+', eb.ref('excluded.count')) })),
          ),
      );
    }
    const totals = totalsOf(counts);
    for (let first = 0; first < totals.length; first += UPSERT_CHUNK) {
      const rows = totals.slice(first, first + UPSERT_CHUNK);
      await run('feedback_daily_totals', rows, () =>
        db
          .insertInto('feedback_daily_totals')
          .values(rows)
          .onConflict((conflict) =>
            conflict.columns([...TOTALS_KEY]).doUpdateSet((eb) => ({
              count: eb('feedback_daily_totals.count', '+', eb.ref('excluded.count')),
              scored: eb('feedback_daily_totals.scored', '+', eb.ref('excluded.scored')),
              score_sum: eb('feedback_daily_totals.score_sum', '+', eb.ref('excluded.score_sum')),
              at_least_9: eb('feedback_daily_totals.at_least_9', '+', eb.ref('excluded.at_least_9')),
              at_most_6: eb('feedback_daily_totals.at_most_6', '+', eb.ref('excluded.at_most_6')),
              at_least_4: eb('feedback_daily_totals.at_least_4', '+', eb.ref('excluded.at_least_4')),
            })),
          ),
      );
    }
  }

  /**
   * Takes deleted items off their counts: each key's count (and its day's totals) goes down by what
   * {@link countByKey} and {@link totalsOf} made of the items, so a deletion is the exact reverse of
   * their addition; a row counting nothing is removed, as a recount would not write it. Rows are
   * touched in the upserts' key order, so a deletion and a batch never wait for each other in a cycle.
   */
  async function decrement(counts: readonly CountRow[]): Promise<void> {
    for (const row of counts) {
      const key = (eb: ExpressionBuilder<DatabaseSchema, 'feedback_daily_counts'>) =>
        eb.and(COUNTS_KEY.map((column) => eb(column, '=', row[column])));
      await db
        .updateTable('feedback_daily_counts')
        .set((eb) => ({ count: eb('count', '-', row.count) }))
        .where(key)
        .execute();
      await db.deleteFrom('feedback_daily_counts').where(key).where('count', '<=', 0).execute();
    }
    for (const row of totalsOf(counts)) {
      const key = (eb: ExpressionBuilder<DatabaseSchema, 'feedback_daily_totals'>) =>
        eb.and(TOTALS_KEY.map((column) => eb(column, '=', row[column])));
      await db
        .updateTable('feedback_daily_totals')
        .set((eb) => ({
          count: eb('count', '-', row.count),
          scored: eb('scored', '-', row.scored),
          score_sum: eb('score_sum', '-', row.score_sum),
          at_least_9: eb('at_least_9', '-', row.at_least_9),
          at_most_6: eb('at_most_6', '-', row.at_most_6),
          at_least_4: eb('at_least_4', '-', row.at_least_4),
        }))
        .where(key)
        .execute();
      await db.deleteFrom('feedback_daily_totals').where(key).where('count', '<=', 0).execute();
    }
  }

  /**
   * Counts an organization's feedback again from its rows, by days of `timeZone`: one
   * `insert … select … group by` per local day in the database (reading 1,000,000 items into
   * JavaScript took 9–20 s), each day's rows found by `created_at` and, through the (org_id, id)
   * index, by the id range of the day (an id's time is its creation time, see idRangeOfWindow);
   * then the totals from the counts.
   */
  async function rebuild(orgId: string, timeZone: string): Promise<void> {
    await db.deleteFrom('feedback_daily_counts').where('org_id', '=', orgId).execute();
    await db.deleteFrom('feedback_daily_totals').where('org_id', '=', orgId).execute();
    const span = await db
      .selectFrom('feedback')
      .select((eb) => [eb.fn.min('id').as('first'), eb.fn.max('id').as('last')])
      .where('org_id', '=', orgId)
      .executeTakeFirst();
    if (!span?.first || !span.last) return;
    const timeOf = (id: string) => decodeTime(id.slice(id.indexOf('_') + 1).toUpperCase());
    let date = localDateOf(timeOf(span.first) - ID_TIME_MARGIN_MS, timeZone);
    const lastDay = localDayOf(timeOf(span.last) + ID_TIME_MARGIN_MS, timeZone);
    for (;;) {
      const day = formatLocalDate(date);
      if (day > lastDay) break;
      const next = addDays(date, 1);
      const from = new Date(startOfLocalDay(date, timeZone)).toISOString();
      const to = new Date(startOfLocalDay(next, timeZone)).toISOString();
      await db
        .insertInto('feedback_daily_counts')
        .columns([...COUNTS_KEY, 'count'])
        .expression(
          db
            .selectFrom('feedback')
            .where(feedbackMatches({ orgId, brandId: null }, { from, to }))
            .select((eb) => [
              'org_id',
              sql<string>`cast(${day} as text)`.as('day'),
              'inbox_id',
              'type',
              eb.fn.coalesce('score', eb.val(NO_SCORE)).as('score'),
              eb.case().when('source', 'is', null).then(eb.lit(0)).else(eb.lit(1)).end().as('has_source'),
              eb.fn.coalesce('source', eb.val('')).as('source'),
              eb.fn.countAll<number>().as('count'),
            ])
            .groupBy(['org_id', 'inbox_id', 'type', 'score', 'source']),
        )
        .execute();
      date = next;
    }
    await db
      .insertInto('feedback_daily_totals')
      .columns([...TOTALS_KEY, 'count', 'scored', 'score_sum', 'at_least_9', 'at_most_6', 'at_least_4'])
      .expression(
        db
          .selectFrom('feedback_daily_counts')
          .where('org_id', '=', orgId)
          .select((eb) => ['org_id', 'day', 'inbox_id', 'type', ...totalsOfCounts(eb)])
          .groupBy(['org_id', 'day', 'inbox_id', 'type']),
      )
      .execute();
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
      await rebuild(orgId, timeZone);
    },

    /**
     * Uncounts deleted items, each on its day in `timeZoneOf(orgId)`; in the deletion's transaction,
     * after `dailyCountLocks.forCounting` and before reading the zone, as {@link add}'s callers do.
     */
    async subtract(items: readonly RollupItem[], timeZoneOf: (orgId: string) => string): Promise<void> {
      if (items.length > 0) await decrement(countByKey(items, timeZoneOf));
    },

    /** Counts an organization's existing feedback (the migration's backfill; see {@link recount}). */
    rebuild,
  };
}

export type FeedbackRollupsRepository = ReturnType<typeof feedbackRollupsRepository>;
