import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, within } from '../../test/support/async.js';
import { dialectsUnderTest, openTestRuntime, requestApp } from '../../test/support/harness.js';
import { loadConfig } from '../config.js';
import { newId } from '../lib/ids.js';
import { createRuntime, type Runtime } from '../runtime.js';
import type { BootstrappedOrganization } from '../services/organizations.js';
import {
  type ClaimedEvent,
  comparePositions,
  DEFAULT_CONSUMER,
  type LoggedEvent,
} from '../storage/repositories/outbox.js';
import type { Store } from '../storage/store.js';
import { JobRunner } from './job-runner.js';

const HOUR_MS = 60 * 60 * 1000;
/** How long "soon" may take in these tests: far below any poll interval they configure. */
const SOON_MS = 5_000;

async function collect(runtime: Runtime, org: BootstrappedOrganization, comment: string): Promise<string> {
  const response = await requestApp(runtime, '/collect', {
    method: 'POST',
    key: org.collectKey,
    json: { inboxKey: org.inbox.inboxKey, type: 'thumbs', score: 1, comment },
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function triage(runtime: Runtime, org: BootstrappedOrganization, id: string): Promise<void> {
  const response = await requestApp(runtime, `/organizations/${org.organization.id}/feedback/${id}`, {
    method: 'PATCH',
    key: org.adminKey,
    json: { status: 'triaged' },
  });
  expect(response.status).toBe(200);
}

function outboxRows(runtime: Runtime) {
  return runtime.database.db.selectFrom('outbox').selectAll().orderBy('seq').execute();
}

/** The retry a consumer (the runtime's `jobs` by default) owes an event, if any. */
async function retryOf(runtime: Runtime, eventId: string, consumer = 'jobs') {
  return runtime.database.db
    .selectFrom('outbox_retries')
    .innerJoin('outbox', 'outbox.seq', 'outbox_retries.event_seq')
    .select(['outbox_retries.attempts', 'available_at', 'locked_until', 'last_error'])
    .where('outbox.id', '=', eventId)
    .where('consumer', '=', consumer)
    .executeTakeFirst();
}

async function consumerRow(runtime: Runtime, consumer = 'jobs') {
  return runtime.database.db
    .selectFrom('outbox_consumers')
    .selectAll()
    .where('consumer', '=', consumer)
    .executeTakeFirstOrThrow();
}

/** Events straight into the outbox, for tests about the runner rather than about who writes events. */
async function appendEvents(store: Store, orgId: string, count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, () => newId('event'));
  const createdAt = new Date().toISOString();
  for (let start = 0; start < ids.length; start += 100) {
    await store.outbox.append(
      ids.slice(start, start + 100).map((id, offset) => ({
        id,
        orgId,
        type: 'test.ping',
        data: { n: start + offset },
        createdAt,
      })),
    );
  }
  return ids;
}

/** The store with each pass of a `jobs` runner reporting whether it found events, to see when the runner went idle. */
function observedStore(store: Store, onLook: (found: boolean) => void | Promise<void>): Store {
  return {
    ...store,
    outbox: {
      ...store.outbox,
      // A pass first looks where the log ends: `found` when that is past the runner's position.
      async latestPosition() {
        const end = await store.outbox.latestPosition();
        const position = await store.outbox.positionOf(DEFAULT_CONSUMER);
        await onLook(comparePositions(end, position) > 0);
        return end;
      },
    },
  };
}

for (const dialect of dialectsUnderTest()) {
  describe(`JobRunner [${dialect}]`, () => {
    let runtime: Runtime;
    let org: BootstrappedOrganization;
    let cleanup: () => Promise<void>;

    beforeEach(async () => {
      const opened = await openTestRuntime(dialect);
      runtime = opened.runtime;
      cleanup = opened.cleanup;
      org = await runtime.services.organizations.bootstrap({ name: 'Jobs' });
    });

    afterEach(async () => {
      vi.useRealTimers();
      vi.restoreAllMocks();
      await cleanup();
    });

    it('delivers the events of /collect and PATCH to their handlers exactly once, in commit order', async () => {
      const ids: string[] = [];
      for (const comment of ['one', 'two', 'three', 'four', 'five']) ids.push(await collect(runtime, org, comment));
      await triage(runtime, org, ids[1] as string);
      ids.push(await collect(runtime, org, 'six'));

      const created: ClaimedEvent[] = [];
      const updated: ClaimedEvent[] = [];
      const everything: ClaimedEvent[] = [];
      // A small batch size makes delivery span several claims, so order must hold across them.
      const runner = new JobRunner({
        store: runtime.store,
        batchSize: 2,
        handlers: {
          'feedback.created': [async (event) => void created.push(event)],
          'feedback.updated': [async (event) => void updated.push(event)],
          '*': [async (event) => void everything.push(event)],
        },
      });

      expect(await runner.runUntilIdle()).toBe(7);

      const feedbackIdOf = (event: ClaimedEvent) => (event.data as { id: string }).id;
      expect(everything.map((event) => [event.type, feedbackIdOf(event)])).toEqual([
        ['feedback.created', ids[0]],
        ['feedback.created', ids[1]],
        ['feedback.created', ids[2]],
        ['feedback.created', ids[3]],
        ['feedback.created', ids[4]],
        ['feedback.updated', ids[1]],
        ['feedback.created', ids[5]],
      ]);
      expect(created.map(feedbackIdOf)).toEqual([ids[0], ids[1], ids[2], ids[3], ids[4], ids[5]]);
      expect(updated.map(feedbackIdOf)).toEqual([ids[1]]);
      expect(updated[0]?.data).toMatchObject({ status: 'triaged', orgId: org.organization.id });
      expect(created[0]?.data).toMatchObject({ comment: 'one', type: 'thumbs', score: 1, status: 'new' });
      for (const event of everything) {
        expect(event.id).toMatch(/^evt_/);
        expect(event.orgId).toBe(org.organization.id);
        expect(event.attempts).toBe(1);
      }
      const seqs = everything.map((event) => event.seq);
      expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
      expect(new Set(everything.map((event) => event.id)).size).toBe(7);

      // Nothing is delivered twice: not by this runner, not by a fresh one.
      expect(await runner.runUntilIdle()).toBe(0);
      expect(await new JobRunner({ store: runtime.store, handlers: { '*': [async () => {}] } }).runUntilIdle()).toBe(0);
      expect(everything).toHaveLength(7);
      expect(await runtime.store.outbox.pendingCount('jobs')).toBe(0);
      const lastEvent = (await outboxRows(runtime)).at(-1);
      expect(await consumerRow(runtime)).toMatchObject({
        position_seq: lastEvent?.seq,
        leased_until: null,
        lease_token: null,
        attempts: 0,
      });
      expect(await runtime.database.db.selectFrom('outbox_retries').selectAll().execute()).toEqual([]);
    });

    it('moves past the events it has no handler for, without reading their payloads', async () => {
      const ids = [await collect(runtime, org, 'one'), await collect(runtime, org, 'two')];
      await triage(runtime, org, ids[0] as string);
      // What the runner reads from the log.
      const read: LoggedEvent[] = [];
      const { outbox } = runtime.store;
      const store: Store = {
        ...runtime.store,
        outbox: {
          ...outbox,
          async readAfter(position, limit, options) {
            const events = await outbox.readAfter(position, limit, options);
            read.push(...events);
            return events;
          },
        },
      };
      const updated: ClaimedEvent[] = [];
      const runner = new JobRunner({
        store,
        handlers: { 'feedback.updated': [async (event) => void updated.push(event)] },
      });

      expect(await runner.runUntilIdle()).toBe(3);
      expect(updated.map((event) => [event.type, event.data])).toEqual([
        ['feedback.updated', expect.objectContaining({ id: ids[0], status: 'triaged' })],
      ]);
      // The two feedback.created events were read for their place in the log only.
      expect(read.map((event) => [event.type, event.data === undefined])).toEqual([
        ['feedback.created', true],
        ['feedback.created', true],
        ['feedback.updated', false],
      ]);
      expect(await runtime.store.outbox.pendingCount('jobs')).toBe(0);
    });

    it('retries a failing handler later with growing backoff, records last_error, then succeeds', async () => {
      const flakyId = await collect(runtime, org, 'flaky');
      const fineId = await collect(runtime, org, 'fine');
      const [flakyEvent, fineEvent] = await outboxRows(runtime);
      expect(flakyEvent && fineEvent).toBeTruthy();

      const calls: string[] = [];
      let failuresLeft = 2;
      const onError = vi.fn();
      const runner = new JobRunner({
        store: runtime.store,
        onError,
        handlers: {
          'feedback.created': [
            async (event) => {
              const id = (event.data as { id: string }).id;
              calls.push(id);
              if (id === flakyId && failuresLeft-- > 0)
                throw new Error(`webhook endpoint answered 503 (${failuresLeft})`);
            },
          ],
        },
      });

      // Only the clock is fake: the runner reads "now" from Date, while database I/O stays real.
      const start = Date.now();
      vi.useFakeTimers({ toFake: ['Date'], now: start });

      expect(await runner.runUntilIdle()).toBe(2);
      expect(calls).toEqual([flakyId, fineId]);
      expect(onError).toHaveBeenCalledTimes(1);
      expect(onError).toHaveBeenCalledWith(
        expect.objectContaining({ message: expect.stringContaining('503') }),
        expect.objectContaining({ id: flakyEvent?.id }),
      );

      // The failure does not hold back the event behind it: the position is past both.
      expect(await retryOf(runtime, fineEvent?.id as string)).toBeUndefined();
      expect((await consumerRow(runtime)).position_seq).toBe(fineEvent?.seq);
      const failedOnce = await retryOf(runtime, flakyEvent?.id as string);
      if (!failedOnce) throw new Error('the failed event has no retry');
      expect(failedOnce).toMatchObject({ locked_until: null, attempts: 1 });
      expect(failedOnce.last_error).toContain('webhook endpoint answered 503 (1)');
      expect(await runtime.store.outbox.pendingCount('jobs')).toBe(1);
      const firstDelay = Date.parse(failedOnce.available_at) - start;
      expect(firstDelay).toBeGreaterThanOrEqual(1_000);

      // Not due yet: neither now nor a millisecond before the retry time.
      expect(await runner.runUntilIdle()).toBe(0);
      vi.setSystemTime(Date.parse(failedOnce.available_at) - 1);
      expect(await runner.runUntilIdle()).toBe(0);
      expect(calls).toHaveLength(2);

      vi.setSystemTime(Date.parse(failedOnce.available_at));
      const secondAttemptAt = Date.now();
      expect(await runner.runUntilIdle()).toBe(1);
      const failedTwice = await retryOf(runtime, flakyEvent?.id as string);
      if (!failedTwice) throw new Error('the failed event has no retry');
      expect(failedTwice).toMatchObject({ locked_until: null, attempts: 2 });
      expect(failedTwice.last_error).toContain('webhook endpoint answered 503 (0)');
      const secondDelay = Date.parse(failedTwice.available_at) - secondAttemptAt;
      expect(secondDelay).toBeGreaterThan(firstDelay);

      vi.setSystemTime(Date.parse(failedTwice.available_at));
      const delivered: ClaimedEvent[] = [];
      runner.on('feedback.created', async (event) => void delivered.push(event));
      expect(await runner.runUntilIdle()).toBe(1);
      expect(delivered.map((event) => [event.id, event.attempts])).toEqual([[flakyEvent?.id, 3]]);
      expect(await retryOf(runtime, flakyEvent?.id as string)).toBeUndefined();
      expect(await runtime.store.outbox.pendingCount('jobs')).toBe(0);
      expect(calls).toEqual([flakyId, fineId, flakyId, flakyId]);
      expect(onError).toHaveBeenCalledTimes(2);

      vi.setSystemTime(Date.parse(failedTwice.available_at) + HOUR_MS);
      expect(await runner.runUntilIdle()).toBe(0);
      expect(calls).toHaveLength(4);
    });

    it('processes events right after the commit that wakes it, without waiting for the poll interval', async () => {
      const idle = deferred();
      let looks = 0;
      const seen = new Map<string, () => void>();
      const delivered = (type: string, feedbackId: string) =>
        new Promise<void>((resolve) => seen.set(`${type}:${feedbackId}`, resolve));
      const runner = new JobRunner({
        store: observedStore(runtime.store, (found) => {
          looks++;
          if (!found) idle.resolve();
        }),
        pollIntervalMs: HOUR_MS,
        handlers: {
          '*': [async (event) => seen.get(`${event.type}:${(event.data as { id: string }).id}`)?.()],
        },
      });
      // The runtime's services wake `runtime.jobs` after each commit; route that to this runner.
      const wake = vi.spyOn(runtime.jobs, 'wake').mockImplementation(() => runner.wake());

      runner.start();
      try {
        // After its first, empty run the runner sleeps for an hour unless woken.
        await within(idle.promise, SOON_MS, 'the runner never finished its first run');
        expect(looks).toBe(1);

        const id = await collect(runtime, org, 'wake up');
        expect(wake).toHaveBeenCalled();
        await within(delivered('feedback.created', id), SOON_MS, 'feedback.created was not delivered after wake()');
        // Registered after the 201: a PATCH wakes the runner too.
        const updated = delivered('feedback.updated', id);
        await triage(runtime, org, id);
        await within(updated, SOON_MS, 'feedback.updated was not delivered after wake()');
      } finally {
        await runner.stop();
      }
    });

    it('runs again at once when woken during a run', async () => {
      const handled = deferred<ClaimedEvent>();
      let announced = '';
      const runner = new JobRunner({
        pollIntervalMs: HOUR_MS,
        // Right after the run's last, empty look at the log (the run is still active), an event is
        // committed and announced: the look could not see it, so only the wake-up can deliver it soon.
        store: observedStore(runtime.store, async (found) => {
          if (found || announced) return;
          [announced] = (await appendEvents(runtime.store, org.organization.id, 1)) as [string];
          runner.wake();
        }),
        handlers: { 'test.ping': [async (event) => handled.resolve(event)] },
      });

      runner.start();
      try {
        const event = await within(handled.promise, SOON_MS, 'an event announced during a run waited for the poll');
        expect(event.id).toBe(announced);
      } finally {
        await runner.stop();
      }
    });

    it('reads its position from the database once, then keeps the one it moved to', async () => {
      const handled: string[] = [];
      const runner = new JobRunner({
        store: runtime.store,
        handlers: { 'test.ping': [async (event) => void handled.push(event.id)] },
      });
      const positionReads = vi.spyOn(runtime.store.outbox, 'positionOf');

      const first = await appendEvents(runtime.store, org.organization.id, 2);
      expect(await runner.runUntilIdle()).toBe(2);
      const second = await appendEvents(runtime.store, org.organization.id, 3);
      expect(await runner.runUntilIdle()).toBe(3);

      expect(handled).toEqual([...first, ...second]);
      expect(positionReads).toHaveBeenCalledTimes(1);
      expect((await consumerRow(runtime)).position_seq).toBe((await outboxRows(runtime)).at(-1)?.seq);
    });

    it('makes an event claimed by a runner that never finished claimable again once its lease expires', async () => {
      const [eventId] = await appendEvents(runtime.store, org.organization.id, 1);
      const start = Date.now();
      vi.useFakeTimers({ toFake: ['Date'], now: start });

      const stalledEntered = deferred();
      const stalled = new JobRunner({
        store: runtime.store,
        leaseMs: 5_000,
        handlers: {
          'test.ping': [
            async () => {
              stalledEntered.resolve();
              // Never finishes: a crashed or hung process.
              await new Promise(() => {});
            },
          ],
        },
      });
      void stalled.runOnce();
      await within(stalledEntered.promise, SOON_MS, 'the first runner did not claim the event');
      const leased = await consumerRow(runtime);
      expect(leased.leased_until).toBe(new Date(start + 5_000).toISOString());
      expect(leased.attempts).toBe(1);

      const handled: ClaimedEvent[] = [];
      const rescuer = new JobRunner({
        store: runtime.store,
        handlers: { 'test.ping': [async (event) => void handled.push(event)] },
      });
      expect(await rescuer.runUntilIdle()).toBe(0);
      vi.setSystemTime(start + 4_999);
      expect(await rescuer.runUntilIdle()).toBe(0);
      expect(handled).toEqual([]);

      vi.setSystemTime(start + 5_001);
      expect(await rescuer.runUntilIdle()).toBe(1);
      expect(handled.map((event) => [event.id, event.attempts])).toEqual([[eventId, 2]]);
      expect(await consumerRow(runtime)).toMatchObject({ leased_until: null, attempts: 0 });
      expect(await rescuer.runUntilIdle()).toBe(0);
    });

    if (dialect === 'postgres') {
      it('never moves past an event whose transaction commits after a later-numbered one', async () => {
        // PostgreSQL numbers events when they are inserted, not when they commit: the first
        // transaction's event has the lower seq but becomes visible last.
        const appended = deferred();
        const release = deferred();
        const slow = runtime.store.transaction(async (tx) => {
          await tx.outbox.append([
            {
              id: 'evt_slow',
              orgId: org.organization.id,
              type: 'test.ping',
              data: {},
              createdAt: new Date().toISOString(),
            },
          ]);
          appended.resolve();
          await release.promise;
        });
        await within(appended.promise, SOON_MS, 'the slow transaction did not write its event');
        await runtime.store.outbox.append([
          {
            id: 'evt_fast',
            orgId: org.organization.id,
            type: 'test.ping',
            data: {},
            createdAt: new Date().toISOString(),
          },
        ]);
        const delivered: string[] = [];
        const runner = new JobRunner({
          store: runtime.store,
          handlers: { 'test.ping': [async (event) => void delivered.push(event.id)] },
        });

        // The fast event is committed, but an older transaction is still running: wait for it.
        expect(await runner.runUntilIdle()).toBe(0);
        release.resolve();
        await slow;
        expect(await runner.runUntilIdle()).toBe(2);
        expect(delivered).toEqual(['evt_slow', 'evt_fast']);
        expect(await runtime.store.outbox.pendingCount('jobs')).toBe(0);
      });

      it('lets two runners on two runtimes share one database without handling any event twice', async () => {
        const second = await createRuntime(loadConfig({}, { ...runtime.config }));
        try {
          const count = 400;
          const eventIds = await appendEvents(runtime.store, org.organization.id, count);
          const handledBy = new Map<string, string[]>();
          const attempts = new Set<number>();
          const runnerOn = (store: Store, name: 'a' | 'b') =>
            new JobRunner({
              store,
              batchSize: 7,
              handlers: {
                'test.ping': [
                  async (event) => {
                    handledBy.set(event.id, [...(handledBy.get(event.id) ?? []), name]);
                    attempts.add(event.attempts);
                    // Yield so the other runner tries to take the position while this one works.
                    await new Promise((resolve) => setImmediate(resolve));
                  },
                ],
              },
            });
          // Each keeps trying until the log is drained: a pass that finds the position leased by
          // the other handles nothing and tries again.
          const drain = async (runner: JobRunner) => {
            let handled = 0;
            while ((await runtime.store.outbox.pendingCount('jobs')) > 0) {
              handled += await runner.runOnce();
              await new Promise((resolve) => setImmediate(resolve));
            }
            return handled;
          };

          const [a, b] = await Promise.all([drain(runnerOn(runtime.store, 'a')), drain(runnerOn(second.store, 'b'))]);

          const duplicates = [...handledBy].filter(([, runners]) => runners.length > 1);
          expect(duplicates).toEqual([]);
          expect(new Set(handledBy.keys())).toEqual(new Set(eventIds));
          expect(a + b).toBe(count);
          // No batch was handed out twice.
          expect(attempts).toEqual(new Set([1]));
        } finally {
          await second.close();
        }
      });
    }
  });
}
