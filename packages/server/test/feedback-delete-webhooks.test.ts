import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../src/runtime.js';
import type { BootstrappedOrganization } from '../src/services/organizations.js';
import { TEST_ALLOWED_CIDRS } from './support/automations.js';
import { readEventStream } from './support/event-stream.js';
import { dialectsUnderTest, openTestRuntime, requestApp } from './support/harness.js';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver.js';

/**
 * What the events of a deleted item still held of it goes with it: an item deleted before its
 * `feedback.created` fans out is never sent, one deleted before its delivery is not sent, one
 * delivered leaves no delivery to send again, and a stream resumed from before the delete does not
 * replay it. Nothing fails or retries on the way, and the items stay deleted. Page responses alike.
 */
for (const dialect of dialectsUnderTest()) {
  describe(`webhooks and streams of deleted feedback [${dialect}]`, () => {
    let runtime: Runtime;
    let cleanup: () => Promise<void>;
    let org: BootstrappedOrganization;
    let receiver: WebhookReceiver;
    let automationId: string;

    beforeAll(async () => {
      ({ runtime, cleanup } = await openTestRuntime(dialect, { webhookAllowedCidrs: TEST_ALLOWED_CIDRS }));
      org = await runtime.services.organizations.bootstrap({ name: 'Deleted meanwhile' });
      receiver = await startWebhookReceiver();
      const automation = async (events: string[], id: string) => {
        const created = await api('/automations', {
          method: 'POST',
          json: { name: events.join(' '), events, webhook: { url: `${receiver.url}/hook`, body: { id } } },
        });
        expect(created.status, await created.clone().text()).toBe(201);
        return ((await created.json()) as { id: string }).id;
      };
      automationId = await automation(['feedback.created', 'feedback.updated'], '{{feedback.id}}');
      await automation(['page_response.created'], '{{response.id}}');
    });
    afterAll(async () => {
      await receiver?.close();
      await cleanup?.();
    });

    const api = (path: string, init: { method?: string; json?: unknown; headers?: Record<string, string> } = {}) =>
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
    const remove = async (path: string) => expect((await api(path, { method: 'DELETE' })).status).toBe(200);
    const deliveredIds = () => receiver.received.map((request) => JSON.parse(request.body).id as string);
    const deliveries = async () => {
      const log = await api(`/automations/${automationId}/deliveries`);
      return ((await log.json()) as { data: { id: string; status: string }[] }).data;
    };
    const sendAll = async () => {
      await runtime.webhookJobs.runUntilIdle();
      await runtime.deliveries.runUntilIdle();
    };
    const noRetries = async () =>
      expect(await runtime.database.db.selectFrom('outbox_retries').select('last_error').execute()).toEqual([]);

    it('sends nothing of an item deleted before its event fanned out or before its delivery', async () => {
      const beforeFanOut = await collect('Deleted before the fan-out');
      await remove(`/feedback/${beforeFanOut}`);
      await runtime.webhookJobs.runUntilIdle();
      const beforeDelivery = await collect('Deleted before the delivery');
      await api(`/feedback/${beforeDelivery}`, { method: 'PATCH', json: { status: 'triaged' } });
      await runtime.webhookJobs.runUntilIdle();
      expect((await deliveries()).length).toBe(2);
      await remove(`/feedback/${beforeDelivery}`);
      const kept = await collect('Kept');
      await sendAll();

      expect(deliveredIds()).toEqual([kept]);
      expect((await deliveries()).map((delivery) => delivery.status)).toEqual(['succeeded']);
      await noRetries();
      for (const id of [beforeFanOut, beforeDelivery]) expect((await api(`/feedback/${id}`)).status).toBe(404);
    });

    it('leaves no delivery of a deleted item to send again', async () => {
      const sent = await collect('Delivered, then erased');
      await sendAll();
      expect(deliveredIds()).toContain(sent);
      const [delivery] = await deliveries();
      await remove(`/feedback/${sent}`);

      expect((await deliveries()).map((each) => each.id)).not.toContain(delivery?.id);
      const redeliver = await api(`/automations/${automationId}/deliveries/${delivery?.id}/redeliver`, {
        method: 'POST',
      });
      expect(redeliver.status).toBe(404);
      await api(`/automations/${automationId}/redeliver-failed`, { method: 'POST' });
      await sendAll();
      expect(deliveredIds().filter((id) => id === sent)).toHaveLength(1);
    });

    it('a stream resumed from before the delete does not replay the item', async () => {
      const first = readEventStream(await api('/feedback/stream'));
      const seen = await collect('Seen live');
      const seenEvent = await first.next();
      expect(JSON.parse(seenEvent.data).id).toBe(seen);
      await first.close();

      const gone = await collect('Missed, then deleted');
      const kept = await collect('Missed, kept');
      await remove(`/feedback/${gone}`);
      const resumed = readEventStream(
        await api('/feedback/stream', { headers: { 'last-event-id': seenEvent.id ?? '' } }),
      );
      expect(JSON.parse((await resumed.next()).data).id).toBe(kept);
      await resumed.close();
    });

    it('sends nothing of a page response deleted or erased before its delivery', async () => {
      const page = await api('/feedback-pages', {
        method: 'POST',
        json: { title: 'Erasable', questions: [{ id: 'nps', type: 'nps', title: 'Recommend us?' }] },
      });
      const { id: pageId } = (await page.json()) as { id: string };
      expect((await api(`/feedback-pages/${pageId}/publish`, { method: 'POST' })).status).toBe(200);
      const respond = async (email: string) => {
        const response = await api(`/feedback-pages/${pageId}/responses`, {
          method: 'POST',
          json: { answers: { nps: 3 }, contact: { email } },
        });
        expect(response.status, await response.clone().text()).toBe(201);
        return ((await response.json()) as { id: string }).id;
      };
      const deleted = await respond('deleted@example.com');
      const erased = await respond('erased@example.com');
      const kept = await respond('kept@example.com');
      await runtime.webhookJobs.runUntilIdle();
      await remove(`/feedback-pages/${pageId}/responses/${deleted}`);
      const erasure = await api('/feedback-pages/responses/erase', {
        method: 'POST',
        json: { contact: { email: 'erased@example.com' } },
      });
      expect(await erasure.json()).toEqual({ deleted: 1 });
      await sendAll();

      expect(deliveredIds()).toContain(kept);
      expect(deliveredIds()).not.toContain(deleted);
      expect(deliveredIds()).not.toContain(erased);
      await noRetries();
    });
  });
}
