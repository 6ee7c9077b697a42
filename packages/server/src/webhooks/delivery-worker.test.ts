import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectJson } from '../../test/support/api-assertions.js';
import { deferred } from '../../test/support/async.js';
import { automationRow, deliveriesOf, insertAutomation, testDeliveryParts } from '../../test/support/automations.js';
import { dialectsUnderTest, openTestRuntime, requestApp } from '../../test/support/harness.js';
import {
  type ReceivedWebhook,
  type ReceiverAnswer,
  startWebhookReceiver,
  type WebhookReceiver,
} from '../../test/support/webhook-receiver.js';
import type { Runtime } from '../runtime.js';
import type { BootstrappedOrganization } from '../services/organizations.js';
import { DeliveryWorker } from './delivery-worker.js';
import { FAILING_DISABLES_AFTER_MS, MAX_RETRY_AFTER_MS, RETRY_SCHEDULE_MS } from './retry-policy.js';

/**
 * The delivery worker against a real HTTP receiver on 127.0.0.1, on both databases. Time is a
 * clock the test moves (retries are hours apart); sending uses real sockets.
 */
for (const dialect of dialectsUnderTest()) {
  describe(`webhook delivery worker [${dialect}]`, () => {
    let runtime: Runtime;
    let org: BootstrappedOrganization;
    let cleanup: () => Promise<void>;
    let receiver: WebhookReceiver | undefined;
    let time: number;
    const clock = { now: () => time };

    beforeEach(async () => {
      const opened = await openTestRuntime(dialect);
      runtime = opened.runtime;
      cleanup = opened.cleanup;
      org = await runtime.services.organizations.bootstrap({ name: 'Webhooks' });
      // Ahead of the real time the fan-out queues deliveries at, so they are due on this clock.
      time = Date.now() + 60_000;
    });
    afterEach(async () => {
      await receiver?.close();
      receiver = undefined;
      await cleanup();
    });

    /** A worker on the test's clock, with jitter at its midpoint (the schedule exactly). */
    const newWorker = (timeoutMs = 5000) =>
      new DeliveryWorker({
        store: runtime.store,
        ...testDeliveryParts(runtime, timeoutMs),
        clock,
        random: () => 0.5,
      });

    const receive = async (
      answer: (request: ReceivedWebhook, index: number) => ReceiverAnswer | Promise<ReceiverAnswer>,
    ) => {
      receiver = await startWebhookReceiver(answer);
      return receiver;
    };

    /** Collects one feedback item and runs the fan-out; returns the feedback id. */
    async function collect(comment = 'The export button does nothing'): Promise<string> {
      const response = await requestApp(runtime, '/collect', {
        method: 'POST',
        key: org.collectKey,
        json: { inboxKey: org.inbox.inboxKey, type: 'text', comment },
      });
      const { id } = await expectJson<{ id: string }>(response, 201);
      await runtime.webhookJobs.runUntilIdle();
      return id;
    }

    /** The automation as the API answers it: what the dashboard and MCP tools show. */
    async function automationAnswer(id: string): Promise<Record<string, unknown>> {
      const response = await requestApp(runtime, `/organizations/${org.organization.id}/automations/${id}`, {
        key: org.adminKey,
      });
      return expectJson(response, 200);
    }

    const dataIdOf = (webhook: ReceivedWebhook) => (JSON.parse(webhook.body) as { data: { id: string } }).data.id;

    it('retries a 500 after about 5 s with the same webhook-id, and records both attempts', async () => {
      const target = await receive((_, index) =>
        index === 0 ? { status: 500, body: 'database down' } : { status: 200, body: 'ok' },
      );
      const automation = await insertAutomation(runtime, org.organization.id, `${target.url}/hook`);
      const feedbackId = await collect();
      const worker = newWorker();

      expect(await worker.runUntilIdle()).toBe(1);
      const [pending] = await deliveriesOf(runtime.database.db, automation.id);
      expect(pending).toMatchObject({ status: 'pending', last_status_code: 500 });
      expect(Date.parse(pending?.next_attempt_at ?? '')).toBe(time + RETRY_SCHEDULE_MS[0]);
      expect((await automationRow(runtime.database.db, automation.id)).failing_since).not.toBeNull();

      // Not due yet: nothing is sent.
      time += RETRY_SCHEDULE_MS[0] - 1;
      expect(await worker.runUntilIdle()).toBe(0);
      time += 1;
      expect(await worker.runUntilIdle()).toBe(1);

      const [first, second] = target.received;
      expect(target.received).toHaveLength(2);
      expect(first?.headers['webhook-id']).toBe(pending?.event_id);
      expect(second?.headers['webhook-id']).toBe(first?.headers['webhook-id']);
      expect(dataIdOf(second as ReceivedWebhook)).toBe(feedbackId);
      const [done] = await deliveriesOf(runtime.database.db, automation.id);
      expect(done?.status).toBe('succeeded');
      expect(
        done?.attemptRows.map((attempt) => [attempt.number, attempt.status_code, attempt.response_excerpt]),
      ).toEqual([
        [1, 500, 'database down'],
        [2, 200, 'ok'],
      ]);
      // A success ends the failing streak.
      expect((await automationRow(runtime.database.db, automation.id)).failing_since).toBeNull();
    });

    it('waits what a 429 asks in Retry-After before the retry', async () => {
      const target = await receive((_, index) =>
        index === 0 ? { status: 429, headers: { 'retry-after': '120' } } : { status: 204 },
      );
      const automation = await insertAutomation(runtime, org.organization.id, target.url);
      await collect();
      const worker = newWorker();
      await worker.runUntilIdle();
      // The schedule's 5 s would have been due by now.
      time += 60_000;
      expect(await worker.runUntilIdle()).toBe(0);
      time += 60_000;
      expect(await worker.runUntilIdle()).toBe(1);
      const [delivery] = await deliveriesOf(runtime.database.db, automation.id);
      expect(delivery?.attemptRows.map((attempt) => attempt.status_code)).toEqual([429, 204]);
      expect(delivery?.status).toBe('succeeded');
    });

    it('disables the automation on 410 and sends it nothing more', async () => {
      const target = await receive(() => ({ status: 410 }));
      const automation = await insertAutomation(runtime, org.organization.id, target.url);
      await collect();
      const worker = newWorker();
      await worker.runUntilIdle();
      const row = await automationRow(runtime.database.db, automation.id);
      expect(row.enabled).toBe(0);
      expect(row.disabled_reason).toBe('endpoint_gone');
      expect(await automationAnswer(automation.id)).toMatchObject({ enabled: false, disabledReason: 'endpoint_gone' });
      expect((await deliveriesOf(runtime.database.db, automation.id))[0]?.status).toBe('failed');

      await collect('after the 410');
      time += RETRY_SCHEDULE_MS[0];
      expect(await worker.runUntilIdle()).toBe(0);
      expect(target.received).toHaveLength(1);
    });

    it('retries an attempt the receiver leaves hanging past the timeout', async () => {
      const target = await receive((_, index) => (index === 0 ? 'hang' : { status: 200 }));
      const automation = await insertAutomation(runtime, org.organization.id, target.url);
      await collect();
      const worker = newWorker(300);
      await worker.runUntilIdle();
      const [timedOut] = await deliveriesOf(runtime.database.db, automation.id);
      expect(timedOut).toMatchObject({ status: 'pending', last_outcome: 'timeout' });
      time += RETRY_SCHEDULE_MS[0];
      await worker.runUntilIdle();
      const [delivery] = await deliveriesOf(runtime.database.db, automation.id);
      expect(delivery?.status).toBe('succeeded');
      expect(delivery?.attemptRows.map((attempt) => attempt.outcome)).toEqual(['timeout', 'response']);
      expect(target.received[1]?.headers['webhook-id']).toBe(target.received[0]?.headers['webhook-id']);
    });

    it('retries a connection reset mid-request', async () => {
      const target = await receive((_, index) => (index === 0 ? 'reset' : { status: 200 }));
      const automation = await insertAutomation(runtime, org.organization.id, target.url);
      await collect();
      const worker = newWorker();
      await worker.runUntilIdle();
      time += RETRY_SCHEDULE_MS[0];
      await worker.runUntilIdle();
      const [delivery] = await deliveriesOf(runtime.database.db, automation.id);
      expect(delivery?.attemptRows.map((attempt) => attempt.outcome)).toEqual(['network_error', 'response']);
      expect(delivery?.status).toBe('succeeded');
    });

    it('fails at once on a 4xx that is not worth retrying, and on a redirect (not followed)', async () => {
      const target = await receive((request) =>
        request.path === '/moved' ? { status: 302, headers: { location: 'http://127.0.0.2/' } } : { status: 400 },
      );
      const rejecting = await insertAutomation(runtime, org.organization.id, `${target.url}/bad`);
      const moved = await insertAutomation(runtime, org.organization.id, `${target.url}/moved`);
      await collect();
      const worker = newWorker();
      expect(await worker.runUntilIdle()).toBe(2);
      time += RETRY_SCHEDULE_MS[0] * 100;
      expect(await worker.runUntilIdle()).toBe(0);
      for (const [automation, status] of [
        [rejecting, 400],
        [moved, 302],
      ] as const) {
        const [delivery] = await deliveriesOf(runtime.database.db, automation.id);
        expect(delivery).toMatchObject({ status: 'failed', last_status_code: status });
        expect(delivery?.attemptRows).toHaveLength(1);
      }
      expect(target.received.map((request) => request.path).sort()).toEqual(['/bad', '/moved']);
    });

    it('follows the whole schedule on 5xx, then fails the delivery', async () => {
      const target = await receive(() => ({ status: 503 }));
      const automation = await insertAutomation(runtime, org.organization.id, target.url);
      await collect();
      const worker = newWorker();
      expect(await worker.runUntilIdle()).toBe(1);
      for (const wait of RETRY_SCHEDULE_MS) {
        time += wait - 1000;
        expect(await worker.runUntilIdle()).toBe(0);
        time += 1000;
        expect(await worker.runUntilIdle()).toBe(1);
      }
      time += MAX_RETRY_AFTER_MS * 10;
      expect(await worker.runUntilIdle()).toBe(0);
      const [delivery] = await deliveriesOf(runtime.database.db, automation.id);
      expect(delivery?.status).toBe('failed');
      expect(delivery?.attemptRows).toHaveLength(RETRY_SCHEDULE_MS.length + 1);
      expect(target.received).toHaveLength(RETRY_SCHEDULE_MS.length + 1);
      // Failing for about 28 hours does not disable the automation; 5 days does (below).
      expect((await automationRow(runtime.database.db, automation.id)).enabled).toBe(1);
    });

    it('disables an automation whose deliveries have failed for 5 days, with the reason', async () => {
      const target = await receive(() => ({ status: 503 }));
      const automation = await insertAutomation(runtime, org.organization.id, target.url);
      await collect('first');
      const worker = newWorker();
      await worker.runUntilIdle();
      const failingSince = (await automationRow(runtime.database.db, automation.id)).failing_since;
      expect(failingSince).toBe(new Date(time).toISOString());

      time += FAILING_DISABLES_AFTER_MS;
      await collect('second, five days later');
      await worker.runUntilIdle();
      const row = await automationRow(runtime.database.db, automation.id);
      expect(row.enabled).toBe(0);
      expect(row.disabled_reason).toBe('failing_for_5_days');
      expect(await automationAnswer(automation.id)).toMatchObject({
        enabled: false,
        disabledReason: 'failing_for_5_days',
        failingSince,
      });
    });

    it("keeps one automation's deliveries in event order, one at a time, while others go alongside", async () => {
      const target = await receive(() => ({ status: 200 }));
      const first = await insertAutomation(runtime, org.organization.id, `${target.url}/a`);
      const second = await insertAutomation(runtime, org.organization.id, `${target.url}/b`);
      const feedbackIds: string[] = [];
      for (let n = 0; n < 12; n++) feedbackIds.push(await collect(`item ${n}`));
      const worker = newWorker();
      expect(await worker.runUntilIdle()).toBe(24);
      for (const path of ['/a', '/b']) {
        expect(target.received.filter((request) => request.path === path).map(dataIdOf)).toEqual(feedbackIds);
      }
      expect(target.maxConcurrentPerPath()).toBe(1);
      for (const automation of [first, second]) {
        const deliveries = await deliveriesOf(runtime.database.db, automation.id);
        expect(deliveries.map((delivery) => delivery.status)).toEqual(Array(12).fill('succeeded'));
      }
    });

    it('lets later events pass one that failed, and sends it again on its retry', async () => {
      const target = await receive((request) =>
        dataIdOf(request) === failingId && target.received.filter((r) => dataIdOf(r) === failingId).length === 1
          ? { status: 500 }
          : { status: 200 },
      );
      let failingId = '';
      await insertAutomation(runtime, org.organization.id, target.url);
      failingId = await collect('fails once');
      const laterId = await collect('later');
      const worker = newWorker();
      await worker.runUntilIdle();
      expect(target.received.map(dataIdOf)).toEqual([failingId, laterId]);
      time += RETRY_SCHEDULE_MS[0];
      await worker.runUntilIdle();
      expect(target.received.map(dataIdOf)).toEqual([failingId, laterId, failingId]);
    });

    it('makes one delivery of an event the fan-out is handed twice', async () => {
      const target = await receive(() => ({ status: 200 }));
      const automation = await insertAutomation(runtime, org.organization.id, target.url);
      await collect();
      // The consumer starts over, as after a crash before its position moved.
      await runtime.database.db
        .updateTable('outbox_consumers')
        .set({ position_tx: '0', position_seq: 0 })
        .where('consumer', '=', 'webhooks')
        .execute();
      await runtime.webhookJobs.runUntilIdle();
      expect(await deliveriesOf(runtime.database.db, automation.id)).toHaveLength(1);
      expect(await newWorker().runUntilIdle()).toBe(1);
    });

    it('queues nothing for disabled automations, other event types or other organizations', async () => {
      const target = await receive(() => ({ status: 200 }));
      const other = await runtime.services.organizations.bootstrap({ name: 'Other' });
      await insertAutomation(runtime, org.organization.id, target.url, { enabled: 0 });
      await insertAutomation(runtime, org.organization.id, target.url, {
        events: JSON.stringify(['feedback.updated']),
      });
      await insertAutomation(runtime, other.organization.id, target.url);
      await collect();
      expect(await runtime.database.db.selectFrom('webhook_deliveries').selectAll().execute()).toEqual([]);
    });

    it('on stop, records the attempt in flight and hands the rest of its batch back, due at once', async () => {
      const firstArrived = deferred();
      const release = deferred();
      const target = await receive(async (_, index) => {
        if (index === 0) {
          firstArrived.resolve();
          await release.promise;
        }
        return { status: 200 };
      });
      const automation = await insertAutomation(runtime, org.organization.id, target.url);
      for (let n = 0; n < 3; n++) await collect(`item ${n}`);
      const worker = newWorker();
      worker.start();
      await firstArrived.promise;
      const stopped = worker.stop();
      release.resolve();
      await stopped;
      const deliveries = await deliveriesOf(runtime.database.db, automation.id);
      expect(deliveries.map((delivery) => [delivery.status, delivery.attempts, delivery.leased_until])).toEqual([
        ['succeeded', 1, null],
        ['pending', 0, null],
        ['pending', 0, null],
      ]);
      expect(target.received).toHaveLength(1);
      // Another worker takes the rest at once.
      expect(await newWorker().runUntilIdle()).toBe(2);
    });

    it('starts no attempt the lease could not cover, and hands those deliveries back', async () => {
      const target = await receive(() => ({ status: 200 }));
      const automation = await insertAutomation(runtime, org.organization.id, target.url);
      for (let n = 0; n < 3; n++) await collect(`item ${n}`);
      // Each attempt takes (on this clock) half the lease: after two, too little is left for a third.
      const released: string[] = [];
      const release = runtime.store.webhookDeliveries.release;
      runtime.store.webhookDeliveries.release = (deliveries, now) => {
        released.push(...deliveries.map((delivery) => delivery.id));
        return release(deliveries, now);
      };
      const { sender, prepare } = testDeliveryParts(runtime, 5000);
      const worker = new DeliveryWorker({
        store: runtime.store,
        sender: {
          send: async (request) => {
            const outcome = await sender.send(request);
            time += 30_000;
            return outcome;
          },
        },
        prepare,
        clock,
        random: () => 0.5,
        leaseMs: 60_000,
        attemptBudgetMs: 20_000,
      });
      expect(await worker.runUntilIdle()).toBe(3);
      expect(target.received).toHaveLength(3);
      const deliveries = await deliveriesOf(runtime.database.db, automation.id);
      // The third was handed back by the first claim and sent under a claim of its own.
      expect(released).toEqual([deliveries[2]?.id]);
      expect(deliveries.map((delivery) => [delivery.status, delivery.attemptRows.length])).toEqual([
        ['succeeded', 1],
        ['succeeded', 1],
        ['succeeded', 1],
      ]);
    });

    it('on stop, finishes the attempt in flight and records it', async () => {
      const target = await receive(
        () => new Promise<ReceiverAnswer>((resolve) => setTimeout(() => resolve({ status: 200 }), 50)),
      );
      const automation = await insertAutomation(runtime, org.organization.id, target.url);
      await collect();
      const worker = newWorker();
      worker.start();
      await target.waitFor(1);
      await worker.stop();
      const [delivery] = await deliveriesOf(runtime.database.db, automation.id);
      expect(delivery?.status).toBe('succeeded');
    });
  });
}
