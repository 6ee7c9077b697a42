import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../src/runtime.js';
import type { BootstrappedOrganization } from '../src/services/organizations.js';
import { TEST_ALLOWED_CIDRS } from './support/automations.js';
import { dialectsUnderTest, openTestRuntime, requestApp } from './support/harness.js';
import { databaseHolding, distinctive } from './support/plaintext-search.js';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver.js';

/**
 * What a new user does, through the API only: a secret, an automation that uses it, feedback, and
 * then one signed, templated request at their endpoint, with the attempt in the delivery log.
 */
for (const dialect of dialectsUnderTest()) {
  describe(`an automation, end to end [${dialect}]`, () => {
    let runtime: Runtime;
    let cleanup: () => Promise<void>;
    let org: BootstrappedOrganization;
    let receiver: WebhookReceiver;
    beforeAll(async () => {
      ({ runtime, cleanup } = await openTestRuntime(dialect, { webhookAllowedCidrs: TEST_ALLOWED_CIDRS }));
      org = await runtime.services.organizations.bootstrap({ name: 'End to end' });
      receiver = await startWebhookReceiver();
    });
    afterAll(async () => {
      await receiver.close();
      await cleanup();
    });

    const api = (path: string, init: { method?: string; json?: unknown } = {}) =>
      requestApp(runtime, `/organizations/${org.organization.id}${path}`, { key: org.adminKey, ...init });
    const collect = (score: number, comment: string) =>
      requestApp(runtime, '/collect', {
        method: 'POST',
        key: org.collectKey,
        json: { inboxKey: org.inbox.inboxKey, type: 'nps', score, comment },
      });

    it('delivers one signed request, rendered with the secret and the feedback, and logs it', async () => {
      const token = distinctive('token');
      expect((await api('/secrets', { method: 'POST', json: { name: 'RECEIVER_TOKEN', value: token } })).status).toBe(
        201,
      );
      const created = await api('/automations', {
        method: 'POST',
        json: {
          name: 'Detractors',
          events: ['feedback.created'],
          filter: { type: 'nps', scoreMax: 6 },
          webhook: {
            url: `${receiver.url}/hearback`,
            headers: { Authorization: 'Bearer {{secrets.RECEIVER_TOKEN}}' },
            body: {
              text: 'NPS {{feedback.score}}: {{feedback.comment}}',
              score: '{{feedback.score}}',
              on: '{{event.type}}',
            },
          },
        },
      });
      expect(created.status).toBe(201);
      const automation = (await created.json()) as { id: string; signingSecret: string };

      // A comment that would break naive string templating; and a promoter the filter leaves out.
      const comment = 'Too "slow"\\ on {{mobile}}\nsince v2';
      expect((await collect(3, comment)).status).toBe(201);
      expect((await collect(9, 'great')).status).toBe(201);
      await runtime.webhookJobs.runUntilIdle();
      await runtime.deliveries.runUntilIdle();

      expect(receiver.received).toHaveLength(1);
      const [request] = receiver.received;
      if (!request) throw new Error('nothing arrived');
      expect(request.path).toBe('/hearback');
      expect(request.headers.authorization).toBe(`Bearer ${token}`);
      expect(request.headers['content-type']).toBe('application/json');
      const headers = {
        'webhook-id': String(request.headers['webhook-id']),
        'webhook-timestamp': String(request.headers['webhook-timestamp']),
        'webhook-signature': String(request.headers['webhook-signature']),
      };
      // Verified by the independent Standard Webhooks library, with the secret create answered.
      expect(new Webhook(automation.signingSecret).verify(request.body, headers)).toEqual({
        text: `NPS 3: ${comment}`,
        score: 3,
        on: 'feedback.created',
      });
      expect(() => new Webhook(automation.signingSecret).verify(request.body.replace('3', '4'), headers)).toThrow();
      expect(headers['webhook-id']).toMatch(/^evt_/);

      const log = await api(`/automations/${automation.id}/deliveries`);
      expect(log.status).toBe(200);
      const { data } = (await log.json()) as {
        data: { eventId: string; status: string; attempts: { statusCode: number | null; outcome: string }[] }[];
      };
      expect(data).toHaveLength(1);
      expect(data[0]).toMatchObject({ eventId: headers['webhook-id'], status: 'succeeded' });
      expect(data[0]?.attempts).toEqual([expect.objectContaining({ statusCode: 200 })]);

      // Delivering rendered the secret into a header; nothing of it was stored.
      expect(await databaseHolding(runtime, token)).toEqual([]);
    });
  });
}
