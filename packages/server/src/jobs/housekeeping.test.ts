import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dialectsUnderTest, openTestRuntime } from '../../test/support/harness.js';
import { newId } from '../lib/ids.js';
import type { Runtime } from '../runtime.js';
import { Housekeeping } from './housekeeping.js';

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

    /** Appends events and marks them processed at `processedAt` (null: left pending). */
    async function eventsProcessedAt(count: number, processedAt: Date | null): Promise<string[]> {
      const ids = Array.from({ length: count }, () => newId('event'));
      await runtime.store.outbox.append(
        ids.map((id) => ({ id, orgId, type: 'test.ping', data: {}, createdAt: new Date().toISOString() })),
      );
      if (processedAt) {
        const rows = await runtime.database.db.selectFrom('outbox').select('seq').where('id', 'in', ids).execute();
        await runtime.store.outbox.markProcessed(
          rows.map((row) => row.seq),
          processedAt.toISOString(),
        );
      }
      return ids;
    }

    async function remainingIds(): Promise<Set<string>> {
      const rows = await runtime.database.db.selectFrom('outbox').select('id').execute();
      return new Set(rows.map((row) => row.id));
    }

    it('deletes events processed before the retention, in batches, and keeps pending and recent ones', async () => {
      const now = new Date();
      // Feedback events written while bootstrapping count too: none is processed, so all stay.
      const before = await remainingIds();
      const old = await eventsProcessedAt(25, new Date(now.getTime() - 8 * DAY_MS));
      const recent = await eventsProcessedAt(3, new Date(now.getTime() - 6 * DAY_MS));
      const pending = await eventsProcessedAt(2, null);
      // An old event that keeps failing is still owed to its handler: pending, whatever its age.
      const pruner = new Housekeeping({ store: runtime.store, retentionMs: 7 * DAY_MS, batchSize: 10 });

      expect((await pruner.pruneOnce(now)).events).toBe(25);

      const remaining = await remainingIds();
      for (const id of old) expect(remaining.has(id)).toBe(false);
      for (const id of [...recent, ...pending, ...before]) expect(remaining.has(id)).toBe(true);
      expect(remaining.size).toBe(before.size + recent.length + pending.length);
      expect((await pruner.pruneOnce(now)).events).toBe(0);
    });

    it('leaves the outbox working: new events after a prune are claimed and delivered', async () => {
      await eventsProcessedAt(4, new Date(Date.now() - 30 * DAY_MS));
      const pruner = new Housekeeping({ store: runtime.store, retentionMs: DAY_MS });
      expect((await pruner.pruneOnce()).events).toBe(4);

      const [fresh] = await eventsProcessedAt(1, null);
      const claimed = await runtime.store.outbox.claim(
        new Date().toISOString(),
        new Date(Date.now() + 60_000).toISOString(),
        100,
      );
      expect(claimed.map((event) => event.id)).toContain(fresh);
    });
  });
}
