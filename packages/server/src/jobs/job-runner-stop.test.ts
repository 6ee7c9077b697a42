import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { collectComments } from '../../test/support/api-assertions.js';
import { deferred, within } from '../../test/support/async.js';
import { dialectsUnderTest, requestApp, type SharedDatabase, sharedTestDatabase } from '../../test/support/harness.js';
import { embedGate, testEmbedder } from '../../test/support/test-embedder.js';
import { newId } from '../lib/ids.js';
import type { Runtime } from '../runtime.js';
import type { BootstrappedOrganization } from '../services/organizations.js';
import type { ClaimedEvent } from '../storage/repositories/outbox.js';
import { JobRunner } from './job-runner.js';

/** How long "at once" may take: far below the 30 s lease a stopped runner used to leave behind. */
const SOON_MS = 5_000;

async function consumerRow(runtime: Runtime) {
  return runtime.database.db
    .selectFrom('outbox_consumers')
    .selectAll()
    .where('consumer', '=', 'jobs')
    .executeTakeFirstOrThrow();
}

async function appendPings(runtime: Runtime, orgId: string, count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, () => newId('event'));
  const createdAt = new Date().toISOString();
  await runtime.store.outbox.append(ids.map((id, n) => ({ id, orgId, type: 'test.ping', data: { n }, createdAt })));
  return ids;
}

for (const dialect of dialectsUnderTest()) {
  describe(`stopping a job runner mid-batch [${dialect}]`, () => {
    let database: SharedDatabase;
    let runtime: Runtime;
    let org: BootstrappedOrganization;

    beforeEach(async () => {
      database = await sharedTestDatabase(dialect);
      runtime = await database.open();
      org = await runtime.services.organizations.bootstrap({ name: 'Jobs' });
    });
    afterEach(() => database.cleanup());

    /** A runner whose handler holds the `holdAt`-th event (1-based) until `release` (or `fail`). */
    function heldRunner(holdAt: number, options: { stopGraceMs?: number } = {}) {
      const entered = deferred();
      const release = deferred();
      const settled = deferred();
      const handled: string[] = [];
      const errors: unknown[] = [];
      let count = 0;
      const runner = new JobRunner({
        store: runtime.store,
        pollIntervalMs: 60 * 60 * 1000,
        ...options,
        onError: (error) => errors.push(error),
        handlers: {
          'test.ping': [
            async (event: ClaimedEvent) => {
              if (++count === holdAt) {
                entered.resolve();
                try {
                  await release.promise;
                } finally {
                  settled.resolve();
                }
              }
              handled.push(event.id);
            },
          ],
        },
      });
      return {
        runner,
        entered: entered.promise,
        release: () => release.resolve(),
        fail: (error: Error) => release.reject(error),
        settled: settled.promise,
        handled,
        errors,
      };
    }

    it('finishes the event in progress, moves the position past it and ends its lease', async () => {
      const events = await appendPings(runtime, org.organization.id, 3);
      const first = heldRunner(2);
      first.runner.start();
      await within(first.entered, SOON_MS, 'the runner never reached the second event');
      expect((await consumerRow(runtime)).lease_token).not.toBeNull();

      const stopped = first.runner.stop();
      first.release();
      await within(stopped, SOON_MS, 'stop() waited for more than the event in progress');
      expect(first.handled).toEqual(events.slice(0, 2));
      const row = await consumerRow(runtime);
      expect(row).toMatchObject({ leased_until: null, lease_token: null });

      // The next runner takes over at once, from the event after the last one handled.
      const next = heldRunner(0);
      expect(await next.runner.runUntilIdle()).toBe(1);
      expect(next.handled).toEqual(events.slice(2));
    });

    it('gives up on an event that outlasts the grace, and hands it back with the rest of the batch', async () => {
      const events = await appendPings(runtime, org.organization.id, 3);
      const first = heldRunner(2, { stopGraceMs: 50 });
      first.runner.start();
      await within(first.entered, SOON_MS, 'the runner never reached the second event');

      // The held event never finishes by itself: like a model that is still loading.
      await within(first.runner.stop(), SOON_MS, 'stop() waited for a handler that never finishes');
      expect(first.handled).toEqual(events.slice(0, 1));
      expect(await consumerRow(runtime)).toMatchObject({ leased_until: null, lease_token: null });

      const next = heldRunner(0);
      expect(await next.runner.runUntilIdle()).toBe(2);
      expect(next.handled).toEqual(events.slice(1));

      // The abandoned handler fails now (as it would once shutdown closes what it waited for): that
      // is no failure of the event, which the next runner handled, so no error and no retry.
      first.fail(new Error('The embedder was closed.'));
      await first.settled;
      await new Promise((resolve) => setImmediate(resolve));
      expect(first.errors).toEqual([]);
      expect(await runtime.database.db.selectFrom('outbox_retries').selectAll().execute()).toEqual([]);
    });

    it('hands back the retries it claimed and did not finish', async () => {
      const [event] = await appendPings(runtime, org.organization.id, 1);
      let failures = 1;
      const failing = new JobRunner({
        store: runtime.store,
        handlers: {
          'test.ping': [
            async () => {
              if (failures-- > 0) throw new Error('endpoint down');
            },
          ],
        },
      });
      expect(await failing.runUntilIdle()).toBe(1);
      await runtime.database.db
        .updateTable('outbox_retries')
        .set({ available_at: '2000-01-01T00:00:00.000Z' })
        .execute();

      const first = heldRunner(1, { stopGraceMs: 50 });
      first.runner.start();
      await within(first.entered, SOON_MS, 'the runner never took the retry');
      await within(first.runner.stop(), SOON_MS, 'stop() waited for a handler that never finishes');
      const [retry] = await runtime.database.db.selectFrom('outbox_retries').selectAll().execute();
      expect(retry).toMatchObject({ locked_until: null, attempts: 1 });

      const next = heldRunner(0);
      expect(await next.runner.runOnce()).toBe(1);
      expect(next.handled).toEqual([event]);
      expect(await runtime.database.db.selectFrom('outbox_retries').selectAll().execute()).toEqual([]);
    });

    it('a runtime closed while its first batch waits for the model leaves no lease, and the next embeds at once', async () => {
      const gate = embedGate();
      const model = 'test-words';
      // A short grace: what is tested is that closing gives up on the model, not how long it waits first.
      const first = await database.open(
        { runJobs: true, jobStopGraceMs: 50 },
        { embedder: testEmbedder(model, 16, { gate }) },
      );
      const bed = { runtime: first, orgA: org, orgB: org, request: requestApp.bind(null, first) };
      const ids = await collectComments(bed, org, ['Photo upload fails', 'Dark mode please', 'Login is slow']);
      await within(gate.entered, SOON_MS, 'the job runner never started embedding');
      expect((await consumerRow(first)).lease_token).not.toBeNull();

      // The gate never opens: closing must not wait for the model.
      await within(first.close(), SOON_MS, 'close() waited for an embedding that never finishes');
      const row = await consumerRow(runtime);
      expect(row).toMatchObject({ leased_until: null, lease_token: null });

      const embedder = testEmbedder(model, 16);
      const second = await database.open({}, { embedder });
      // Within the old lease's 30 s: run to completion, then check, no waiting on the clock.
      expect(await within(second.jobs.runUntilIdle(), SOON_MS, 'the next runtime waited')).toBeGreaterThan(0);
      expect((await second.store.embeddings.embeddedAmong(ids, model)).size).toBe(ids.length);
    });
  });
}
