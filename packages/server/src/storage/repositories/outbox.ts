import type { Selectable } from 'kysely';
import type { CompiledInserts } from '../compiled-inserts.js';
import type { Dialect } from '../migrations/context.js';
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
  attempts: number;
}

function toClaimed(row: Selectable<OutboxTable>): ClaimedEvent {
  return {
    seq: row.seq,
    id: row.id,
    orgId: row.org_id,
    type: row.type,
    data: JSON.parse(row.payload) as unknown,
    createdAt: row.created_at,
    attempts: row.attempts,
  };
}

/** Runs relay bookkeeping; on SQLite without an fsync of its own (see Database.unsynced). */
export type RelayWrites = <T>(work: (db: Executor) => Promise<T>) => Promise<T>;

export function outboxRepository(db: Executor, dialect: Dialect, inserts?: CompiledInserts, relayWrites?: RelayWrites) {
  const relay: RelayWrites = relayWrites ?? ((work) => work(db));
  return {
    async append(events: OutboxEvent[]): Promise<void> {
      if (events.length === 0) return;
      const rows = events.map((event) => ({
        id: event.id,
        org_id: event.orgId,
        type: event.type,
        payload: JSON.stringify(event.data),
        created_at: event.createdAt,
        available_at: event.createdAt,
        attempts: 0,
      }));
      const build = () => db.insertInto('outbox').values(rows);
      await (inserts ? inserts.run(db, 'outbox', rows, build) : build().execute());
    },
    /**
     * Leases up to `limit` due events until `lockedUntil`. On PostgreSQL, `SKIP LOCKED` lets
     * several processes claim disjoint batches; SQLite has one writer, so the lease suffices.
     */
    async claim(now: string, lockedUntil: string, limit: number): Promise<ClaimedEvent[]> {
      const rows = await relay((db) =>
        db
          .updateTable('outbox')
          .set((eb) => ({ locked_until: lockedUntil, attempts: eb('attempts', '+', 1) }))
          .where('seq', 'in', (eb) =>
            eb
              .selectFrom('outbox')
              .select('seq')
              .where('processed_at', 'is', null)
              .where('available_at', '<=', now)
              .where((where) => where.or([where('locked_until', 'is', null), where('locked_until', '<', now)]))
              .orderBy('seq')
              .limit(limit)
              .$if(dialect === 'postgres', (query) => query.forUpdate().skipLocked()),
          )
          .returningAll()
          .execute(),
      );
      return rows.map(toClaimed).sort((a, b) => a.seq - b.seq);
    },
    async markProcessed(seqs: number[], processedAt: string): Promise<void> {
      if (seqs.length === 0) return;
      await relay((db) =>
        db
          .updateTable('outbox')
          .set({ processed_at: processedAt, locked_until: null, last_error: null })
          .where('seq', 'in', seqs)
          .execute(),
      );
    },
    async markFailed(seq: number, error: string, retryAt: string): Promise<void> {
      await relay((db) =>
        db
          .updateTable('outbox')
          .set({ last_error: error.slice(0, 2000), available_at: retryAt, locked_until: null })
          .where('seq', '=', seq)
          .execute(),
      );
    },
    /**
     * Deletes up to `limit` events processed before `before`, oldest first; returns how many.
     * Events still pending (failing and retried) are kept whatever their age.
     */
    async pruneProcessed(before: string, limit: number): Promise<number> {
      const deleted = await relay((db) =>
        db
          .deleteFrom('outbox')
          .where('seq', 'in', (eb) =>
            eb
              .selectFrom('outbox')
              .select('seq')
              .where('processed_at', 'is not', null)
              .where('processed_at', '<', before)
              .orderBy('seq')
              .limit(limit),
          )
          .executeTakeFirst(),
      );
      return Number(deleted.numDeletedRows);
    },
    async pendingCount(): Promise<number> {
      const row = await db
        .selectFrom('outbox')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('processed_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
  };
}
