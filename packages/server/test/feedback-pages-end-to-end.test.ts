import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../src/runtime.js';
import type { BootstrappedOrganization } from '../src/services/organizations.js';
import { TEST_ALLOWED_CIDRS } from './support/automations.js';
import { dialectsUnderTest, openTestRuntime, requestApp } from './support/harness.js';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver.js';

/**
 * What a new user does with feedback pages, through the API only: a page, published; an
 * automation on `page_response.created`; a response; and then one signed request at their
 * endpoint carrying the response as the API answers it.
 */
for (const dialect of dialectsUnderTest()) {
  describe(`a feedback page, end to end [${dialect}]`, () => {
    let runtime: Runtime;
    let cleanup: () => Promise<void>;
    let org: BootstrappedOrganization;
    let receiver: WebhookReceiver;
    beforeAll(async () => {
      ({ runtime, cleanup } = await openTestRuntime(dialect, { webhookAllowedCidrs: TEST_ALLOWED_CIDRS }));
      org = await runtime.services.organizations.bootstrap({ name: 'Pages end to end' });
      receiver = await startWebhookReceiver();
    });
    afterAll(async () => {
      await receiver.close();
      await cleanup();
    });

    const api = (path: string, init: { method?: string; json?: unknown; key?: string } = {}) =>
      requestApp(runtime, `/organizations/${org.organization.id}${path}`, { key: org.adminKey, ...init });

    it('delivers page_response.created, signed, with the response as the API answers it', async () => {
      const created = await api('/feedback-pages', {
        method: 'POST',
        json: {
          title: 'Checkout survey',
          questions: [
            { id: 'recommend', type: 'nps', title: 'Recommend us?', required: true },
            { id: 'phone', type: 'phone', title: 'Call-back number' },
          ],
        },
      });
      expect(created.status).toBe(201);
      const page = (await created.json()) as { id: string };
      expect((await api(`/feedback-pages/${page.id}/publish`, { method: 'POST' })).status).toBe(200);

      const automation = await api('/automations', {
        method: 'POST',
        json: {
          name: 'Page responses to the CRM',
          events: ['page_response.created'],
          // A feedback filter: page responses are matched on their type alone.
          filter: { type: 'nps', scoreMax: 6 },
          webhook: {
            url: `${receiver.url}/crm`,
            body: {
              recommend: '{{response.answers.recommend}}',
              phone: '{{response.answers.phone}}',
              all: '{{response}}',
            },
          },
        },
      });
      expect(automation.status).toBe(201);
      const { signingSecret } = (await automation.json()) as { signingSecret: string };

      const submitted = await api(`/feedback-pages/${page.id}/responses`, {
        method: 'POST',
        key: org.collectKey,
        json: { answers: { recommend: 10, phone: '+44 20 7946 0958' } },
      });
      expect(submitted.status).toBe(201);
      const response = (await submitted.json()) as { id: string };
      await runtime.webhookJobs.runUntilIdle();
      await runtime.deliveries.runUntilIdle();

      expect(receiver.received).toHaveLength(1);
      const [request] = receiver.received;
      if (!request) throw new Error('nothing arrived');
      const headers = {
        'webhook-id': String(request.headers['webhook-id']),
        'webhook-timestamp': String(request.headers['webhook-timestamp']),
        'webhook-signature': String(request.headers['webhook-signature']),
      };
      const read = await (await api(`/feedback-pages/${page.id}/responses/${response.id}`)).json();
      expect(new Webhook(signingSecret).verify(request.body, headers)).toEqual({
        recommend: 10,
        phone: '+442079460958',
        all: read,
      });
    });
  });
}
