import { afterEach, describe, expect, it } from 'vitest';
import type { Runtime } from '../src/runtime.js';
import type { WebhookSender } from '../src/webhooks/contracts.js';
import { GuardedWebhookSender } from '../src/webhooks/sender.js';
import { expectJson } from './support/api-assertions.js';
import { within } from './support/async.js';
import { deliveriesOf, insertAutomation, TEST_ALLOWED_CIDRS } from './support/automations.js';
import { dialectsUnderTest, requestApp, type SharedDatabase, sharedTestDatabase } from './support/harness.js';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver.js';

/**
 * Two servers' delivery workers on one database share the queued deliveries: every event reaches
 * every automation exactly once, one at a time per automation and in event order, whichever
 * worker claimed it. PostgreSQL only: it is the database several servers share. Two runtimes on one
 * SQLite file in one process would block each other's event loop on SQLite's busy wait (a test
 * artefact: one process serves a SQLite file), which made "both took part" a matter of timing.
 */

const EVENTS = 30;
// More than one worker serves at once (8), so both must take part.
const AUTOMATIONS = 10;

/** Counts the attempts a runtime's worker sends. */
function countingSender(): WebhookSender & { sent: number } {
  const inner = new GuardedWebhookSender({ allowedCidrs: TEST_ALLOWED_CIDRS, timeoutMs: 5000 });
  const sender = {
    sent: 0,
    send(request: Parameters<WebhookSender['send']>[0]) {
      sender.sent++;
      return inner.send(request);
    },
  };
  return sender;
}

for (const dialect of dialectsUnderTest().filter((name) => name === 'postgres')) {
  describe(`two delivery workers on one database [${dialect}]`, () => {
    let database: SharedDatabase | undefined;
    let receiver: WebhookReceiver | undefined;
    afterEach(async () => {
      await database?.cleanup();
      await receiver?.close();
    });

    it('never send the same attempt twice, and keep each automation in event order', async () => {
      database = await sharedTestDatabase(dialect);
      // A few milliseconds per answer, so the workers overlap.
      receiver = await startWebhookReceiver(
        () => new Promise((resolve) => setTimeout(() => resolve({ status: 200 }), Math.random() * 4)),
      );
      const senders = [countingSender(), countingSender()];
      const runtimes: Runtime[] = [];
      for (const sender of senders) {
        runtimes.push(await database.open({}, { webhookSender: sender }));
      }
      const [first] = runtimes as [Runtime, Runtime];
      const org = await first.services.organizations.bootstrap({ name: 'Shared' });
      const automations = [];
      for (let n = 0; n < AUTOMATIONS; n++) {
        automations.push(await insertAutomation(first, org.organization.id, `${receiver.url}/${n}`));
      }

      const feedbackIds: string[] = [];
      for (let n = 0; n < EVENTS; n++) {
        const runtime = runtimes[n % 2] as Runtime;
        const response = await requestApp(runtime, '/collect', {
          method: 'POST',
          key: org.collectKey,
          json: { inboxKey: org.inbox.inboxKey, type: 'text', comment: `item ${n}` },
        });
        feedbackIds.push((await expectJson<{ id: string }>(response, 201)).id);
      }
      // Everything queued first, then both workers start at once and compete for it.
      await first.webhookJobs.runUntilIdle();
      for (const runtime of runtimes) runtime.deliveries.start();
      await within(receiver.waitFor(EVENTS * AUTOMATIONS), 60_000, 'not every delivery arrived');
      for (const runtime of runtimes) await runtime.close();

      expect(receiver.received).toHaveLength(EVENTS * AUTOMATIONS);
      expect(senders.map((sender) => sender.sent).reduce((a, b) => a + b)).toBe(EVENTS * AUTOMATIONS);
      // Both took part. Not asserted on SQLite: two connections of one process there block each
      // other's thread while one holds the write lock (busy_timeout), so one worker may do it all.
      if (dialect === 'postgres') expect(Math.min(...senders.map((sender) => sender.sent))).toBeGreaterThan(0);
      expect(receiver.maxConcurrentPerPath()).toBe(1);
      for (let n = 0; n < AUTOMATIONS; n++) {
        const received = receiver.received.filter((request) => request.path === `/${n}`);
        expect(received.map((request) => (JSON.parse(request.body) as { data: { id: string } }).data.id)).toEqual(
          feedbackIds,
        );
      }
      const reader = await database.open();
      for (const automation of automations) {
        const deliveries = await deliveriesOf(reader.database.db, automation.id);
        expect(deliveries.map((delivery) => [delivery.status, delivery.attemptRows.length])).toEqual(
          Array(EVENTS).fill(['succeeded', 1]),
        );
      }
    });
  });
}
