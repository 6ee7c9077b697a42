import { type Selectable, sql } from 'kysely';
import type { CompiledInserts } from '../compiled-inserts.js';
import type { DialectAdapter } from '../dialect.js';
import type { OutboxTable } from '../schema.js';
import type { Executor } from './executor.js';

export interface OutboxEvent {
  /** `evt_…`: the id consumers use to deduplicate (webhook-id later). */
  id: string;
  orgId: string;
  type: string;
  data: unknown;
  createdAt: string;
}

export interface ClaimedEvent extends OutboxEvent {
  seq: number;
  /** 1 on first delivery; more when handed out again after a failure or an expired lease. */
  attempts: number;
  /** The event's place in the log (set by the job runner; consumers that keep event order use it). */
  position?: StreamPosition;
}

/**
 * Where a consumer stands in the log: after the event `seq` written by transaction `tx` (the
 * PostgreSQL transaction id as text; always '0' on SQLite, where `seq` order is commit order;
 * see OutboxLogOrder).
 */
export interface StreamPosition {
  tx: string;
  seq: number;
}

/** An event read from the log, with the position just after it. */
export interface LoggedEvent extends OutboxEvent {
  seq: number;
  position: StreamPosition;
}

/** A consumer's exclusive right to read on from `position` until it moves it (or the lease ends). */
export interface StreamLease {
  token: string;
  position: StreamPosition;
  /** How many times this position has been leased: more than 1 when a batch is handed out again. */
  attempts: number;
}

type EventRow = Pick<Selectable<OutboxTable>, 'seq' | 'id' | 'org_id' | 'type' | 'created_at'> & {
  /** Null where the reader left the payload out (see ReadOptions.payloadsOf). */
  payload: string | null;
};

function toEvent(row: EventRow): OutboxEvent & { seq: number } {
  return {
    seq: Number(row.seq),
    id: row.id,
    orgId: row.org_id,
    type: row.type,
    data: row.payload === null ? undefined : (JSON.parse(row.payload) as unknown),
    createdAt: row.created_at,
  };
}

/** What {@link outboxRepository}'s `readAfter` reads. */
export interface ReadOptions {
  /** Only this organization's events. */
  orgId?: string | undefined;
  /**
   * The event types whose payload (`data`) the reader needs; the others come with `data`
   * undefined, so a reader that only moves past them does not read and parse their payloads.
   * All types when absent.
   */
  payloadsOf?: readonly string[] | undefined;
  /** Only events at or before this position (a reader's pass fixed in advance). */
  until?: StreamPosition | undefined;
}

/** The columns an appended event writes; the others (`seq`, `tx`) the database fills in. */
export type OutboxRow = Required<Omit<OutboxTable, 'seq' | 'tx'>>;

/** The row stored for an event (also written by collect-insert.ts). */
export function toOutboxRow(event: OutboxEvent): OutboxRow {
  return {
    id: event.id,
    org_id: event.orgId,
    type: event.type,
    payload: JSON.stringify(event.data),
    created_at: event.createdAt,
  };
}

export const START_OF_LOG: StreamPosition = { tx: '0', seq: 0 };

/** The consumer of a runtime's job runner (see JobRunner), unless it is given another name. */
export const DEFAULT_CONSUMER = 'jobs';

/**
 * The outbox: an append-only log of events written in the same transaction as the change they
 * announce, read by named consumers at positions of their own (see migration 0006). Delivery is
 * at-least-once: a position moves only after its batch was handled.
 */
export function outboxRepository(db: Executor, dialect: DialectAdapter, inserts?: CompiledInserts) {
  /** Relay bookkeeping: harmless to lose, so without an fsync of its own where that is cheaper. */
  const relay = <T>(work: (db: Executor) => Promise<T>) => dialect.unsynced(db, work);
  const log = dialect.outboxLog;

  /** Events a reader may take after `position`, in log order (see ReadOptions). */
  function eventsAfter(position: StreamPosition, limit?: number, { orgId, payloadsOf, until }: ReadOptions = {}) {
    let query = db
      .selectFrom('outbox')
      .select(['seq', 'id', 'org_id', 'type', 'created_at'])
      .select((eb) =>
        payloadsOf === undefined
          ? eb.ref('payload').$castTo<string | null>().as('payload')
          : payloadsOf.length === 0
            ? sql<string | null>`null`.as('payload')
            : eb.case().when('type', 'in', payloadsOf).then(eb.ref('payload')).end().as('payload'),
      )
      .select(log.positionTx.as('position_tx'))
      .where(log.readableAfter(position));
    if (orgId !== undefined) query = query.where('org_id', '=', orgId);
    if (until !== undefined) query = query.where(log.atOrBefore(until));
    for (const column of log.order) query = query.orderBy(column);
    return limit === undefined ? query : query.limit(limit);
  }

  async function consumerRow(consumer: string) {
    return db.selectFrom('outbox_consumers').selectAll().where('consumer', '=', consumer).executeTakeFirst();
  }

  async function positionOf(consumer: string): Promise<StreamPosition> {
    const row = await consumerRow(consumer);
    return row ? { tx: row.position_tx, seq: Number(row.position_seq) } : START_OF_LOG;
  }

  return {
    async append(events: OutboxEvent[]): Promise<void> {
      if (events.length === 0) return;
      const rows = events.map(toOutboxRow);
      const build = () => db.insertInto('outbox').values(rows);
      await (inserts ? inserts.run(db, 'outbox', rows, build) : build().execute());
    },

    /** The consumer's position; the start of the log for a consumer never seen before. */
    positionOf,

    /** Up to `limit` events after `position`, in log order (see ReadOptions). */
    async readAfter(position: StreamPosition, limit: number, options?: ReadOptions): Promise<LoggedEvent[]> {
      const rows = await eventsAfter(position, limit, options).execute();
      return rows.map((row) => {
        const event = toEvent(row);
        return { ...event, position: { tx: row.position_tx, seq: event.seq } };
      });
    },

    /**
     * Whether events after `position` are committed but not readable yet (on PostgreSQL, behind a
     * transaction still running that may yet write before them); never on SQLite. A reader that
     * has read everything readable asks this to know whether to look again soon.
     */
    async heldBackAfter(position: StreamPosition): Promise<boolean> {
      const row = await db.selectFrom('outbox').select('seq').where(log.after(position)).limit(1).executeTakeFirst();
      return row !== undefined;
    },

    /**
     * The position just after the newest event a reader may take now (the start of an empty log):
     * where a reader that wants only what comes next begins. On PostgreSQL the events of
     * transactions from the oldest one still running on are not readable yet: they come after it.
     */
    async latestPosition(): Promise<StreamPosition> {
      let query = db
        .selectFrom('outbox')
        .select('seq')
        .select(log.positionTx.as('position_tx'))
        .where(log.readableAfter(START_OF_LOG));
      for (const column of log.order) query = query.orderBy(column, 'desc');
      const row = await query.limit(1).executeTakeFirst();
      return row ? { tx: row.position_tx, seq: Number(row.seq) } : START_OF_LOG;
    },

    /**
     * Takes the consumer's cursor until `leasedUntil`, unless another runner holds an unexpired
     * lease (then null). Several processes may try at once: one update wins.
     */
    async leaseStream(consumer: string, now: string, leasedUntil: string, token: string): Promise<StreamLease | null> {
      const take = () =>
        relay((db) =>
          db
            .updateTable('outbox_consumers')
            .set((eb) => ({ leased_until: leasedUntil, lease_token: token, attempts: eb('attempts', '+', 1) }))
            .where('consumer', '=', consumer)
            .where((eb) => eb.or([eb('leased_until', 'is', null), eb('leased_until', '<', now)]))
            .returning(['position_tx', 'position_seq', 'attempts'])
            .executeTakeFirst(),
        );
      let row = await take();
      if (!row && !(await consumerRow(consumer))) {
        await relay((db) =>
          db
            .insertInto('outbox_consumers')
            .values({
              consumer,
              position_tx: START_OF_LOG.tx,
              position_seq: START_OF_LOG.seq,
              attempts: 0,
              updated_at: now,
            })
            .onConflict((conflict) => conflict.column('consumer').doNothing())
            .execute(),
        );
        row = await take();
      }
      return row
        ? { token, position: { tx: row.position_tx, seq: Number(row.position_seq) }, attempts: row.attempts }
        : null;
    },

    /** Extends a lease still held; false when it was lost (expired and taken by another runner). */
    async renewLease(consumer: string, token: string, leasedUntil: string): Promise<boolean> {
      const result = await relay((db) =>
        db
          .updateTable('outbox_consumers')
          .set({ leased_until: leasedUntil })
          .where('consumer', '=', consumer)
          .where('lease_token', '=', token)
          .executeTakeFirst(),
      );
      return Number(result.numUpdatedRows) > 0;
    },

    /**
     * Moves the position and ends the lease (given the leased position, only ends it); false (and
     * nothing moved) when the lease was lost.
     */
    async advance(consumer: string, token: string, position: StreamPosition, now: string): Promise<boolean> {
      const result = await relay((db) =>
        db
          .updateTable('outbox_consumers')
          .set({
            position_tx: position.tx,
            position_seq: position.seq,
            attempts: 0,
            leased_until: null,
            lease_token: null,
            updated_at: now,
          })
          .where('consumer', '=', consumer)
          .where('lease_token', '=', token)
          .executeTakeFirst(),
      );
      return Number(result.numUpdatedRows) > 0;
    },

    /** Records that `consumer` failed on event `seq` after `attempts` tries; due again at `retryAt`. */
    async scheduleRetry(
      consumer: string,
      seq: number,
      attempts: number,
      error: string,
      retryAt: string,
    ): Promise<void> {
      const lastError = error.slice(0, 2000);
      await relay((db) =>
        db
          .insertInto('outbox_retries')
          .values({
            consumer,
            event_seq: seq,
            attempts,
            available_at: retryAt,
            locked_until: null,
            last_error: lastError,
          })
          .onConflict((conflict) =>
            conflict
              .columns(['consumer', 'event_seq'])
              .doUpdateSet({ attempts, available_at: retryAt, locked_until: null, last_error: lastError }),
          )
          .execute(),
      );
    },

    /**
     * Leases up to `limit` of the consumer's due retries until `lockedUntil`. On PostgreSQL,
     * `SKIP LOCKED` lets several processes claim disjoint ones.
     */
    async claimRetries(consumer: string, now: string, lockedUntil: string, limit: number): Promise<ClaimedEvent[]> {
      const claimed = await relay((db) =>
        db
          .updateTable('outbox_retries')
          .set((eb) => ({ locked_until: lockedUntil, attempts: eb('attempts', '+', 1) }))
          .where('consumer', '=', consumer)
          .where('event_seq', 'in', (eb) =>
            eb
              .selectFrom('outbox_retries')
              .select('event_seq')
              .where('consumer', '=', consumer)
              .where('available_at', '<=', now)
              .where((where) => where.or([where('locked_until', 'is', null), where('locked_until', '<', now)]))
              .orderBy('available_at')
              .orderBy('event_seq')
              .limit(limit)
              .$call((query) => dialect.forUpdateSkipLocked(query)),
          )
          .returning(['event_seq', 'attempts'])
          .execute(),
      );
      if (claimed.length === 0) return [];
      const attempts = new Map(claimed.map((row) => [Number(row.event_seq), row.attempts]));
      const rows = await db
        .selectFrom('outbox')
        .select(['seq', 'id', 'org_id', 'type', 'payload', 'created_at'])
        .select(log.positionTx.as('position_tx'))
        .where('seq', 'in', [...attempts.keys()])
        .orderBy('seq')
        .execute();
      return rows.map((row) => {
        const event = toEvent(row);
        return {
          ...event,
          attempts: attempts.get(event.seq) ?? 1,
          position: { tx: row.position_tx, seq: event.seq },
        };
      });
    },

    /**
     * Claimed retries a stopping runner did not finish: due again at once for any runner, the
     * attempt their claim counted undone.
     */
    async releaseRetries(consumer: string, seqs: number[]): Promise<void> {
      if (seqs.length === 0) return;
      await relay((db) =>
        db
          .updateTable('outbox_retries')
          .set((eb) => ({ locked_until: null, attempts: eb('attempts', '-', 1) }))
          .where('consumer', '=', consumer)
          .where('event_seq', 'in', seqs)
          .execute(),
      );
    },

    /** Retries that succeeded: the consumer is done with these events. */
    async completeRetries(consumer: string, seqs: number[]): Promise<void> {
      if (seqs.length === 0) return;
      await relay((db) =>
        db.deleteFrom('outbox_retries').where('consumer', '=', consumer).where('event_seq', 'in', seqs).execute(),
      );
    },

    /**
     * Deletes up to `limit` events written before `before`, oldest first, that every consumer
     * active since then has read and none still owes a retry; returns how many. A consumer idle for
     * longer than the retention no longer holds events back: past it, events are gone anyway.
     */
    async pruneBefore(before: string, limit: number): Promise<number> {
      const active = await db
        .selectFrom('outbox_consumers')
        .select(['position_tx', 'position_seq'])
        .where('updated_at', '>=', before)
        .execute();
      const positions = active.map((row) => ({ tx: row.position_tx, seq: Number(row.position_seq) }));
      const slowest = positions.length > 0 ? positions.reduce((a, b) => (comparePositions(a, b) <= 0 ? a : b)) : null;
      const deleted = await relay((db) =>
        db
          .deleteFrom('outbox')
          .where('seq', 'in', (eb) => {
            let query = eb
              .selectFrom('outbox')
              .select('seq')
              .where('created_at', '<', before)
              .where(({ not, exists, selectFrom }) =>
                not(
                  exists(
                    selectFrom('outbox_retries')
                      .select('outbox_retries.event_seq')
                      .whereRef('outbox_retries.event_seq', '=', 'outbox.seq'),
                  ),
                ),
              );
            if (slowest) query = query.where(log.atOrBefore(slowest));
            return query.orderBy('seq').limit(limit);
          })
          .executeTakeFirst(),
      );
      return Number(deleted.numDeletedRows);
    },

    /**
     * Whether the consumer has yet to handle an event of `type` for the organization: after its
     * position (committed or still being written), or owed as a retry.
     */
    async hasPending(consumer: string, orgId: string, type: string): Promise<boolean> {
      const position = await positionOf(consumer);
      const ahead = await db
        .selectFrom('outbox')
        .select('seq')
        .where('org_id', '=', orgId)
        .where('type', '=', type)
        .where(log.after(position))
        .limit(1)
        .executeTakeFirst();
      if (ahead) return true;
      const retry = await db
        .selectFrom('outbox_retries')
        .innerJoin('outbox', 'outbox.seq', 'outbox_retries.event_seq')
        .select('outbox.seq')
        .where('outbox_retries.consumer', '=', consumer)
        .where('outbox.org_id', '=', orgId)
        .where('outbox.type', '=', type)
        .limit(1)
        .executeTakeFirst();
      return retry !== undefined;
    },

    /** Events the consumer has yet to handle: those after its position, and its retries. */
    async pendingCount(consumer: string): Promise<number> {
      const position = await positionOf(consumer);
      const ahead = await db
        .selectFrom(eventsAfter(position).clearOrderBy().as('ahead'))
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      const retries = await db
        .selectFrom('outbox_retries')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('consumer', '=', consumer)
        .executeTakeFirstOrThrow();
      return Number(ahead.count) + Number(retries.count);
    },
  };
}

/** Log order of two positions: transaction id first (as a 64-bit number), then seq. */
export function comparePositions(a: StreamPosition, b: StreamPosition): number {
  const ta = BigInt(a.tx);
  const tb = BigInt(b.tx);
  if (ta !== tb) return ta < tb ? -1 : 1;
  return a.seq - b.seq;
}
