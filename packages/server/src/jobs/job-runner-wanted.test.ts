import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertAutomation } from '../../test/support/automations.js';
import { dialectsUnderTest, openTestRuntime, requestApp } from '../../test/support/harness.js';
import { newId } from '../lib/ids.js';
import type { Runtime } from '../runtime.js';
import type { BootstrappedOrganization } from '../services/organizations.js';
import type { ClaimedEvent, LoggedEvent } from '../storage/repositories/outbox.js';
import type { Store } from '../storage/store.js';
import { WEBHOOKS_CONSUMER, webhookFanOut } from '../webhooks/fan-out.js';
import { JobRunner } from './job-runner.js';

/** The store, with every event a runner reads from the log kept in `read`. */
function readingStore(store: Store, read: LoggedEvent[]): Store {
  return {
    ...store,
    outbox: {
      ...store.outbox,
      async readAfter(position, limit, options) {
        const events = await store.outbox.readAfter(position, limit, options);
        read.push(...events);
        return events;
      },
    },
  };
}

/**
 * What a runner reads depends on what it wants now: a runner with no work for any event (the jobs
 * runner with search off, the webhook fan-out while no automation sends) reads none, yet its place
 * in the log moves, so its backlog stays empty.
 */
for (const dialect of dialectsUnderTest()) {
  describe(`JobRunner wanted types [${dialect}]`, () => {
    let runtime: Runtime;
    let org: BootstrappedOrganization;
    let cleanup: () => Promise<void>;

    beforeEach(async () => {
      ({ runtime, cleanup } = await openTestRuntime(dialect));
      org = await runtime.services.organizations.bootstrap({ name: 'Wanted' });
    });
    afterEach(async () => {
      await cleanup();
    });

    async function collect(comment: string): Promise<string> {
      const response = await requestApp(runtime, '/collect', {
        method: 'POST',
        key: org.collectKey,
        json: { inboxKey: org.inbox.inboxKey, type: 'text', comment },
      });
      expect(response.status).toBe(201);
      return ((await response.json()) as { id: string }).id;
    }

    async function triage(id: string): Promise<void> {
      const response = await requestApp(runtime, `/organizations/${org.organization.id}/feedback/${id}`, {
        method: 'PATCH',
        key: org.adminKey,
        json: { status: 'triaged' },
      });
      expect(response.status).toBe(200);
    }

    it('moves a runner with no handlers to the end of the log without reading an event', async () => {
      for (const comment of ['one', 'two', 'three']) await collect(comment);
      const read: LoggedEvent[] = [];
      const runner = new JobRunner({ store: readingStore(runtime.store, read), consumer: 'idle' });

      await runner.runUntilIdle();

      expect(read).toEqual([]);
      expect(await runtime.store.outbox.pendingCount('idle')).toBe(0);
      // What comes later is passed over too.
      await collect('four');
      expect(await runtime.store.outbox.pendingCount('idle')).toBe(1);
      await runner.runUntilIdle();
      expect(await runtime.store.outbox.pendingCount('idle')).toBe(0);
      expect(read).toEqual([]);
    });

    it('does not pass over an event committed while it asks which types it wants', async () => {
      await collect('before');
      const handled: ClaimedEvent[] = [];
      let asked = 0;
      let lateEvent = '';
      const runner = new JobRunner({
        store: runtime.store,
        consumer: 'late',
        handlers: { 'test.ping': [async (event) => void handled.push(event)] },
        // The first answer is "nothing", but an event of a type wanted next time commits meanwhile
        // (as when an automation and then an event it should get are made during the question).
        wantedTypes: async () => {
          if (++asked > 1) return ['test.ping'];
          lateEvent = newId('event');
          await runtime.store.outbox.append([
            {
              id: lateEvent,
              orgId: org.organization.id,
              type: 'test.ping',
              data: { late: true },
              createdAt: new Date().toISOString(),
            },
          ]);
          return [];
        },
      });

      await runner.runUntilIdle();
      expect(handled).toEqual([]);
      expect(await runtime.store.outbox.pendingCount('late')).toBe(1);
      await runner.runUntilIdle();
      expect(handled.map((event) => [event.id, event.data])).toEqual([[lateEvent, { late: true }]]);
      expect(await runtime.store.outbox.pendingCount('late')).toBe(0);
    });

    it('reads for the webhook fan-out only the events an automation subscribes to, with their payloads', async () => {
      const webhooksRunner = (read: LoggedEvent[]) => {
        const fanOut = webhookFanOut(runtime.store);
        return new JobRunner({
          store: readingStore(runtime.store, read),
          consumer: WEBHOOKS_CONSUMER,
          batchHandler: fanOut.batch,
          handlers: { '*': [fanOut.event] },
          wantedTypes: fanOut.wantedTypes,
        });
      };
      const first = await collect('no automation yet');
      await triage(first);
      const before: LoggedEvent[] = [];
      await webhooksRunner(before).runUntilIdle();
      expect(before).toEqual([]);
      expect(await runtime.store.outbox.pendingCount(WEBHOOKS_CONSUMER)).toBe(0);

      const automation = await insertAutomation(runtime, org.organization.id, 'http://127.0.0.1:9/hook', {
        events: JSON.stringify(['feedback.updated']),
      });
      const second = await collect('an automation wants its update');
      await triage(second);
      const after: LoggedEvent[] = [];
      await webhooksRunner(after).runUntilIdle();

      expect(after.map((event) => [event.type, event.data === undefined])).toEqual([
        ['feedback.created', true],
        ['feedback.updated', false],
      ]);
      const deliveries = await runtime.database.db
        .selectFrom('webhook_deliveries')
        .select(['automation_id', 'event_type'])
        .execute();
      expect(deliveries).toEqual([{ automation_id: automation.id, event_type: 'feedback.updated' }]);
    });
  });
}
