import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createBrand,
  createKey,
  describeScopeMatrix,
  expectHiddenFromOrgB,
  expectJson,
  expectProblem,
} from '../../../test/support/api.js';
import { insertAutomation, TEST_ALLOWED_CIDRS } from '../../../test/support/automations.js';
import { describeEachDatabase, type TestBed } from '../../../test/support/harness.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/support/webhook-receiver.js';
import type { WebhookDelivery } from '../../domain/webhook-delivery.js';

const UNKNOWN_DELIVERY = 'dlv_01jd3x2k9v6c4h8m2n5p7q1r3s';

interface DeliveryPage {
  data: WebhookDelivery[];
  nextCursor: string | null;
}

describeEachDatabase(
  'webhook delivery log API',
  (bed) => {
    let receiver: WebhookReceiver;
    let automationId: string;
    /** Comments the receiver refuses with 400 (a failure not retried). */
    const refused = new Set<string>();
    const feedbackIds: string[] = [];

    const orgA = () => bed().orgA;
    const automationPath = (id = automationId, org = orgA()) =>
      `/organizations/${org.organization.id}/automations/${id}`;
    const list = (query = '', key = orgA().adminKey) =>
      bed().request(`${automationPath()}/deliveries${query}`, { key });
    const redeliver = (deliveryId: string, key = orgA().adminKey) =>
      bed().request(`${automationPath()}/deliveries/${deliveryId}/redeliver`, { method: 'POST', key });
    const redeliverFailed = (query = '', key = orgA().adminKey) =>
      bed().request(`${automationPath()}/redeliver-failed${query}`, { method: 'POST', key });

    /** Fan-out and every due delivery, as the background would. */
    async function deliverAll(): Promise<void> {
      await bed().runtime.webhookJobs.runUntilIdle();
      await bed().runtime.deliveries.runUntilIdle();
    }

    async function collect(bed: TestBed, comment: string): Promise<string> {
      const response = await bed.request('/collect', {
        method: 'POST',
        key: orgA().collectKey,
        json: { inboxKey: orgA().inbox.inboxKey, type: 'text', comment },
      });
      return (await expectJson<{ id: string }>(response, 201)).id;
    }

    async function allDeliveries(): Promise<WebhookDelivery[]> {
      return (await expectJson<DeliveryPage>(await list('?limit=200'), 200)).data;
    }

    beforeAll(async () => {
      receiver = await startWebhookReceiver((request) =>
        refused.has((JSON.parse(request.body) as { data: { comment: string } }).data.comment)
          ? { status: 400, body: 'no thanks' }
          : { status: 200, body: 'ok' },
      );
      automationId = (await insertAutomation(bed().runtime, orgA().organization.id, receiver.url)).id;
      refused.add('refused 1');
      refused.add('refused 2');
      for (const comment of ['one', 'two', 'refused 1', 'three', 'refused 2']) {
        feedbackIds.push(await collect(bed(), comment));
      }
      await deliverAll();
    });
    afterAll(async () => {
      await receiver.close();
    });

    describe("the automation's last delivery", () => {
      it('shows the newest delivery where it stands, in the automation and in the list; null before the first', async () => {
        const [newest] = await allDeliveries();
        const expected = {
          id: newest?.id,
          eventType: 'feedback.created',
          status: 'failed',
          createdAt: newest?.createdAt,
          updatedAt: newest?.updatedAt,
        };
        const automation = await expectJson<{ lastDelivery: unknown }>(
          await bed().request(automationPath(), { key: orgA().adminKey }),
          200,
        );
        expect(automation.lastDelivery).toEqual(expected);

        const silent = await insertAutomation(bed().runtime, orgA().organization.id, receiver.url, {
          events: JSON.stringify(['page_response.created']),
        });
        const listed = await expectJson<{ data: { id: string; lastDelivery: unknown }[] }>(
          await bed().request(`/organizations/${orgA().organization.id}/automations?limit=100`, {
            key: orgA().adminKey,
          }),
          200,
        );
        expect(Object.fromEntries(listed.data.map((each) => [each.id, each.lastDelivery]))).toEqual({
          [automationId]: expected,
          [silent.id]: null,
        });
        await bed().request(automationPath(silent.id), { method: 'DELETE', key: orgA().adminKey });
      });
    });

    describe('the log', () => {
      it('lists every delivery newest first, with its attempts', async () => {
        const deliveries = await allDeliveries();
        expect(deliveries).toHaveLength(5);
        expect(deliveries.map((delivery) => delivery.status)).toEqual([
          'failed',
          'succeeded',
          'failed',
          'succeeded',
          'succeeded',
        ]);
        const [newest] = deliveries;
        expect(newest).toEqual({
          id: expect.stringMatching(/^dlv_[0-9a-z]{26}$/),
          automationId,
          eventId: expect.stringMatching(/^evt_/),
          eventType: 'feedback.created',
          status: 'failed',
          attempts: [
            {
              at: expect.any(String),
              statusCode: 400,
              latencyMs: expect.any(Number),
              outcome: 'response',
              error: null,
              responseExcerpt: 'no thanks',
            },
          ],
          nextAttemptAt: null,
          createdAt: expect.any(String),
          updatedAt: expect.any(String),
        });
        const webhookIds = receiver.received.map((request) => request.headers['webhook-id']);
        expect([...deliveries].reverse().map((delivery) => delivery.eventId)).toEqual(webhookIds);
      });

      it('lists only the deliveries in a status when asked, and refuses an unknown status', async () => {
        const failed = await expectJson<DeliveryPage>(await list('?status=failed'), 200);
        expect(failed.data.map((delivery) => delivery.status)).toEqual(['failed', 'failed']);
        const succeeded = await expectJson<DeliveryPage>(await list('?status=succeeded&limit=2'), 200);
        expect(succeeded.data.map((delivery) => delivery.status)).toEqual(['succeeded', 'succeeded']);
        expect(succeeded.nextCursor).not.toBeNull();
        await expectProblem(await list('?status=lost'), 400, 'validation_failed');
      });

      it('pages with the cursor', async () => {
        const ids: string[] = [];
        let cursor: string | null = null;
        do {
          const page: DeliveryPage = await expectJson<DeliveryPage>(
            await list(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`),
            200,
          );
          expect(page.data.length).toBeLessThanOrEqual(2);
          ids.push(...page.data.map((delivery) => delivery.id));
          cursor = page.nextCursor;
        } while (cursor);
        expect(ids).toEqual((await allDeliveries()).map((delivery) => delivery.id));
      });

      it('answers 404 for an automation that does not exist, 400 for a malformed id', async () => {
        await expectProblem(
          await bed().request(`${automationPath('auto_01jd3x2k9v6c4h8m2n5p7q1r3s')}/deliveries`, {
            key: orgA().adminKey,
          }),
          404,
          'not_found',
        );
        await expectProblem(
          await bed().request(`${automationPath('inb_01jd3x2k9v6c4h8m2n5p7q1r3s')}/deliveries`, {
            key: orgA().adminKey,
          }),
          400,
          'validation_failed',
        );
        await expectProblem(await list('?cursor=nonsense'), 400, 'validation_failed');
      });
    });

    describe('redelivery', () => {
      it('sends a delivery again with the same webhook-id, as a new attempt in the log', async () => {
        const succeeded = (await allDeliveries()).find((delivery) => delivery.status === 'succeeded');
        if (!succeeded) throw new Error('no succeeded delivery');
        const queued = await expectJson<WebhookDelivery>(await redeliver(succeeded.id), 202);
        expect(queued).toMatchObject({ id: succeeded.id, status: 'pending', nextAttemptAt: expect.any(String) });
        const before = receiver.received.length;
        await deliverAll();
        expect(receiver.received).toHaveLength(before + 1);
        expect(receiver.received.at(-1)?.headers['webhook-id']).toBe(succeeded.eventId);
        const after = (await allDeliveries()).find((delivery) => delivery.id === succeeded.id);
        expect(after?.status).toBe('succeeded');
        expect(after?.attempts).toHaveLength(2);
      });

      it('answers 404 for a delivery that does not exist and sends nothing', async () => {
        const before = receiver.received.length;
        await expectProblem(await redeliver(UNKNOWN_DELIVERY), 404, 'not_found');
        await deliverAll();
        expect(receiver.received).toHaveLength(before);
      });

      it('queues the failed deliveries since a time, and answers how many', async () => {
        await expectJson(await redeliverFailed(`?since=${encodeURIComponent('2999-01-01T00:00:00+02:00')}`), 202).then(
          (body) => expect(body).toEqual({ queued: 0 }),
        );
        const failed = (await allDeliveries()).filter((delivery) => delivery.status === 'failed');
        expect(failed).toHaveLength(2);
        refused.clear();
        const before = receiver.received.length;
        expect(await expectJson(await redeliverFailed('?since=2020-01-01T00:00:00Z'), 202)).toEqual({ queued: 2 });
        await deliverAll();
        expect(
          receiver.received
            .slice(before)
            .map((request) => request.headers['webhook-id'])
            .sort(),
        ).toEqual(failed.map((delivery) => delivery.eventId).sort());
        expect((await allDeliveries()).map((delivery) => delivery.status)).toEqual(Array(5).fill('succeeded'));
        expect(await expectJson(await redeliverFailed(), 202)).toEqual({ queued: 0 });
      });

      it('refuses to redeliver for a disabled automation (409 automation_disabled), queueing nothing', async () => {
        const setEnabled = async (enabled: boolean) =>
          expectJson(
            await bed().request(automationPath(), { method: 'PATCH', key: orgA().adminKey, json: { enabled } }),
            200,
          );
        const before = await allDeliveries();
        const [delivery] = before;
        if (!delivery) throw new Error('no delivery');
        await setEnabled(false);
        try {
          const problem = await expectProblem(await redeliver(delivery.id), 409, 'automation_disabled');
          expect(problem.detail).toMatch(/is disabled.*Enable it first/);
          await expectProblem(await redeliverFailed(), 409, 'automation_disabled');
          expect(await allDeliveries()).toEqual(before);
        } finally {
          await setEnabled(true);
        }
        await expectJson(await redeliver(delivery.id), 202);
        await deliverAll();
      });

      it('refuses a since that is not an ISO time with offset, and queues nothing', async () => {
        const problem = await expectProblem(await redeliverFailed('?since=yesterday'), 400, 'validation_failed');
        expect(problem.errors?.map((error) => error.path)).toEqual(['since']);
      });
    });

    describe('tenancy', () => {
      it("hides one organization's delivery log and redelivery from another", async () => {
        const [delivery] = await allDeliveries();
        await expectHiddenFromOrgB(bed(), { method: 'GET', path: `${automationPath()}/deliveries` });
        await expectHiddenFromOrgB(bed(), {
          method: 'POST',
          path: `${automationPath()}/deliveries/${delivery?.id}/redeliver`,
        });
        await expectHiddenFromOrgB(bed(), { method: 'POST', path: `${automationPath()}/redeliver-failed` });
        // Org B's own path with org A's automation id: as if it did not exist.
        const orgB = bed().orgB;
        await expectProblem(
          await bed().request(`${automationPath(automationId, orgB)}/deliveries`, { key: orgB.adminKey }),
          404,
          'not_found',
        );
        await expectProblem(
          await bed().request(`${automationPath(automationId, orgB)}/deliveries/${delivery?.id}/redeliver`, {
            method: 'POST',
            key: orgB.adminKey,
          }),
          404,
          'not_found',
        );
      });

      it('refuses brand-scoped keys: deliveries carry events of every brand', async () => {
        const brand = await createBrand(bed(), orgA(), 'Scoped brand');
        const key = await createKey(bed(), orgA(), { scopes: ['read', 'write'], brandId: brand.id });
        await expectProblem(await list('', key.secret), 403, 'forbidden');
        await expectProblem(await redeliverFailed('', key.secret), 403, 'forbidden');
      });
    });

    describeScopeMatrix(bed, 'Webhook deliveries', [
      {
        operationId: 'listDeliveries',
        okStatus: 200,
        call: () => ({ method: 'GET', path: `${automationPath()}/deliveries` }),
      },
      {
        operationId: 'redeliverDelivery',
        okStatus: 202,
        call: async () => {
          const [delivery] = await allDeliveries();
          return { method: 'POST', path: `${automationPath()}/deliveries/${delivery?.id}/redeliver` };
        },
      },
      {
        operationId: 'redeliverFailedDeliveries',
        okStatus: 202,
        call: () => ({ method: 'POST', path: `${automationPath()}/redeliver-failed` }),
      },
    ]);
  },
  { webhookAllowedCidrs: TEST_ALLOWED_CIDRS },
);
