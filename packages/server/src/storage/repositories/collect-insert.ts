import type { RunPrepared } from '../postgres/run-prepared.js';
import { type KeyedFeedback, type NewFeedback, toFeedbackRow } from './feedback.js';
import { type OutboxEvent, type OutboxRow, toOutboxRow } from './outbox.js';

/** A new feedback item and the outbox event that announces it. */
export interface FeedbackWithEvent {
  feedback: NewFeedback;
  event: OutboxEvent;
}

/**
 * What became of an item of an organization on one of the given plans: stored now (`stored` null)
 * or not, because a row is already stored under its idempotency key (`stored` is that row).
 */
export interface CollectInsertOutcome {
  stored: KeyedFeedback | null;
}

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
];

const STATEMENT_NAME = 'hearback_collect_insert';

// One array parameter per column, so the text never changes with the batch size and the statement
// is parsed and planned once per connection. `organization` keeps the items of organizations on
// the given plans, read in the statement's own snapshot (as the transactional path reads them).
// `stored` probes the idempotency index once per keyed item; data-modifying CTEs run whether or
// not the final select reads them, all in the one implicit transaction of the statement.
const STATEMENT_TEXT = `with input as (
  select * from unnest(${PARAMETERS.map(({ type }, index) => `$${index + 1}::${type}[]`).join(', ')})
    with ordinality as item(${PARAMETERS.map(({ name }) => name).join(', ')}, ord)
), open_items as materialized (
  select item.* from input item join organizations o on o.id = item.org_id
  where o.plan = any($${PARAMETERS.length + 1}::text[])
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
)
select item.id, stored.stored_id, stored.stored_fingerprint
from open_items item left join stored on stored.item_id = item.id`;

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
      const columns: unknown[][] = PARAMETERS.map(() => new Array(entries.length));
      entries.forEach(({ feedback, event }, index) => {
        const row = toFeedbackRow(feedback);
        const eventRow = toOutboxRow(event);
        const values = [
          ...FEEDBACK_COLUMNS.map((column) => row[column]),
          ...EVENT_COLUMNS.map((column) => eventRow[column]),
        ];
        values.forEach((value, column) => {
          (columns[column] as unknown[])[index] = value;
        });
      });
      const rows = await runPrepared(STATEMENT_NAME, STATEMENT_TEXT, [...columns, [...plans]]);
      const outcomes = new Map(
        rows.map((row): [string, CollectInsertOutcome] => [
          String(row.id),
          {
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
      return entries.map(({ feedback }) => outcomes.get(feedback.id));
    },
  };
}

export type CollectInsertRepository = ReturnType<typeof collectInsertRepository>;
