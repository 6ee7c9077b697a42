import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { dialectsUnderTest } from '../../../test/support/harness.js';
import { databaseMigratedTo } from '../../../test/support/migrated-database.js';
import { JobRunner } from '../../jobs/job-runner.js';
import { migrateToLatest } from '../migrate.js';
import type { ClaimedEvent } from '../repositories/outbox.js';
import { createStore } from '../store.js';

for (const dialect of dialectsUnderTest()) {
  describe(`migration 0006-outbox-consumers [${dialect}]`, () => {
    const cleanups: (() => Promise<void>)[] = [];
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    });

    it('keeps what the old relay had not processed, as retries, and does not deliver the rest again', async () => {
      const database = await databaseMigratedTo(dialect, '0005-idempotency', cleanups);
      const now = new Date().toISOString();
      const later = new Date(Date.now() + 60_000).toISOString();
      const insert = (
        id: string,
        processedAt: string | null,
        attempts: number,
        lastError: string | null,
        availableAt: string,
      ) =>
        sql`insert into outbox (id, org_id, type, payload, created_at, available_at, attempts, processed_at, last_error)
          values (${id}, 'org_1', 'test.ping', ${JSON.stringify({ id })}, ${now}, ${availableAt}, ${attempts}, ${processedAt}, ${lastError})`.execute(
          database.db,
        );
      await insert('evt_done_1', now, 1, null, now);
      await insert('evt_failing', null, 2, 'endpoint answered 503', later);
      await insert('evt_done_2', now, 1, null, now);
      await insert('evt_new', null, 0, null, now);

      // 0006 runs first; later migrations may follow it.
      expect((await migrateToLatest(database))[0]).toBe('0006-outbox-consumers');

      const store = createStore(database);
      const retries = await database.db
        .selectFrom('outbox_retries')
        .innerJoin('outbox', 'outbox.seq', 'outbox_retries.event_seq')
        .select(['outbox.id', 'consumer', 'attempts', 'available_at', 'last_error'])
        .orderBy('outbox.seq')
        .execute();
      expect(retries).toEqual([
        { id: 'evt_failing', consumer: 'jobs', attempts: 2, available_at: later, last_error: 'endpoint answered 503' },
        { id: 'evt_new', consumer: 'jobs', attempts: 0, available_at: now, last_error: null },
      ]);

      const delivered: ClaimedEvent[] = [];
      const runner = new JobRunner({ store, handlers: { 'test.ping': [async (event) => void delivered.push(event)] } });
      expect(await runner.runUntilIdle()).toBe(1);
      expect(delivered.map((event) => [event.id, event.attempts])).toEqual([['evt_new', 1]]);

      // Events written after the upgrade are read from the log, after the old ones.
      await store.outbox.append([{ id: 'evt_after', orgId: 'org_1', type: 'test.ping', data: {}, createdAt: now }]);
      expect(await runner.runUntilIdle()).toBe(1);
      expect(delivered.map((event) => event.id)).toEqual(['evt_new', 'evt_after']);
      expect(await store.outbox.pendingCount('jobs')).toBe(1);
    });
  });
}
