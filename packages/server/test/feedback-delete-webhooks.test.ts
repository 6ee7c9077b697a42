import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../src/runtime.js';
import type { BootstrappedOrganization } from '../src/services/organizations.js';
import { TEST_ALLOWED_CIDRS } from './support/automations.js';
import { dialectsUnderTest, openTestRuntime, requestApp } from './support/harness.js';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver.js';

/**
 * An item deleted while its `feedback.created` is still on its way to a webhook: before the event
 * fans out into a delivery, and after. Neither the fan-out nor the delivery fails, retries or
 * brings the item back; the event is delivered as it was written (it happened before the delete).
 */
for (const dialect of dialectsUnderTest()) {
  describe(`webhooks of feedback deleted meanwhile [${dialect}]`, () => {
    let runtime: Runtime;
    let cleanup: () => Promise<void>;
    let org: BootstrappedOrganization;
    let receiver: WebhookReceiver;
    let automationId: string;

    beforeAll(async () => {
      ({ runtime, cleanup } = await openTestRuntime(dialect, { webhookAllowedCidrs: TEST_ALLOWED_CIDRS }));
      org = await runtime.services.organizations.bootstrap({ name: 'Deleted meanwhile' });
      receiver = await startWebhookReceiver();
      const created = await api('/automations', {
        method: 'POST',
        json: {
          name: 'Every item',
          events: ['feedback.created'],
          webhook: { url: `${receiver.url}/hook`, body: { id: '{{feedback.id}}' } },
        },
      });
      expect(created.status).toBe(201);
      automationId = ((await created.json()) as { id: string }).id;
    });
    afterAll(async () => {
      await receiver?.close();
      await cleanup?.();
    });

    const api = (path: string, init: { method?: string; json?: unknown } = {}) =>
      requestApp(runtime, `/organizations/${org.organization.id}${path}`, { key: org.adminKey, ...init });
    const collect = async (comment: string) => {
      const response = await requestApp(runtime, '/collect', {
        method: 'POST',
        key: org.collectKey,
        json: { inboxKey: org.inbox.inboxKey, type: 'text', comment },
      });
      expect(response.status).toBe(201);
      return ((await response.json()) as { id: string }).id;
    };
    const remove = async (id: string) => expect((await api(`/feedback/${id}`, { method: 'DELETE' })).status).toBe(200);

    it('fans out, delivers and finishes without an error or a retry, and the items stay deleted', async () => {
      const beforeFanOut = await collect('Deleted before the fan-out');
      await remove(beforeFanOut);
      await runtime.webhookJobs.runUntilIdle();
      const beforeDelivery = await collect('Deleted before the delivery');
      await runtime.webhookJobs.runUntilIdle();
      await remove(beforeDelivery);
      await runtime.deliveries.runUntilIdle();

      const log = await api(`/automations/${automationId}/deliveries`);
      const { data } = (await log.json()) as { data: { status: string }[] };
      expect(data.map((delivery) => delivery.status)).toEqual(['succeeded', 'succeeded']);
      expect(receiver.received.map((request) => JSON.parse(request.body).id).sort()).toEqual(
        [beforeFanOut, beforeDelivery].sort(),
      );
      const retries = await runtime.database.db.selectFrom('outbox_retries').select('last_error').execute();
      expect(retries).toEqual([]);
      for (const id of [beforeFanOut, beforeDelivery]) {
        expect((await api(`/feedback/${id}`)).status).toBe(404);
      }
    });
  });
}
