import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { within } from './support/async.js';
import { deliveriesOf, insertAutomation, TEST_ALLOWED_CIDRS } from './support/automations.js';
import { BUILD_TIMEOUT_MS, ensureBuilt, type ServeProcess, spawnServe } from './support/built-cli.js';
import { dialectsUnderTest, type SharedDatabase, sharedTestDatabase } from './support/harness.js';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver.js';

/**
 * At-least-once across a crash: `hearback serve` is SIGKILLed after sending a webhook and before
 * recording the attempt; after a restart the delivery is sent again with the same `webhook-id`.
 */

const ARRIVAL_TIMEOUT_MS = 20_000;

beforeAll(async () => {
  await ensureBuilt();
}, BUILD_TIMEOUT_MS);

for (const dialect of dialectsUnderTest()) {
  describe(`webhook delivery across a crash [${dialect}]`, () => {
    let database: SharedDatabase | undefined;
    let receiver: WebhookReceiver | undefined;
    const servers: ServeProcess[] = [];
    afterEach(async () => {
      for (const server of servers.splice(0)) await server.stop('SIGKILL');
      await receiver?.close();
      await database?.cleanup();
    });

    it('sends the delivery again after a SIGKILL between send and record, with the same webhook-id', async () => {
      database = await sharedTestDatabase(dialect);
      const env = {
        DATABASE_URL: database.databaseUrl ?? '',
        HEARBACK_SEARCH: 'off',
        HEARBACK_WEBHOOK_ALLOWED_CIDRS: TEST_ALLOWED_CIDRS.join(','),
      };
      // The first attempt is never answered: the server is killed while it waits.
      receiver = await startWebhookReceiver((_, index) => (index === 0 ? 'hang' : { status: 200 }));
      const setup = await database.open();
      const org = await setup.services.organizations.bootstrap({ name: 'Crash' });
      const automation = await insertAutomation(setup, org.organization.id, receiver.url);
      await setup.close();

      const first = await spawnServe(database.dataDir, env);
      servers.push(first);
      const collected = await fetch(`${first.url}/collect`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-service-key': org.collectKey },
        body: JSON.stringify({ inboxKey: org.inbox.inboxKey, type: 'thumbs', score: 1 }),
      });
      expect(collected.status).toBe(201);
      const [sent] = await within(receiver.waitFor(1), ARRIVAL_TIMEOUT_MS, 'the first attempt did not arrive');
      await first.stop('SIGKILL');
      servers.splice(servers.indexOf(first), 1);

      // Sent, not recorded: the delivery is still leased to the dead process.
      const inspector = await database.open();
      const [inFlight] = await deliveriesOf(inspector.database.db, automation.id);
      expect(inFlight).toMatchObject({ status: 'delivering', attemptRows: [] });
      // The dead process's lease runs out (a minute; the test does not wait for it).
      await inspector.database.db
        .updateTable('webhook_deliveries')
        .set({ leased_until: new Date(Date.now() - 1000).toISOString() })
        .execute();
      await inspector.close();

      const second = await spawnServe(database.dataDir, env);
      servers.push(second);
      const [, again] = await within(receiver.waitFor(2), ARRIVAL_TIMEOUT_MS, 'the delivery was not sent again');
      expect(again?.headers['webhook-id']).toBe(sent?.headers['webhook-id']);
      expect(again?.body).toBe(sent?.body);
      // A graceful stop finishes the attempt in flight and records it.
      expect(await second.stop('SIGTERM')).toBe(0);
      servers.splice(servers.indexOf(second), 1);

      const reader = await database.open();
      const [delivered] = await deliveriesOf(reader.database.db, automation.id);
      expect(delivered?.status).toBe('succeeded');
      expect(delivered?.attemptRows.map((attempt) => attempt.status_code)).toEqual([200]);
      expect(receiver.received).toHaveLength(2);
    });
  });
}
