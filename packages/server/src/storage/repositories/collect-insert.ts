import type { RunPrepared } from '../postgres/run-prepared.js';
import type { FeedbackTable } from '../schema.js';
import { type KeyedFeedback, type NewFeedback, toFeedbackRow } from './feedback.js';
import type { OutboxEvent } from './outbox.js';

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

const FEEDBACK_COLUMNS = [
  'id',
  'org_id',
  'inbox_id',
  'brand_id',
  'type',
  'score',
  'comment',
  'context',
  'source',
  'status',
  'issue_link',
  'idempotency_key',
  'idempotency_fingerprint',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof FeedbackTable)[];
const EVENT_COLUMNS = ['event_id', 'event_type', 'payload', 'event_created_at'] as const;
const COLUMNS = [...FEEDBACK_COLUMNS, ...EVENT_COLUMNS];

const STATEMENT_NAME = 'hearback_collect_insert';

// One array parameter per column, so the text never changes with the batch size and the statement
// is parsed and planned once per connection. `organization` keeps the items of organizations on
// the given plans, read in the statement's own snapshot (as the transactional path reads them).
// `stored` probes the idempotency index once per keyed item; data-modifying CTEs run whether or
// not the final select reads them, all in the one implicit transaction of the statement.
const STATEMENT_TEXT = `with input as (
  select * from unnest(${COLUMNS.map((column, index) => `$${index + 1}::${column === 'score' ? 'int4' : 'text'}[]`).join(', ')})
    with ordinality as item(${COLUMNS.join(', ')}, ord)
), open_items as materialized (
  select item.* from input item join organizations o on o.id = item.org_id
  where o.plan = any($${COLUMNS.length + 1}::text[])
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
  insert into outbox (id, org_id, type, payload, created_at)
  select event_id, org_id, event_type, payload, event_created_at from fresh order by ord
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
      const columns: unknown[][] = COLUMNS.map(() => new Array(entries.length));
      entries.forEach(({ feedback, event }, index) => {
        const row = toFeedbackRow(feedback);
        const values = [
          ...FEEDBACK_COLUMNS.map((column) => row[column]),
          event.id,
          event.type,
          JSON.stringify(event.data),
          event.createdAt,
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
