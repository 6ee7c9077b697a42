import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SERVER_VERSION } from '../version.js';
import type { WebhookEventEnvelope } from './contracts.js';
import { wireHeaderValue } from './headers.js';
import { MASKED_SECRET, renderRequest } from './render.js';

const envelope: WebhookEventEnvelope = {
  id: 'evt_01JD0000000000000000000000',
  type: 'feedback.created',
  timestamp: '2026-11-25T17:00:00.000Z',
  data: { id: 'fb_1', type: 'nps', score: 9, comment: 'Love it, "mostly"\nbut slow', context: { page: '/pricing' } },
};
const secrets = new Map([
  ['TOKEN', 's3cr3t-token'],
  ['CHANNEL', '#feedback'],
]);

function automation(overrides: { headers?: object; body?: unknown; method?: string } = {}) {
  return {
    url: 'https://hooks.example.com/in',
    method: overrides.method ?? 'POST',
    headers: JSON.stringify(overrides.headers ?? {}),
    body_template: overrides.body === undefined ? null : JSON.stringify(overrides.body),
  };
}

describe('renderRequest', () => {
  it('sends the envelope as JSON with a Hearback user agent when there is no body template', () => {
    const { request, warnings } = renderRequest(automation(), envelope, secrets);
    expect(request).toEqual({
      url: 'https://hooks.example.com/in',
      method: 'POST',
      headers: { 'user-agent': `Hearback-Webhooks/${SERVER_VERSION}`, 'content-type': 'application/json' },
      body: JSON.stringify(envelope),
    });
    expect(Object.keys(JSON.parse(request.body))).toEqual(['id', 'type', 'timestamp', 'data']);
    expect(warnings).toEqual([]);
  });

  it("sends a REST hook the resource itself, flat, as the hooks' sample shows it", () => {
    const { request } = renderRequest({ ...automation(), kind: 'rest_hook' }, envelope, secrets);
    expect(JSON.parse(request.body)).toEqual(envelope.data);
    const made = renderRequest({ ...automation(), kind: 'automation' }, envelope, secrets);
    expect(JSON.parse(made.request.body)).toEqual(envelope);
  });

  it('renders a body template from the event, its resource and secrets', () => {
    const body = {
      text: '{{event.type}} ({{feedback.score}}/10): {{feedback.comment}}',
      score: '{{feedback.score}}',
      page: '{{feedback.context.page}}',
      whole: '{{feedback}}',
      channel: '{{secrets.CHANNEL}}',
      at: '{{event.timestamp}}',
      id: '{{event.id}}',
    };
    const { request, warnings } = renderRequest(automation({ body }), envelope, secrets);
    expect(JSON.parse(request.body)).toEqual({
      text: 'feedback.created (9/10): Love it, "mostly"\nbut slow',
      score: 9,
      page: '/pricing',
      whole: envelope.data,
      channel: '#feedback',
      at: '2026-11-25T17:00:00.000Z',
      id: envelope.id,
    });
    expect(warnings).toEqual([]);
  });

  it('renders header values as text, with no line break a comment could smuggle in', () => {
    const headers = {
      Authorization: 'Bearer {{secrets.TOKEN}}',
      'X-Comment': '{{feedback.comment}}',
      'X-Score': '{{feedback.score}}',
    };
    const { request } = renderRequest(automation({ headers }), envelope, secrets);
    expect(request.headers).toMatchObject({
      authorization: 'Bearer s3cr3t-token',
      'x-comment': 'Love it, "mostly" but slow',
      'x-score': '9',
    });
  });

  it('makes any comment a valid single-line header value that arrives as its UTF-8 text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (comment) => {
        const event = { ...envelope, data: { comment } };
        const { request } = renderRequest(
          automation({ headers: { 'x-comment': '<{{feedback.comment}}>' } }),
          event,
          secrets,
        );
        const value = request.headers['x-comment'] ?? '';
        const onWire = wireHeaderValue(value);
        // What Node's and undici's HTTP clients accept: no CR, LF or other control character.
        expect(onWire).toMatch(/^[\t\x20-\x7e\x80-\xff]*$/);
        expect(Buffer.from(onWire, 'latin1').toString('utf8')).toBe(value);
        // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
        expect(value.replace(/\s/g, '')).toBe(`<${comment}>`.replace(/[\s\u0000-\u001f\u007f]/g, ''));
      }),
      { numRuns: 200 },
    );
  });

  it('lets no custom header replace the signature, content or transport headers', () => {
    const headers = {
      'Webhook-Signature': 'v1,forged',
      'webhook-id': 'evt_forged',
      'Content-Type': 'text/plain',
      'content-length': '1',
      Host: 'internal.example',
      'Transfer-Encoding': 'chunked',
      'bad header': 'x',
      'User-Agent': 'Acme-Relay/2',
    };
    const { request, warnings } = renderRequest(automation({ headers }), envelope, secrets);
    expect(request.headers).toEqual({ 'user-agent': 'Acme-Relay/2', 'content-type': 'application/json' });
    expect(warnings.filter((warning) => warning.code === 'header_skipped')).toHaveLength(7);
  });

  it('renders a missing secret empty, reports it once, and never prints all secrets', () => {
    const body = { a: '{{secrets.NOPE}}', b: 'x{{secrets.NOPE}}y', all: '{{secrets}}', deep: '{{secrets.TOKEN.x}}' };
    const { request, warnings } = renderRequest(automation({ body }), envelope, secrets);
    expect(JSON.parse(request.body)).toEqual({ a: '', b: 'xy', all: null, deep: null });
    expect(request.body).not.toContain('s3cr3t');
    expect(warnings.map((warning) => warning.code)).toEqual([
      'missing_secret',
      'invalid_placeholder',
      'invalid_placeholder',
    ]);
    expect(warnings[0]?.message).toContain("'NOPE'");
  });

  it('resolves only the roots the validation accepts: no data.*, no event.data, no other resource', () => {
    const body = {
      data: '{{data.score}}',
      envelope: 'x{{event.data}}',
      other: '{{response.id}}',
      page: '{{page_response.id}}',
    };
    const { request, warnings } = renderRequest(automation({ body }), envelope, secrets);
    expect(JSON.parse(request.body)).toEqual({ data: null, envelope: 'x', other: null, page: null });
    expect(warnings.map((warning) => warning.code)).toEqual([
      'invalid_placeholder',
      'invalid_placeholder',
      'missing_value',
      'invalid_placeholder',
    ]);
  });

  it('masks secret values in a preview, showing neither characters nor length', () => {
    const body = { channel: '{{secrets.CHANNEL}}', auth: 'Bearer {{secrets.TOKEN}}' };
    const headers = { authorization: 'Bearer {{secrets.TOKEN}}' };
    const { request } = renderRequest(automation({ body, headers }), envelope, secrets, { preview: true });
    expect(JSON.parse(request.body)).toEqual({ channel: MASKED_SECRET, auth: `Bearer ${MASKED_SECRET}` });
    expect(request.headers.authorization).toBe(`Bearer ${MASKED_SECRET}`);
    expect(JSON.stringify(request)).not.toMatch(/s3cr3t|#feedback/);
  });

  it('reports valid placeholders the event has no value for', () => {
    const { request, warnings } = renderRequest(
      automation({ body: { v: '{{feedback.context.nothing}}' } }),
      envelope,
      secrets,
    );
    expect(JSON.parse(request.body)).toEqual({ v: null });
    expect(warnings).toEqual([
      { code: 'missing_value', message: expect.stringContaining('{{feedback.context.nothing}}') },
    ]);
  });

  it('uses the stored method, and POST for one it does not know', () => {
    expect(renderRequest(automation({ method: 'put' }), envelope, secrets).request.method).toBe('PUT');
    const unknown = renderRequest(automation({ method: 'DELETE' }), envelope, secrets);
    expect(unknown.request.method).toBe('POST');
    expect(unknown.warnings[0]?.code).toBe('method_unknown');
  });
});
