import { CSAT_SATISFIED_MIN, NPS_DETRACTOR_MAX, NPS_PROMOTER_MIN } from '../../domain/satisfaction-scores.js';
import { localDayOf } from '../../lib/zoned-time.js';
import type { DialectAdapter } from '../dialect.js';
import type { FeedbackDailyCountsTable, FeedbackDailyTotalsTable } from '../schema.js';
import type { Executor } from './executor.js';

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
 * Upserts lock rows in one order everywhere, code points (PostgreSQL's collation "C" in the
 * one-statement insert): two batches never wait for each other in a cycle.
 */
function byKey<R>(key: readonly (keyof R)[]) {
  return (a: R, b: R): number => {
    for (const column of key) {
      const left = a[column];
      const right = b[column];
      if (left === right) continue;
      if (typeof left === 'number' && typeof right === 'number') return left - right;
      return Buffer.compare(Buffer.from(String(left)), Buffer.from(String(right)));
    }
    return 0;
  };
}

// NUL never occurs in stored text (PostgreSQL cannot hold it): a safe separator.
const keyOf = <R>(row: R, key: readonly (keyof R)[]) => key.map((column) => row[column]).join('\u0000');

/** Sums rows with equal keys into `into` (by key), adding `count` (and, for totals, every figure). */
function sumInto<R extends { count: number }>(
  into: Map<string, R>,
  rows: Iterable<R>,
  key: readonly (keyof R)[],
  figures: readonly (keyof R)[],
) {
  for (const row of rows) {
    const id = keyOf(row, key);
    const sum = into.get(id);
    if (!sum) into.set(id, { ...row });
    else for (const figure of figures) (sum[figure] as number) += row[figure] as number;
  }
}

/** Counts items by key, each on its day in its organization's zone. */
export function countByKey(items: Iterable<RollupItem>, timeZoneOf: (orgId: string) => string): CountRow[] {
  const rows = new Map<string, CountRow>();
  function* asRows() {
    for (const item of items) {
      yield {
        org_id: item.orgId,
        day: localDayOf(Date.parse(item.createdAt), timeZoneOf(item.orgId)),
        inbox_id: item.inboxId,
        type: item.type,
        score: item.score ?? NO_SCORE,
        has_source: item.source === null ? 0 : 1,
        source: item.source ?? '',
        count: 1,
      } satisfies CountRow;
    }
  }
  sumInto(rows, asRows(), COUNTS_KEY, ['count']);
  return [...rows.values()].sort(byKey(COUNTS_KEY));
}

const TOTAL_FIGURES = ['count', 'scored', 'score_sum', 'at_least_9', 'at_most_6', 'at_least_4'] as const;

/** The daily totals of daily counts: the stats' figures per type (see scoreAggregates), from counts by score. */
export function totalsOf(counts: Iterable<CountRow>): TotalRow[] {
  const rows = new Map<string, TotalRow>();
  function* asRows() {
    for (const row of counts) {
      const scored = row.score === NO_SCORE ? 0 : row.count;
      yield {
        org_id: row.org_id,
        day: row.day,
        inbox_id: row.inbox_id,
        type: row.type,
        count: row.count,
        scored,
        score_sum: scored * row.score,
        at_least_9: row.score >= NPS_PROMOTER_MIN ? row.count : 0,
        at_most_6: row.score !== NO_SCORE && row.score <= NPS_DETRACTOR_MAX ? row.count : 0,
        at_least_4: row.score >= CSAT_SATISFIED_MIN ? row.count : 0,
      } satisfies TotalRow;
    }
  }
  sumInto(rows, asRows(), TOTALS_KEY, TOTAL_FIGURES);
  return [...rows.values()].sort(byKey(TOTALS_KEY));
}

/** Rows an upsert statement takes at most (10 parameters each, under SQLite's and PostgreSQL's limits). */
const UPSERT_CHUNK = 1_000;
/** Feedback rows a rebuild reads at a time. */
const REBUILD_PAGE = 20_000;

/**
 * The daily feedback counts of each organization, by days of its time zone: `feedback_daily_counts`
 * (by inbox, type, score and source) and `feedback_daily_totals` (by inbox and type), written in
 * the transaction of every write that adds feedback; rows go with their inbox and organization
 * (foreign keys). Trends read them (feedback-rollup-reads.ts; ARCHITECTURE.md, "Trends").
 */
export function feedbackRollupsRepository(db: Executor, locks?: DialectAdapter['dailyCountLocks']) {
  async function upsert(counts: readonly CountRow[]): Promise<void> {
    for (let first = 0; first < counts.length; first += UPSERT_CHUNK) {
      await db
        .insertInto('feedback_daily_counts')
        .values(counts.slice(first, first + UPSERT_CHUNK))
        .onConflict((conflict) =>
          conflict
            .columns([...COUNTS_KEY])
            .doUpdateSet((eb) => ({ count: eb('feedback_daily_counts.count', '+', eb.ref('excluded.count')) })),
        )
        .execute();
    }
    const totals = totalsOf(counts);
    for (let first = 0; first < totals.length; first += UPSERT_CHUNK) {
      await db
        .insertInto('feedback_daily_totals')
        .values(totals.slice(first, first + UPSERT_CHUNK))
        .onConflict((conflict) =>
          conflict.columns([...TOTALS_KEY]).doUpdateSet((eb) => ({
            count: eb('feedback_daily_totals.count', '+', eb.ref('excluded.count')),
            scored: eb('feedback_daily_totals.scored', '+', eb.ref('excluded.scored')),
            score_sum: eb('feedback_daily_totals.score_sum', '+', eb.ref('excluded.score_sum')),
            at_least_9: eb('feedback_daily_totals.at_least_9', '+', eb.ref('excluded.at_least_9')),
            at_most_6: eb('feedback_daily_totals.at_most_6', '+', eb.ref('excluded.at_most_6')),
            at_least_4: eb('feedback_daily_totals.at_least_4', '+', eb.ref('excluded.at_least_4')),
          })),
        )
        .execute();
    }
  }

  /** Counts an organization's feedback again from its rows, by days of `timeZone`. */
  async function rebuild(orgId: string, timeZone: string): Promise<void> {
    await db.deleteFrom('feedback_daily_counts').where('org_id', '=', orgId).execute();
    await db.deleteFrom('feedback_daily_totals').where('org_id', '=', orgId).execute();
    const counted = new Map<string, CountRow>();
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
      // Summed in memory: a page's last day goes on in the next page.
      sumInto(
        counted,
        countByKey(items, () => timeZone),
        COUNTS_KEY,
        ['count'],
      );
      if (page.length < REBUILD_PAGE) break;
      after = page[page.length - 1]?.id ?? after;
    }
    await upsert([...counted.values()].sort(byKey(COUNTS_KEY)));
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

    /** Counts an organization's existing feedback (the migration's backfill; see {@link recount}). */
    rebuild,
  };
}

export type FeedbackRollupsRepository = ReturnType<typeof feedbackRollupsRepository>;
