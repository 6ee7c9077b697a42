import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dialectsUnderTest, openTestRuntime } from '../../test/support/harness.js';
import { newId } from '../lib/ids.js';
import type { Runtime } from '../runtime.js';
import type { ClaimedEvent } from '../storage/repositories/outbox.js';
import { Housekeeping } from './housekeeping.js';
import { JobRunner } from './job-runner.js';

const DAY_MS = 24 * 60 * 60 * 1000;

for (const dialect of dialectsUnderTest()) {
  describe(`Housekeeping [${dialect}]`, () => {
    let runtime: Runtime;
    let orgId: string;
    let cleanup: () => Promise<void>;

    beforeEach(async () => {
      const opened = await openTestRuntime(dialect);
      runtime = opened.runtime;
      cleanup = opened.cleanup;
      orgId = (await runtime.services.organizations.bootstrap({ name: 'Prune' })).organization.id;
    });

    afterEach(() => cleanup());

    /** Appends `count` events written at `createdAt`. */
    async function eventsWrittenAt(count: number, createdAt: Date): Promise<string[]> {
      const ids = Array.from({ length: count }, () => newId('event'));
      await runtime.store.outbox.append(
        ids.map((id) => ({ id, orgId, type: 'test.ping', data: {}, createdAt: createdAt.toISOString() })),
      );
      return ids;
    }

    /** The runtime's consumer reads everything written so far. */
    async function consumeAll(): Promise<void> {
      await new JobRunner({ store: runtime.store, handlers: {} }).runUntilIdle();
    }

    async function remainingIds(): Promise<Set<string>> {
      const rows = await runtime.database.db.selectFrom('outbox').select('id').execute();
      return new Set(rows.map((row) => row.id));
    }

    async function seqOf(eventId: string): Promise<number> {
      const row = await runtime.database.db
        .selectFrom('outbox')
        .select('seq')
        .where('id', '=', eventId)
        .executeTakeFirstOrThrow();
      return Number(row.seq);
    }

    it('deletes read events older than the retention, in batches, and keeps unread, owed and recent ones', async () => {
      const now = new Date();
      const eightDaysAgo = new Date(now.getTime() - 8 * DAY_MS);
      const before = await remainingIds();
      const old = await eventsWrittenAt(25, eightDaysAgo);
      const [owed] = await eventsWrittenAt(1, eightDaysAgo);
      const recent = await eventsWrittenAt(3, new Date(now.getTime() - 6 * DAY_MS));
      await consumeAll();
      // An old event whose handler keeps failing is still owed to it, whatever its age.
      await runtime.store.outbox.scheduleRetry('jobs', await seqOf(owed as string), 3, 'boom', now.toISOString());
      // Written late with an old timestamp: not read yet, so not deleted.
      const unread = await eventsWrittenAt(2, eightDaysAgo);
      const pruner = new Housekeeping({
        store: runtime.store,
        retentionMs: 7 * DAY_MS,
        deliveryRetentionMs: 30 * DAY_MS,
        batchSize: 10,
      });

      expect((await pruner.pruneOnce(now)).events).toBe(25);

      const remaining = await remainingIds();
      for (const id of old) expect(remaining.has(id)).toBe(false);
      for (const id of [owed as string, ...recent, ...unread, ...before]) expect(remaining.has(id)).toBe(true);
      expect(remaining.size).toBe(before.size + 1 + recent.length + unread.length);
      expect((await pruner.pruneOnce(now)).events).toBe(0);
    });

    it('keeps what an active consumer has not read, and lets one idle past the retention hold nothing', async () => {
      const now = new Date();
      const old = await eventsWrittenAt(4, new Date(now.getTime() - 10 * DAY_MS));
      await consumeAll();
      const db = runtime.database.db;
      // Another consumer at the start of the log, still active: everything is owed to it.
      await db
        .insertInto('outbox_consumers')
        .values({ consumer: 'webhooks', position_tx: '0', position_seq: 0, attempts: 0, updated_at: now.toISOString() })
        .execute();
      const pruner = new Housekeeping({
        store: runtime.store,
        retentionMs: 7 * DAY_MS,
        deliveryRetentionMs: 30 * DAY_MS,
      });
      expect((await pruner.pruneOnce(now)).events).toBe(0);

      // The same consumer, last seen longer ago than the retention: it no longer holds events back.
      await db
        .updateTable('outbox_consumers')
        .set({ updated_at: new Date(now.getTime() - 8 * DAY_MS).toISOString() })
        .where('consumer', '=', 'webhooks')
        .execute();
      expect((await pruner.pruneOnce(now)).events).toBe(old.length);
    });

    it('leaves the outbox working: new events after a prune are delivered', async () => {
      await eventsWrittenAt(4, new Date(Date.now() - 30 * DAY_MS));
      await consumeAll();
      const pruner = new Housekeeping({ store: runtime.store, retentionMs: DAY_MS, deliveryRetentionMs: 30 * DAY_MS });
      expect((await pruner.pruneOnce()).events).toBe(4);

      const [fresh] = await eventsWrittenAt(1, new Date());
      const delivered: ClaimedEvent[] = [];
      const runner = new JobRunner({
        store: runtime.store,
        handlers: { 'test.ping': [async (e) => void delivered.push(e)] },
      });
      expect(await runner.runUntilIdle()).toBe(1);
      expect(delivered.map((event) => event.id)).toEqual([fresh]);
    });
  });
}
