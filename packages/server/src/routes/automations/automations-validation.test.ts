import { MAX_BODY_TEMPLATE_BYTES, MAX_WEBHOOK_URL_LENGTH } from '@hearback/inputs';
import { describe, expect, it } from 'vitest';
import { expectJson, expectProblem } from '../../../test/support/api.js';
import { errorPaths } from '../../../test/support/api-assertions.js';
import { automationInput } from '../../../test/support/automations.js';
import { describeEachDatabase } from '../../../test/support/harness.js';

const hook = (webhook: Record<string, unknown>) => ({ webhook: { url: 'https://hooks.example.com/h', ...webhook } });

/** `{"a":{"a":…}}` nested `depth` levels. */
function nested(depth: number): Record<string, unknown> {
  let value: Record<string, unknown> = {};
  for (let level = 1; level < depth; level++) value = { a: value };
  return value;
}

const INVALID_CREATES: { case: string; overrides: Record<string, unknown>; path: string; message?: RegExp }[] = [
  { case: 'no name', overrides: { name: undefined }, path: 'name' },
  { case: 'a blank name', overrides: { name: '  ' }, path: 'name' },
  { case: 'no events', overrides: { events: [] }, path: 'events' },
  { case: 'an unknown event', overrides: { events: ['feedback.deleted'] }, path: 'events.0' },
  {
    case: 'an event twice',
    overrides: { events: ['feedback.created', 'feedback.created'] },
    path: 'events.1',
    message: /twice/,
  },
  {
    case: 'scoreMin above scoreMax',
    overrides: { filter: { scoreMin: 7, scoreMax: 6 } },
    path: 'filter.scoreMax',
    message: /^Must be at least the lowest score\.$/,
  },
  { case: 'an unknown filter member', overrides: { filter: { scroe: 1 } }, path: 'filter.scroe' },
  { case: 'a malformed inbox id', overrides: { filter: { inboxId: 'inbox-1' } }, path: 'filter.inboxId' },
  { case: 'a relative URL', overrides: hook({ url: '/hook' }), path: 'webhook.url', message: /absolute/ },
  { case: 'an ftp URL', overrides: hook({ url: 'ftp://example.com/x' }), path: 'webhook.url', message: /http/ },
  {
    case: 'credentials in the URL',
    overrides: hook({ url: 'https://user:pass@example.com/x' }),
    path: 'webhook.url',
    message: /credentials/,
  },
  {
    case: 'a placeholder in the URL (only headers and body are rendered)',
    overrides: hook({ url: 'http://127.0.0.1:5320/t?x={{secrets.RECV_TOKEN}}' }),
    path: 'webhook.url',
    message: /not expanded in the URL/,
  },
  { case: 'a space in the URL', overrides: hook({ url: 'https://example.com/a b' }), path: 'webhook.url' },
  {
    case: 'too long a URL',
    overrides: hook({ url: `https://example.com/${'a'.repeat(MAX_WEBHOOK_URL_LENGTH)}` }),
    path: 'webhook.url',
  },
  { case: 'method GET', overrides: hook({ method: 'GET' }), path: 'webhook.method' },
  { case: 'no webhook URL', overrides: { webhook: {} }, path: 'webhook.url' },
  { case: 'an unknown webhook member', overrides: hook({ timeout: 5 }), path: 'webhook.timeout' },
  {
    case: 'a webhook-signature header, in any case',
    overrides: hook({ headers: { 'Webhook-Signature': 'v1,forged' } }),
    path: 'webhook.headers.Webhook-Signature',
    message: /cannot be overridden/,
  },
  {
    case: 'a webhook-id header',
    overrides: hook({ headers: { 'webhook-id': 'x' } }),
    path: 'webhook.headers.webhook-id',
  },
  {
    case: 'a webhook-timestamp header',
    overrides: hook({ headers: { 'WEBHOOK-TIMESTAMP': '1' } }),
    path: 'webhook.headers.WEBHOOK-TIMESTAMP',
  },
  { case: 'a Host header', overrides: hook({ headers: { Host: 'internal' } }), path: 'webhook.headers.Host' },
  {
    case: 'a Content-Length header',
    overrides: hook({ headers: { 'Content-Length': '1' } }),
    path: 'webhook.headers.Content-Length',
  },
  {
    case: 'a header name that is not a token',
    overrides: hook({ headers: { 'X Bad': 'x' } }),
    path: 'webhook.headers.X Bad',
  },
  {
    case: 'a header value with CR LF',
    overrides: hook({ headers: { 'X-A': 'a\r\nX-Injected: 1' } }),
    path: 'webhook.headers.X-A',
    message: /control characters/,
  },
  {
    case: 'a header given twice in different case',
    overrides: hook({ headers: { 'X-A': '1', 'x-a': '2' } }),
    path: 'webhook.headers.x-a',
    message: /twice/,
  },
  {
    case: 'an unknown placeholder root in a header',
    overrides: hook({ headers: { Authorization: 'Bearer {{secret.TOKEN}}' } }),
    path: 'webhook.headers.Authorization',
    message: /unknown root "secret"/,
  },
  {
    case: 'a misspelt member in a body string',
    overrides: hook({ body: { blocks: [{ text: 'Score {{feedback.scroe}}' }] } }),
    path: 'webhook.body.blocks.0.text',
    message: /no member "scroe"/,
  },
  {
    case: 'an unclosed placeholder in the body',
    overrides: hook({ body: '{{feedback.comment' }),
    path: 'webhook.body',
    message: /opens no valid placeholder/,
  },
  {
    case: 'a placeholder in a body key (keys are never rendered)',
    overrides: hook({ body: { items: [{ '{{feedback.type}}': 1 }] } }),
    path: 'webhook.body.items.0.{{feedback.type}}',
    message: /not expanded in keys/,
  },
  {
    case: 'a secret name no secret can have',
    overrides: hook({ headers: { Authorization: 'Bearer {{secrets.api_token}}' } }),
    path: 'webhook.headers.Authorization',
    message: /no secret can have this name/,
  },
  {
    case: 'a Content-Type header (the body is always JSON)',
    overrides: hook({ headers: { 'Content-Type': 'text/plain' } }),
    path: 'webhook.headers.Content-Type',
  },
  {
    case: 'a webhook-* header the server does not send yet',
    overrides: hook({ headers: { 'Webhook-Version': '2' } }),
    path: 'webhook.headers.Webhook-Version',
  },
  {
    case: 'a feedback placeholder while page_response.created is subscribed too',
    overrides: {
      events: ['feedback.created', 'page_response.created'],
      ...hook({ body: { text: '{{event.type}} score {{feedback.score}}', whole: '{{feedback}}' } }),
    },
    path: 'webhook.body.text',
    message: /^\{\{feedback\.score\}\}: page_response\.created events carry no feedback\./,
  },
  {
    case: 'a response placeholder in a header of feedback events',
    overrides: {
      events: ['feedback.created', 'feedback.updated'],
      ...hook({ headers: { 'X-Page': '{{response.pageId}}' } }),
    },
    path: 'webhook.headers.X-Page',
    message: /^\{\{response\.pageId\}\}: feedback\.created and feedback\.updated events carry no response\./,
  },
  { case: 'a body nested too deep', overrides: hook({ body: nested(40) }), path: 'webhook.body', message: /levels/ },
  {
    case: 'too large a body',
    overrides: hook({ body: { text: 'x'.repeat(MAX_BODY_TEMPLATE_BYTES) } }),
    path: 'webhook.body',
    message: /bytes/,
  },
  { case: 'an unknown member', overrides: { enabeld: false }, path: 'enabeld' },
  { case: 'a NUL in the name', overrides: { name: 'a\u0000b' }, path: 'name', message: /NUL/ },
  { case: 'a NUL in filter.source', overrides: { filter: { source: 'w\u0000' } }, path: 'filter.source' },
];

describeEachDatabase('Automations: validation', (bed) => {
  const orgA = () => bed().orgA;
  const path = () => `/organizations/${orgA().organization.id}/automations`;
  const list = async () =>
    (await expectJson(await bed().request(`${path()}?limit=200`, { key: orgA().adminKey }), 200)).data;

  it.each(INVALID_CREATES)('refuses $case with 400 naming $path, and creates nothing', async (invalid) => {
    const before = await list();
    const response = await bed().request(path(), {
      method: 'POST',
      key: orgA().adminKey,
      json: automationInput(invalid.overrides),
    });
    const problem = await expectProblem(response, 400, 'validation_failed');
    expect(errorPaths(problem)).toContain(invalid.path);
    if (invalid.message) {
      const messages = (problem.errors ?? []).filter((error) => error.path === invalid.path).map((e) => e.message);
      expect(messages.join(' ')).toMatch(invalid.message);
    }
    expect(await list()).toEqual(before);
  });

  it('accepts what sits on the edges: http, a port, a query, braces that open no placeholder, the whole resource', async () => {
    const response = await bed().request(path(), {
      method: 'POST',
      key: orgA().adminKey,
      json: automationInput({
        filter: { scoreMin: 6, scoreMax: 6 },
        webhook: {
          url: 'http://localhost:8080/hooks?team=a&x={id}',
          method: 'PATCH',
          headers: { 'X-Literal': '{ not a placeholder }', "X-Token!#$%&'*+.^_`|~": 'v' },
          body: ['{ "json": "in a string" }', { '{ key }': 'single braces are text' }, '{{feedback}}'],
        },
      }),
    });
    await expectJson(response, 201);
  });

  describe('PATCH', () => {
    it('refuses an empty change, a bad member, and changes nothing', async () => {
      const created = await expectJson(
        await bed().request(path(), { method: 'POST', key: orgA().adminKey, json: automationInput() }),
        201,
      );
      const at = `${path()}/${created.id}`;
      const { signingSecret: _secret, ...shown } = created;
      for (const json of [
        {},
        { webhook: { url: 'ftp://x' } },
        { webhook: { url: 'https://hooks.example.com/h/{{feedback.id}}' } },
        { events: [] },
        { filter: { scoreMin: 2, scoreMax: 1 } },
        { webhook: { headers: { host: 'x' } } },
        { name: 'ok', kind: 'rest_hook' },
      ]) {
        await expectProblem(
          await bed().request(at, { method: 'PATCH', key: orgA().adminKey, json }),
          400,
          'validation_failed',
        );
      }
      expect(await expectJson(await bed().request(at, { key: orgA().adminKey }), 200)).toEqual(shown);
    });

    it('refuses a placeholder in the URL, naming webhook.url, and keeps the stored URL', async () => {
      const created = await expectJson(
        await bed().request(path(), { method: 'POST', key: orgA().adminKey, json: automationInput() }),
        201,
      );
      const at = `${path()}/${created.id}`;
      const problem = await expectProblem(
        await bed().request(at, {
          method: 'PATCH',
          key: orgA().adminKey,
          json: { webhook: { url: 'http://127.0.0.1:5320/t?x={{secrets.RECV_TOKEN}}' } },
        }),
        400,
        'validation_failed',
      );
      expect(problem.errors).toEqual([
        { path: 'webhook.url', message: expect.stringMatching(/not expanded in the URL/) },
      ]);
      const stored = await expectJson(await bed().request(at, { key: orgA().adminKey }), 200);
      expect(stored.webhook.url).toBe(created.webhook.url);
    });

    it('refuses a change after which a placeholder is missing from a subscribed event, stored parts included', async () => {
      const created = await expectJson(
        await bed().request(path(), {
          method: 'POST',
          key: orgA().adminKey,
          json: automationInput({
            webhook: { url: 'https://hooks.example.com/h', body: { text: '{{event.type}} score {{feedback.score}}' } },
          }),
        }),
        201,
      );
      const at = `${path()}/${created.id}`;
      const { signingSecret: _secret, ...shown } = created;
      const patch = (json: unknown) => bed().request(at, { method: 'PATCH', key: orgA().adminKey, json });
      const both = ['feedback.created', 'page_response.created'];

      // The events change; the stored body keeps `{{feedback.score}}`, which responses lack.
      const eventsOnly = await expectProblem(await patch({ events: both }), 400, 'validation_failed');
      expect(eventsOnly.errors).toEqual([
        {
          path: 'webhook.body.text',
          message: expect.stringMatching(/^\{\{feedback\.score\}\}: page_response\.created events carry no feedback\./),
        },
      ]);
      // The body changes; the stored events are feedback.created only, which carries no response.
      const bodyOnly = await expectProblem(
        await patch({ webhook: { headers: { 'X-Page': '{{response.pageId}}' } } }),
        400,
        'validation_failed',
      );
      expect(bodyOnly.errors?.map((error) => error.path)).toEqual(['webhook.headers.X-Page']);
      expect(bodyOnly.errors?.[0]?.message).toMatch(/feedback\.created events carry no response/);
      expect(await expectJson(await bed().request(at, { key: orgA().adminKey }), 200)).toEqual(shown);

      // Both at once, fitting each other: saved.
      const saved = await expectJson(
        await patch({ events: both, webhook: { body: { text: '{{event.type}} {{event.id}}' } } }),
        200,
      );
      expect(saved).toMatchObject({ events: both, webhook: { body: { text: '{{event.type}} {{event.id}}' } } });
    });
  });
});
