import { CSAT_SATISFIED_MIN, NPS_DETRACTOR_MAX, NPS_PROMOTER_MIN } from '../../domain/satisfaction-scores.js';
import type { RunPrepared } from '../postgres/run-prepared.js';
import { type KeyedFeedback, type NewFeedback, toFeedbackRow } from './feedback.js';
import { COUNTS_KEY, NO_SCORE, TOTALS_KEY } from './feedback-rollups.js';
import { type OutboxEvent, type OutboxRow, toOutboxRow } from './outbox.js';

/** A new feedback item, the outbox event that announces it, and the day it is counted on. */
export interface FeedbackWithEvent {
  feedback: NewFeedback;
  event: OutboxEvent;
  /** The organization's time zone as the caller believes it, and the item's day (`YYYY-MM-DD`) there. */
  counted: { timeZone: string; day: string };
}

/**
 * What became of an item of an organization on one of the given plans: stored now (`stored` null)
 * or not, because a row is already stored under its idempotency key (`stored` is that row).
 */
export type CollectInsertOutcome =
  | { stored: KeyedFeedback | null }
  /** Not stored: the organization's time zone is this one, not the one the item was counted in. */
  | { otherTimeZone: string };

/**
 * The array type each column is sent as. Keyed by every column of the row builders' types, so a
 * column added to FeedbackTable (or the outbox) does not compile until this statement writes it.
 */
const FEEDBACK_COLUMN_TYPES: Record<keyof ReturnType<typeof toFeedbackRow>, 'text' | 'int4'> = {
  id: 'text',
  org_id: 'text',
  inbox_id: 'text',
  brand_id: 'text',
  type: 'text',
  score: 'int4',
  comment: 'text',
  context: 'text',
  source: 'text',
  status: 'text',
  issue_link: 'text',
  assignee_id: 'text',
  idempotency_key: 'text',
  idempotency_fingerprint: 'text',
  created_at: 'text',
  updated_at: 'text',
};
const EVENT_COLUMN_TYPES: Record<keyof OutboxRow, 'text'> = {
  id: 'text',
  org_id: 'text',
  type: 'text',
  payload: 'text',
  created_at: 'text',
};
const FEEDBACK_COLUMNS = Object.keys(FEEDBACK_COLUMN_TYPES) as (keyof typeof FEEDBACK_COLUMN_TYPES)[];
const EVENT_COLUMNS = Object.keys(EVENT_COLUMN_TYPES) as (keyof OutboxRow)[];
// The event's columns travel beside the item's under a prefix (both have an `id`, a `type`…).
const eventColumn = (column: keyof OutboxRow) => `event_${column}`;
const PARAMETERS = [
  ...FEEDBACK_COLUMNS.map((column) => ({ name: column, type: FEEDBACK_COLUMN_TYPES[column] })),
  ...EVENT_COLUMNS.map((column) => ({ name: eventColumn(column), type: EVENT_COLUMN_TYPES[column] })),
  { name: 'counted_zone', type: 'text' },
  { name: 'counted_day', type: 'text' },
];
// The daily counts' key (COUNTS_KEY), as the statement computes it from an item (feedback-rollups.ts).
const COUNT_KEY: { value: string; text: boolean }[] = [
  { value: 'org_id', text: true },
  { value: 'counted_day', text: true },
  { value: 'inbox_id', text: true },
  { value: 'type', text: true },
  { value: `coalesce(score, ${NO_SCORE})`, text: false },
  { value: 'case when source is null then 0 else 1 end', text: false },
  { value: "coalesce(source, '')", text: true },
];
const COUNT_KEY_VALUES = COUNT_KEY.map(({ value }) => value);
// Rows are upserted (and so locked) in the order feedback-rollups.ts sorts them in, code points
// (bytes of UTF-8: collation "C"): two batches never wait for each other in a cycle.
const COUNT_KEY_ORDER = COUNT_KEY.map(({ value, text }) => (text ? `${value} collate "C"` : value));
// The daily totals (TOTALS_KEY) and their figures, as feedback-rollups.ts' totalsOf sums them.
const TOTALS_KEY_VALUES = ['org_id', 'counted_day', 'inbox_id', 'type'];
const TOTAL_FIGURES = [
  { column: 'count', value: 'count(*)' },
  { column: 'scored', value: 'count(score)' },
  { column: 'score_sum', value: 'coalesce(sum(score), 0)' },
  { column: 'at_least_9', value: `count(*) filter (where score >= ${NPS_PROMOTER_MIN})` },
  { column: 'at_most_6', value: `count(*) filter (where score <= ${NPS_DETRACTOR_MAX})` },
  { column: 'at_least_4', value: `count(*) filter (where score >= ${CSAT_SATISFIED_MIN})` },
];

const STATEMENT_NAME = 'hearback_collect_insert';
/** The outcome of every item the statement does not name: stored by it. */
const STORED_NOW: CollectInsertOutcome = Object.freeze({ stored: null });

// The batch travels as one JSON array of rows (each row its PARAMETERS in order), so the text never
// changes with the batch size and the statement is parsed and planned once per connection. One
// JSON.stringify costs the server far less than pg's escaping of 24 array literals did (see
// ingest/README.md, "The batch as one JSON document"); the text rule every input passes (no U+0000,
// no lone surrogate) keeps every value one jsonb can hold. Only the items not simply stored come
// back, so most batches read no row. `planned` keeps the items of organizations on the given plans,
// read in the statement's own snapshot (as the transactional path reads them). `stored` probes the
// idempotency index once per keyed item; data-modifying CTEs run whether or not the final select
// reads them, all in the one implicit transaction of the statement.
const STATEMENT_TEXT = `with input as (
  select ${PARAMETERS.map(({ name, type }, index) => `(fields->>${index})::${type} as ${name}`).join(', ')}, ord
  from jsonb_array_elements($1::jsonb) with ordinality as item(fields, ord)
), planned as materialized (
  select item.*, o.timezone as org_zone from input item join organizations o on o.id = item.org_id
  where o.plan = any($2::text[])
), open_items as materialized (
  select * from planned where org_zone = counted_zone
), stored as materialized (
  select item.id as item_id, f.id as stored_id, f.idempotency_fingerprint as stored_fingerprint
  from open_items item join feedback f on f.org_id = item.org_id and f.idempotency_key = item.idempotency_key
  where item.idempotency_key is not null and f.idempotency_key is not null
), fresh as materialized (
  select item.* from open_items item where not exists (select 1 from stored where stored.item_id = item.id)
), inserted as (
  insert into feedback (${FEEDBACK_COLUMNS.join(', ')})
  select ${FEEDBACK_COLUMNS.join(', ')} from fresh order by ord
), logged as (
  insert into outbox (${EVENT_COLUMNS.join(', ')})
  select ${EVENT_COLUMNS.map(eventColumn).join(', ')} from fresh order by ord
), counted as (
  insert into feedback_daily_counts (${COUNTS_KEY.join(', ')}, count)
  select ${COUNT_KEY_VALUES.join(', ')}, count(*) from fresh
  group by ${COUNT_KEY_VALUES.map((_, index) => index + 1).join(', ')}
  order by ${COUNT_KEY_ORDER.join(', ')}
  on conflict (${COUNTS_KEY.join(', ')}) do update set count = feedback_daily_counts.count + excluded.count
  returning 1
), totalled as (
  insert into feedback_daily_totals (${TOTALS_KEY.join(', ')}, ${TOTAL_FIGURES.map(({ column }) => column).join(', ')})
  select ${TOTALS_KEY_VALUES.join(', ')}, ${TOTAL_FIGURES.map(({ value }) => value).join(', ')}
  from fresh
  -- After the counts (it reads them), so rows are locked in the transactional path's order.
  where (select count(*) from counted) >= 0
  group by ${TOTALS_KEY_VALUES.map((_, index) => index + 1).join(', ')}
  order by ${TOTALS_KEY_VALUES.map((value) => `${value} collate "C"`).join(', ')}
  on conflict (${TOTALS_KEY.join(', ')}) do update set
    ${TOTAL_FIGURES.map(({ column }) => `${column} = feedback_daily_totals.${column} + excluded.${column}`).join(', ')}
)
select item.id, p.org_zone, stored.stored_id, stored.stored_fingerprint
from input item left join planned p on p.id = item.id left join stored on stored.item_id = item.id
where p.id is null or p.org_zone <> p.counted_zone or stored.item_id is not null`;

/**
 * PostgreSQL only (absent elsewhere): stores a `/collect` batch's items of organizations on the
 * given plans, with their outbox events, in a single prepared statement outside any transaction:
 * one round trip where the transactional path takes five or more (BEGIN, reads, two inserts,
 * COMMIT). It returns once the statement's implicit transaction has committed. Items of other
 * organizations (or of none) are left alone and come back `undefined`, for the caller to store
 * with the transactional path. In-batch duplicates of an idempotency key must be removed first.
 *
 * @example
 * const outcomes = await collectInsert.insertForPlans(entries, ['enterprise']);
 */
export function collectInsertRepository(runPrepared: RunPrepared) {
  return {
    async insertForPlans(
      entries: readonly FeedbackWithEvent[],
      plans: readonly string[],
    ): Promise<(CollectInsertOutcome | undefined)[]> {
      if (entries.length === 0 || plans.length === 0) return entries.map(() => undefined);
      const rows = entries.map(({ feedback, event, counted }) => {
        const row = toFeedbackRow(feedback);
        const eventRow = toOutboxRow(event);
        return [
          ...FEEDBACK_COLUMNS.map((column) => row[column]),
          ...EVENT_COLUMNS.map((column) => eventRow[column]),
          counted.timeZone,
          counted.day,
        ];
      });
      const unusual = await runPrepared(STATEMENT_NAME, STATEMENT_TEXT, [JSON.stringify(rows), [...plans]]);
      if (unusual.length === 0) return entries.map(() => STORED_NOW);
      const zoneOf = new Map(entries.map(({ feedback, counted }) => [feedback.id, counted.timeZone]));
      const outcomes = new Map(
        unusual.map((row): [string, CollectInsertOutcome | undefined] => [
          String(row.id),
          // No zone: the item's organization is not on one of the plans.
          row.org_zone == null
            ? undefined
            : row.org_zone !== zoneOf.get(String(row.id))
              ? { otherTimeZone: String(row.org_zone) }
              : {
                  stored:
                    row.stored_id == null
                      ? null
                      : {
                          id: String(row.stored_id),
                          fingerprint: row.stored_fingerprint == null ? null : String(row.stored_fingerprint),
                        },
                },
        ]),
      );
      return entries.map(({ feedback }) => (outcomes.has(feedback.id) ? outcomes.get(feedback.id) : STORED_NOW));
    },
  };
}

export type CollectInsertRepository = ReturnType<typeof collectInsertRepository>;
