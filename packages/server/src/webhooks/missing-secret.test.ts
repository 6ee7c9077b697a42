import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectJson } from '../../test/support/api-assertions.js';
import { automationInput, deliveriesOf, testDeliveryParts } from '../../test/support/automations.js';
import { dialectsUnderTest, openTestRuntime, requestApp } from '../../test/support/harness.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/support/webhook-receiver.js';
import type { Runtime } from '../runtime.js';
import type { BootstrappedOrganization } from '../services/organizations.js';
import { DeliveryWorker } from './delivery-worker.js';

const TOKEN = 'tmp-token-value-4f1c';

/**
 * A delivery whose template names a secret the organization no longer has (deleting one in use is
 * refused, but a race with that check or a master-secret change can still lose it) is not sent
 * with a hole where the secret was: the attempt fails, and the log says why without any value.
 */
for (const dialect of dialectsUnderTest()) {
  describe(`a delivery whose secret is gone [${dialect}]`, () => {
    let runtime: Runtime;
    let org: BootstrappedOrganization;
    let cleanup: () => Promise<void>;
    let receiver: WebhookReceiver;
    let time: number;

    beforeEach(async () => {
      const opened = await openTestRuntime(dialect);
      runtime = opened.runtime;
      cleanup = opened.cleanup;
      org = await runtime.services.organizations.bootstrap({ name: 'Missing secrets' });
      receiver = await startWebhookReceiver();
      time = Date.now() + 60_000;
    });
    afterEach(async () => {
      await receiver.close();
      await cleanup();
    });

    const api = (path: string, init: { method?: string; json?: unknown } = {}) =>
      requestApp(runtime, `/organizations/${org.organization.id}${path}`, { key: org.adminKey, ...init });
    const worker = () =>
      new DeliveryWorker({ store: runtime.store, ...testDeliveryParts(runtime), clock: { now: () => time } });

    async function collect(): Promise<void> {
      const response = await requestApp(runtime, '/collect', {
        method: 'POST',
        key: org.collectKey,
        json: { inboxKey: org.inbox.inboxKey, type: 'text', comment: 'Where did my token go?' },
      });
      await expectJson(response, 201);
      await runtime.webhookJobs.runUntilIdle();
    }

    it('fails the attempt naming the secret, sends nothing, and sends it whole once the secret is back', async () => {
      await expectJson(await api('/secrets', { method: 'POST', json: { name: 'TMP_TOKEN', value: TOKEN } }), 201);
      const automation = await expectJson<{ id: string }>(
        await api('/automations', {
          method: 'POST',
          json: automationInput({
            webhook: { url: `${receiver.url}/hook`, headers: { Authorization: 'Bearer {{secrets.TMP_TOKEN}}' } },
          }),
        }),
        201,
      );
      // The secret disappears behind the API's back, as a race with the deletion's check would leave it.
      await runtime.database.db.deleteFrom('organization_secrets').where('name', '=', 'TMP_TOKEN').execute();

      await collect();
      expect(await worker().runUntilIdle()).toBe(1);
      expect(receiver.received).toEqual([]);
      const [failed] = await deliveriesOf(runtime.database.db, automation.id);
      expect(failed?.status).toBe('failed');
      expect(failed?.attemptRows.map((attempt) => attempt.outcome)).toEqual(['render_error']);

      // The delivery log says which secret and what to do, and holds no value.
      const logResponse = await api(`/automations/${automation.id}/deliveries`);
      const logText = await logResponse.clone().text();
      const log = await expectJson<{ data: { id: string; attempts: { outcome: string; error: string }[] }[] }>(
        logResponse,
        200,
      );
      expect(log.data[0]?.attempts).toEqual([
        expect.objectContaining({
          outcome: 'render_error',
          error: expect.stringMatching(/^Not sent: the template uses \{\{secrets\.TMP_TOKEN\}\}.*redeliver\.$/),
        }),
      ]);
      expect(logText).not.toContain(TOKEN);

      await expectJson(await api('/secrets/TMP_TOKEN', { method: 'PUT', json: { value: TOKEN } }), 200);
      await expectJson(
        await api(`/automations/${automation.id}/deliveries/${log.data[0]?.id}/redeliver`, { method: 'POST' }),
        202,
      );
      expect(await worker().runUntilIdle()).toBe(1);
      expect(receiver.received.map((request) => request.headers.authorization)).toEqual([`Bearer ${TOKEN}`]);
      const [sent] = await deliveriesOf(runtime.database.db, automation.id);
      expect(sent?.status).toBe('succeeded');
    });
  });
}
