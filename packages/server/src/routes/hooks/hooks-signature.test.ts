import { verifyWebhook } from '@hearback/node';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectJson } from '../../../test/support/api.js';
import { TEST_ALLOWED_CIDRS } from '../../../test/support/automations.js';
import { describeEachDatabase } from '../../../test/support/harness.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/support/webhook-receiver.js';

/**
 * What an automation platform does with a REST hook: subscribe, keep the `signingSecret` of the
 * answer, and verify each delivery's Standard Webhooks signature with it.
 */
describeEachDatabase(
  'REST hooks: the subscription answers the secret that signs its deliveries',
  (bed) => {
    let receiver: WebhookReceiver;
    const orgA = () => bed().orgA;
    const api = (path: string, json?: unknown) =>
      bed().request(`/organizations/${orgA().organization.id}${path}`, { method: 'POST', key: orgA().adminKey, json });

    async function deliverOneFeedback(comment: string): Promise<void> {
      const response = await bed().request('/collect', {
        method: 'POST',
        key: orgA().collectKey,
        json: { inboxKey: orgA().inbox.inboxKey, type: 'text', comment },
      });
      await expectJson(response, 201);
      await bed().runtime.webhookJobs.runUntilIdle();
      await bed().runtime.deliveries.runUntilIdle();
    }

    beforeAll(async () => {
      receiver = await startWebhookReceiver();
    });
    afterAll(async () => {
      await receiver.close();
    });

    it('verifies a real delivery with the subscribe answer’s signingSecret, and after a rotation with the new one only', async () => {
      const hook = await expectJson<{ id: string; signingSecret: string }>(
        await api('/hooks', { event: 'feedback.created', targetUrl: `${receiver.url}/zap` }),
        201,
      );
      await deliverOneFeedback('signed for the platform');
      const [delivery] = await receiver.waitFor(1);
      if (!delivery) throw new Error('nothing delivered');
      // The body is the bare resource (a REST hook's payload), and the signature is the hook's.
      expect(verifyWebhook(delivery.body, delivery.headers, hook.signingSecret)).toMatchObject({
        comment: 'signed for the platform',
      });

      const rotated = await expectJson<{ id: string; kind: string; signingSecret: string }>(
        await api(`/automations/${hook.id}/rotate-signing-secret`),
        200,
      );
      expect(rotated).toMatchObject({ id: hook.id, kind: 'rest_hook' });
      expect(rotated.signingSecret).not.toBe(hook.signingSecret);
      await deliverOneFeedback('signed after the rotation');
      const [, next] = await receiver.waitFor(2);
      if (!next) throw new Error('nothing delivered after the rotation');
      expect(verifyWebhook(next.body, next.headers, rotated.signingSecret)).toMatchObject({
        comment: 'signed after the rotation',
      });
      expect(() => verifyWebhook(next.body, next.headers, hook.signingSecret)).toThrow();
    });
  },
  { webhookAllowedCidrs: TEST_ALLOWED_CIDRS },
);
