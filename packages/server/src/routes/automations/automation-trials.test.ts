import { EVENT_REGISTRY } from '@hearback/inputs';
import { verifyWebhook } from '@hearback/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectJson, expectProblem, type Json } from '../../../test/support/api.js';
import { errorPaths } from '../../../test/support/api-assertions.js';
import { automationInput, insertAutomation } from '../../../test/support/automations.js';
import { describeEachDatabase } from '../../../test/support/harness.js';
import { type ScriptedReceiver, startScriptedReceiver } from '../../../test/support/scripted-receiver.js';
import { MASKED_SECRET } from '../../webhooks/render.js';
import { PREVIEW_SIGNATURE } from '../../webhooks/trial-request.js';

const SECRET_VALUE = 'xoxb-very-secret-token-42';

const templated = (url: string) => ({
  url,
  headers: { Authorization: 'Bearer {{secrets.SLACK_TOKEN}}', 'X-Score': '{{feedback.score}}' },
  body: {
    text: 'NPS {{feedback.score}}: {{feedback.comment}} (key {{secrets.SLACK_TOKEN}})',
    score: '{{feedback.score}}',
    status: '{{feedback.status}}',
    event: '{{event.id}}',
  },
});

let receiver: ScriptedReceiver;
beforeAll(async () => {
  receiver = await startScriptedReceiver();
});
afterAll(async () => {
  await receiver.close();
});
beforeEach(() => {
  receiver.requests.length = 0;
});

describeEachDatabase(
  'Automations: preview and test',
  (bed) => {
    const orgA = () => bed().orgA;
    const path = () => `/organizations/${orgA().organization.id}/automations`;
    const post = (suffix: string, json?: unknown) =>
      bed().request(`${path()}${suffix}`, { method: 'POST', key: orgA().adminKey, json });
    const create = async (overrides: Record<string, unknown> = {}) =>
      expectJson(await post('', automationInput(overrides)), 201);

    beforeAll(async () => {
      await expectJson(
        await bed().request(`/organizations/${orgA().organization.id}/secrets`, {
          method: 'POST',
          key: orgA().adminKey,
          json: { name: 'SLACK_TOKEN', value: SECRET_VALUE },
        }),
        201,
      );
    });

    describe('POST …/automations/preview', () => {
      it("renders the event type's sample with the automation's templates, secrets masked, and sends nothing", async () => {
        const before = await expectJson(await bed().request(`${path()}?limit=200`, { key: orgA().adminKey }), 200);
        const preview = await expectJson(
          await post('/preview', { events: ['feedback.created'], webhook: templated(`${receiver.url}/slack`) }),
          200,
        );
        const sample = EVENT_REGISTRY['feedback.created'].sample;
        const { request } = preview;
        expect(request).toMatchObject({ method: 'POST', url: `${receiver.url}/slack` });
        expect(request.headers).toMatchObject({
          authorization: `Bearer ${MASKED_SECRET}`,
          'x-score': String(sample.score),
          'content-type': 'application/json',
          'webhook-id': expect.stringMatching(/^evt_[0-9a-z]{26}$/),
          'webhook-timestamp': expect.stringMatching(/^\d{10}$/),
          'webhook-signature': PREVIEW_SIGNATURE,
        });
        expect(JSON.parse(request.body)).toEqual({
          text: `NPS ${sample.score}: ${sample.comment} (key ${MASKED_SECRET})`,
          score: sample.score,
          status: 'new',
          event: request.headers['webhook-id'],
        });
        expect(preview.warnings).toEqual([]);
        expect(JSON.stringify(preview)).not.toContain(SECRET_VALUE);
        expect(receiver.requests).toEqual([]);
        const after = await expectJson(await bed().request(`${path()}?limit=200`, { key: orgA().adminKey }), 200);
        expect(after.data).toEqual(before.data);
      });

      it('renders the event asked for, and the envelope when there is no body template', async () => {
        const preview = await expectJson(
          await post('/preview', {
            name: 'Triage',
            events: ['feedback.created', 'feedback.updated'],
            event: 'feedback.updated',
            webhook: { url: 'https://hooks.example.com/x', method: 'PUT' },
          }),
          200,
        );
        expect(preview.request.method).toBe('PUT');
        expect(JSON.parse(preview.request.body)).toEqual({
          id: preview.request.headers['webhook-id'],
          type: 'feedback.updated',
          timestamp: expect.any(String),
          data: EVENT_REGISTRY['feedback.updated'].sample,
        });
      });

      it('renders a page_response.created sample under {{response}}', async () => {
        const preview = await expectJson(
          await post('/preview', {
            events: ['page_response.created'],
            webhook: {
              url: 'https://hooks.example.com/x',
              body: { response: '{{response.id}}', page: '{{response.pageId}}' },
            },
          }),
          200,
        );
        const sample = EVENT_REGISTRY['page_response.created'].sample;
        expect(JSON.parse(preview.request.body)).toEqual({ response: sample.id, page: sample.pageId });
        expect(preview.warnings).toEqual([]);
      });

      it('warns about what the render could not fill: a missing secret, a value the sample lacks', async () => {
        const preview = await expectJson(
          await post('/preview', {
            events: ['feedback.created'],
            webhook: {
              url: 'https://hooks.example.com/x',
              headers: { 'X-Token': '{{secrets.NOT_THERE}}' },
              body: { note: '{{feedback.context.plan}}' },
            },
          }),
          200,
        );
        expect(preview.warnings.map((warning: Json) => warning.code).sort()).toEqual([
          'missing_secret',
          'missing_value',
        ]);
        expect(preview.request.headers['x-token']).toBe('');
        expect(JSON.parse(preview.request.body)).toEqual({ note: null });
      });

      it.each([
        { case: 'a bad URL', json: { events: ['feedback.created'], webhook: { url: '/hook' } }, path: 'webhook.url' },
        {
          case: 'an event not among events',
          json: { events: ['feedback.created'], event: 'feedback.updated', webhook: { url: 'https://a.example/x' } },
          path: 'event',
          message: "Must be one of the automation's events.",
        },
        {
          case: 'an unknown event',
          json: { events: ['feedback.created'], event: 'feedback.deleted', webhook: { url: 'https://a.example/x' } },
          path: 'event',
        },
        { case: 'no events', json: { events: [], webhook: { url: 'https://a.example/x' } }, path: 'events' },
        {
          case: 'a reserved header',
          json: {
            events: ['feedback.created'],
            webhook: { url: 'https://a.example/x', headers: { 'webhook-id': 'x' } },
          },
          path: 'webhook.headers.webhook-id',
        },
        {
          case: 'an unknown member',
          json: { events: ['feedback.created'], webhook: { url: 'https://a.example/x' }, dryRun: true },
          path: 'dryRun',
        },
      ] as { case: string; json: object; path: string; message?: string }[])(
        'refuses $case with 400 naming $path',
        async ({ json, path: field, message }) => {
          const problem = await expectProblem(await post('/preview', json), 400, 'validation_failed');
          expect(errorPaths(problem)).toContain(field);
          if (message) expect(problem.errors?.find((error) => error.path === field)?.message).toBe(message);
        },
      );

      it('refuses a placeholder one of the events lacks, whichever event is previewed', async () => {
        const problem = await expectProblem(
          await post('/preview', {
            events: ['feedback.created', 'page_response.created'],
            event: 'feedback.created',
            webhook: { url: 'https://a.example/x', body: { text: '{{event.type}} score {{feedback.score}}' } },
          }),
          400,
          'validation_failed',
        );
        expect(problem.errors).toEqual([
          {
            path: 'webhook.body.text',
            message: expect.stringMatching(
              /^\{\{feedback\.score\}\}: page_response\.created events carry no feedback\./,
            ),
          },
        ]);
      });

      it("refuses a filter on another organization's inbox with 404, as create does", async () => {
        const otherInbox = bed().orgB.inbox.id;
        const response = await post('/preview', automationInput({ filter: { inboxId: otherInbox } }));
        await expectProblem(response, 404, 'not_found');
      });
    });

    describe('POST …/automations/{automationId}/test', () => {
      it('sends the sample, signed with the signing secret, secrets filled in, and answers it masked', async () => {
        const automation = await create({ webhook: templated(`${receiver.url}/slack`) });
        receiver.script((_request, response) => response.writeHead(202).end('accepted, thanks'));
        const result = await expectJson(await post(`/${automation.id}/test`, {}), 200);

        expect(receiver.requests).toHaveLength(1);
        const [received] = receiver.requests;
        if (!received) throw new Error('the receiver got nothing');
        expect(received.url).toBe('/slack');
        expect(received.headers.authorization).toBe(`Bearer ${SECRET_VALUE}`);
        const sample = EVENT_REGISTRY['feedback.created'].sample;
        const verified = verifyWebhook(received.body, received.headers, automation.signingSecret);
        expect(verified).toEqual({
          text: `NPS ${sample.score}: ${sample.comment} (key ${SECRET_VALUE})`,
          score: sample.score,
          status: 'new',
          event: received.headers['webhook-id'],
        });
        expect(received.headers['webhook-id']).toMatch(/^evt_[0-9a-z]{26}$/);

        expect(result.outcome).toEqual({
          kind: 'response',
          status: 202,
          latencyMs: expect.any(Number),
          responseExcerpt: 'accepted, thanks',
        });
        expect(result.request.headers).toMatchObject({
          authorization: `Bearer ${MASKED_SECRET}`,
          'webhook-id': received.headers['webhook-id'],
          'webhook-timestamp': received.headers['webhook-timestamp'],
          'webhook-signature': received.headers['webhook-signature'],
        });
        expect(JSON.parse(result.request.body).text).toContain(`(key ${MASKED_SECRET})`);
        expect(JSON.stringify(result)).not.toContain(SECRET_VALUE);
      });

      it('answers 200 whatever the receiver answered: a 500 is an outcome, not an error', async () => {
        const automation = await create({ webhook: { url: receiver.url } });
        receiver.script((_request, response) => response.writeHead(500).end('receiver broke'));
        const result = await expectJson(await post(`/${automation.id}/test`), 200);
        expect(result.outcome).toMatchObject({ kind: 'response', status: 500, responseExcerpt: 'receiver broke' });
        expect(receiver.requests).toHaveLength(1);
      });

      it('each test is a fresh event id; the event asked for is sent, without a body the first', async () => {
        const automation = await create({
          events: ['feedback.updated', 'feedback.created'],
          webhook: { url: receiver.url },
        });
        await expectJson(await post(`/${automation.id}/test`), 200);
        await expectJson(await post(`/${automation.id}/test`, { event: 'feedback.created' }), 200);
        const [first, second] = receiver.requests.map((received) =>
          verifyWebhook(received.body, received.headers, automation.signingSecret),
        );
        expect(first).toMatchObject({ type: 'feedback.updated', data: { status: 'triaged' } });
        expect(second).toMatchObject({ type: 'feedback.created', data: { status: 'new' } });
        expect(first?.id).toMatch(/^evt_/);
        expect(first?.id).not.toBe(second?.id);
      });

      it('signs with the new secret after a rotation', async () => {
        const automation = await create({ webhook: { url: receiver.url } });
        const rotated = await expectJson(await post(`/${automation.id}/rotate-signing-secret`), 200);
        await expectJson(await post(`/${automation.id}/test`), 200);
        const [received] = receiver.requests;
        if (!received) throw new Error('the receiver got nothing');
        expect(() => verifyWebhook(received.body, received.headers, automation.signingSecret)).toThrow();
        expect(verifyWebhook(received.body, received.headers, rotated.signingSecret)).toMatchObject({
          type: 'feedback.created',
        });
      });

      it('an address the SSRF guard refuses answers 200 with outcome address_refused, and nothing is sent', async () => {
        const automation = await create({ webhook: { url: 'http://169.254.169.254/latest/meta-data' } });
        const result = await expectJson(await post(`/${automation.id}/test`), 200);
        expect(result.outcome).toEqual({
          kind: 'address_refused',
          latencyMs: expect.any(Number),
          error: expect.stringContaining('169.254.169.254'),
        });
      });

      it('a receiver that is not listening is a network_error outcome', async () => {
        const gone = await startScriptedReceiver();
        await gone.close();
        const automation = await create({ webhook: { url: gone.url } });
        const result = await expectJson(await post(`/${automation.id}/test`), 200);
        expect(result.outcome).toMatchObject({ kind: 'network_error', error: expect.stringContaining('ECONNREFUSED') });
      });

      it('refuses an event the automation does not subscribe to with 400 naming event, and sends nothing', async () => {
        const automation = await create({ webhook: { url: receiver.url } });
        const problem = await expectProblem(
          await post(`/${automation.id}/test`, { event: 'feedback.updated' }),
          400,
          'validation_failed',
        );
        expect(errorPaths(problem)).toEqual(['event']);
        expect(receiver.requests).toEqual([]);
      });

      it('tests a REST hook with the resource itself, the shape its subscriber receives', async () => {
        const hookResponse = await bed().request(`/organizations/${orgA().organization.id}/hooks`, {
          method: 'POST',
          key: orgA().adminKey,
          json: { event: 'feedback.updated', targetUrl: `${receiver.url}/zap` },
        });
        const hook = await expectJson(hookResponse, 201);
        const result = await expectJson(await post(`/${hook.id}/test`), 200);
        expect(result.outcome).toMatchObject({ kind: 'response', status: 200 });
        const [received] = receiver.requests;
        expect(received?.url).toBe('/zap');
        expect(JSON.parse(received?.body ?? '')).toEqual(EVENT_REGISTRY['feedback.updated'].sample);
      });

      it('a repeated Idempotency-Key answers the first test again and sends nothing more', async () => {
        const automation = await create({ webhook: { url: receiver.url } });
        const send = () =>
          bed().request(`${path()}/${automation.id}/test`, {
            method: 'POST',
            key: orgA().adminKey,
            headers: { 'idempotency-key': `test-${automation.id}` },
          });
        const first = await expectJson(await send(), 200);
        const again = await expectJson(await send(), 200);
        expect(again).toEqual(first);
        expect(receiver.requests).toHaveLength(1);
      });

      it('an automation saved before the event rule still reads, changes and sends as it did', async () => {
        // Saved when a template only had to fit some subscribed event: responses leave the score empty.
        const legacy = await insertAutomation(bed().runtime, orgA().organization.id, receiver.url, {
          events: JSON.stringify(['feedback.created', 'page_response.created']),
          body_template: JSON.stringify({ text: '{{event.type}} score {{feedback.score}}' }),
        });
        const at = `${path()}/${legacy.id}`;
        await expectJson(await bed().request(at, { key: orgA().adminKey }), 200);
        const renamed = await expectJson(
          await bed().request(at, { method: 'PATCH', key: orgA().adminKey, json: { name: 'Renamed', enabled: false } }),
          200,
        );
        expect(renamed).toMatchObject({ name: 'Renamed', enabled: false });
        const result = await expectJson(await post(`/${legacy.id}/test`, { event: 'page_response.created' }), 200);
        expect(JSON.parse(result.request.body)).toEqual({ text: 'page_response.created score ' });
        expect(result.warnings.map((warning: Json) => warning.code)).toEqual(['missing_value']);
        expect(receiver.requests).toHaveLength(1);
      });

      it('an unknown automation is 404', async () => {
        await expectProblem(await post('/auto_01jd3x2k9v6c4h8m2n5p7q1r3s/test'), 404, 'not_found');
      });
    });
  },
  { webhookAllowedCidrs: ['127.0.0.0/8'] },
);

describeEachDatabase('Automations: test without an allowlist', (bed) => {
  it('refuses a loopback receiver at connect time (address_refused), as deliveries would: nothing reaches it', async () => {
    const orgPath = `/organizations/${bed().orgA.organization.id}/automations`;
    const key = bed().orgA.adminKey;
    const created = await expectJson(
      await bed().request(orgPath, { method: 'POST', key, json: automationInput({ webhook: { url: receiver.url } }) }),
      201,
    );
    const connectionsBefore = receiver.connections;
    const result = await expectJson(await bed().request(`${orgPath}/${created.id}/test`, { method: 'POST', key }), 200);
    expect(result.outcome).toMatchObject({ kind: 'address_refused', error: expect.stringContaining('127.0.0.1') });
    expect(receiver.connections).toBe(connectionsBefore);
    expect(receiver.requests).toEqual([]);
  });
});
