import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../src/http-server.js';
import { usagePeriod } from '../src/lib/time.js';
import type { Runtime } from '../src/runtime.js';
import type { BootstrappedOrganization } from '../src/services/organizations.js';
import { PLANS } from '../src/services/plans.js';
import { dialectsUnderTest, openTestRuntime } from './support/harness.js';

/**
 * POST /collect is served below Hono by a lean node:http listener (src/http/collect-fast-path.ts).
 * Every request here is sent three times: over real HTTP to `listen()` (the fast path), over real
 * HTTP to the Hono app alone on @hono/node-server, and in-process through `runtime.app.request`.
 * All answers must be the same: status, headers (Content-Length included), body.
 */

interface Sent {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  /** A string or bytes are sent with Content-Length; chunks without one (chunked encoding). */
  body?: string | Buffer | { chunks: Buffer[] };
}

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

// Set by node:http on the wire, absent from an in-process Response; the date differs by the second.
const WIRE_HEADERS = new Set(['date', 'connection', 'keep-alive']);
const TRANSPORT_HEADERS = new Set([...WIRE_HEADERS, 'content-length', 'transfer-encoding']);

function normalize(status: number, headers: Iterable<[string, string]>, text: string): Answer {
  const kept: Record<string, string> = {};
  for (const [name, value] of headers) if (!WIRE_HEADERS.has(name.toLowerCase())) kept[name.toLowerCase()] = value;
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : text;
  } catch {}
  return { status, headers: kept, body };
}

function overHttp(port: number, sent: Sent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: '127.0.0.1', port, method: sent.method ?? 'POST', path: sent.path ?? '/collect', headers: sent.headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const headers = Object.entries(response.headers).map(([name, value]): [string, string] => [
            name,
            Array.isArray(value) ? value.join(', ') : String(value),
          ]);
          resolve(normalize(response.statusCode ?? 0, headers, Buffer.concat(chunks).toString('utf8')));
        });
      },
    );
    request.on('error', reject);
    const { body } = sent;
    if (body === undefined) request.end();
    else if (typeof body === 'string' || Buffer.isBuffer(body)) {
      request.setHeader('content-length', Buffer.byteLength(body));
      request.end(body);
    } else {
      for (const chunk of body.chunks) request.write(chunk);
      request.end();
    }
  });
}

async function throughHono(runtime: Runtime, sent: Sent): Promise<Answer> {
  const { body } = sent;
  // Bytes, never a string: a string body would make Request add `text/plain` on its own.
  const init: RequestInit & { duplex?: 'half' } = { method: sent.method ?? 'POST', headers: sent.headers };
  if (typeof body === 'string') init.body = new TextEncoder().encode(body);
  else if (Buffer.isBuffer(body)) init.body = new Uint8Array(body);
  else if (body) {
    init.body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of body.chunks) controller.enqueue(new Uint8Array(chunk));
        controller.close();
      },
    });
    init.duplex = 'half';
  }
  const response = await runtime.app.request(sent.path ?? '/collect', init);
  return normalize(response.status, response.headers, await response.text());
}

/**
 * What may legitimately differ: the request id (fresh per request) and the new feedback id; and,
 * in-process, the headers only a transport sets.
 */
function comparable(answer: Answer, inProcess = false): Answer {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(answer.headers)) {
    if (!inProcess || !TRANSPORT_HEADERS.has(name)) headers[name] = value;
  }
  const body = structuredClone(answer.body) as Record<string, unknown>;
  if (typeof body === 'object' && body !== null) {
    if (body.requestId !== undefined) {
      expect(body.requestId, 'the body names the request id of the header').toBe(headers['x-request-id']);
      body.requestId = '<request id>';
    }
    if (typeof body.id === 'string' && answer.status === 201) {
      expect(body.id).toMatch(/^fb_[0-9a-z]{26}$/);
      body.id = '<feedback id>';
    }
  }
  if (headers['x-request-id']) headers['x-request-id'] = '<request id>';
  // Seconds until the allowance resets: a second may tick between the answers being compared, so
  // they are compared apart (see sameResetSeconds).
  delete headers['retry-after'];
  delete headers['ratelimit-reset'];
  return { ...answer, headers, body };
}

/** `Retry-After` and `RateLimit-Reset`: present on all answers or none, equal to within a second. */
function sameResetSeconds(answers: Answer[]): void {
  for (const name of ['retry-after', 'ratelimit-reset']) {
    const values = answers.map((answer) => answer.headers[name]);
    if (values.every((value) => value === undefined)) continue;
    const seconds = values.map(Number);
    for (const value of seconds) expect(Number.isInteger(value), `${name}: ${values.join(', ')}`).toBe(true);
    expect(Math.max(...seconds) - Math.min(...seconds), `${name}: ${values.join(', ')}`).toBeLessThanOrEqual(1);
  }
}

describe.each(dialectsUnderTest())('POST /collect fast path agrees with the Hono route [%s]', (dialect) => {
  let runtime: Runtime;
  let cleanup: () => Promise<void>;
  let server: RunningServer;
  let honoServer: Server;
  let honoPort: number;
  let org: BootstrappedOrganization;
  let starter: BootstrappedOrganization;
  let readOnlyKey: string;
  let revokedKey: string;

  beforeAll(async () => {
    ({ runtime, cleanup } = await openTestRuntime(dialect));
    org = await runtime.services.organizations.bootstrap({ name: 'Fast Co' });
    const admin = await runtime.services.apiKeys.authenticate(org.adminKey);
    readOnlyKey = (await runtime.services.apiKeys.create(admin, { name: 'reader', scopes: ['read'] })).secret;
    const revoked = await runtime.services.apiKeys.create(admin, { name: 'gone', scopes: ['collect'] });
    await runtime.services.apiKeys.revoke(admin, revoked.apiKey.id);
    revokedKey = revoked.secret;
    // An organization whose monthly allowance is spent: every event is refused with 429.
    starter = await runtime.services.organizations.bootstrap({ name: 'Spent Co', plan: 'starter' });
    const cap = PLANS.starter.eventsPerMonth ?? 0;
    await runtime.store.usage.increment(starter.organization.id, usagePeriod(), 'events', cap);
    server = await listen(runtime, { port: 0, host: '127.0.0.1' });
    // The same app on the plain adapter, as it was served before the fast path existed.
    honoServer = createAdaptorServer({ fetch: runtime.app.fetch }) as Server;
    await new Promise<void>((resolve) => honoServer.listen(0, '127.0.0.1', resolve));
    honoPort = (honoServer.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise((resolve) => honoServer?.close(resolve));
    // Closing the server closes the runtime; cleanup then only removes its data.
    await server?.close();
    await cleanup?.();
  });

  const json = (key: string | undefined, body: unknown, headers: Record<string, string> = {}): Sent => ({
    headers: { 'content-type': 'application/json', ...(key && { 'x-service-key': key }), ...headers },
    body: JSON.stringify(body),
  });
  const thumbsUp = () => ({ inboxKey: org.inbox.inboxKey, type: 'thumbs', score: 1, comment: 'Nice' });
  /** A valid event padded with trailing whitespace (still valid JSON) to exactly `bytes`. */
  const padded = (bytes: number) => {
    const text = JSON.stringify(thumbsUp());
    return text + ' '.repeat(bytes - Buffer.byteLength(text));
  };
  /** A text event whose comment is `comment` followed by raw bytes, sent as they are. */
  const utf8Bytes = (comment: string, raw: number[]) => ({ comment, raw });
  const latin1Cafe = () => utf8Bytes('caf', [0xe9]);
  const textInBytes = (key: string | undefined, { comment, raw }: { comment: string; raw: number[] }): Sent => {
    const [before, after] = JSON.stringify({ inboxKey: org.inbox.inboxKey, type: 'text', comment }).split(/(?="}$)/);
    return {
      ...json(key, {}),
      body: Buffer.concat([Buffer.from(before ?? ''), Buffer.from(raw), Buffer.from(after ?? '')]),
    };
  };
  const latin1Headers = (key: string) => ({ 'content-type': 'application/json; charset=latin1', 'x-service-key': key });
  const split = (text: string) => {
    const bytes = Buffer.from(text);
    return [bytes.subarray(0, 30_000), bytes.subarray(30_000, 60_000), bytes.subarray(60_000)];
  };

  /** The fast path's answer, after checking the Hono adapter and the in-process app give the same. */
  async function agreed(sent: Sent): Promise<Answer> {
    const fast = await overHttp(server.port, sent);
    const honoOverHttp = await overHttp(honoPort, sent);
    const honoInProcess = await throughHono(runtime, sent);
    expect(comparable(fast), 'fast path vs Hono on @hono/node-server').toEqual(comparable(honoOverHttp));
    expect(comparable(fast, true), 'fast path vs app.request').toEqual(comparable(honoInProcess, true));
    sameResetSeconds([fast, honoOverHttp, honoInProcess]);
    return fast;
  }

  const cases: [string, () => Sent, number, string | undefined][] = [
    ['a valid event', () => json(org.collectKey, thumbsUp()), 201, undefined],
    ['a valid event under /v1', () => ({ ...json(org.collectKey, thumbsUp()), path: '/v1/collect' }), 201, undefined],
    ['a query string', () => ({ ...json(org.collectKey, thumbsUp()), path: '/collect?source=test' }), 201, undefined],
    [
      'a Bearer key and a charset',
      () => ({
        headers: { 'content-type': 'application/json; charset=utf-8', authorization: `Bearer ${org.collectKey}` },
        body: JSON.stringify(thumbsUp()),
      }),
      201,
      undefined,
    ],
    [
      'a body with a byte order mark',
      () => ({ ...json(org.collectKey, {}), body: `\uFEFF${JSON.stringify(thumbsUp())}` }),
      201,
      undefined,
    ],
    [
      'context and a text event',
      () =>
        json(org.collectKey, {
          inboxKey: org.inbox.inboxKey,
          type: 'text',
          comment: 'Saving is slow',
          context: { source: 'widget', url: 'https://example.com', nested: { a: [1, 2] } },
        }),
      201,
      undefined,
    ],
    [
      'a context.source that is not text',
      () => json(org.collectKey, { ...thumbsUp(), context: { source: 5 } }),
      400,
      'validation_failed',
    ],
    [
      'a context.agentName that is not text',
      () => json(org.collectKey, { ...thumbsUp(), context: { source: 'agent', agentName: { id: 7 } } }),
      400,
      'validation_failed',
    ],
    ['a null context.source', () => json(org.collectKey, { ...thumbsUp(), context: { source: null } }), 201, undefined],
    [
      'an unknown field (a typo of score)',
      () => json(org.collectKey, { ...thumbsUp(), scroe: 0 }),
      400,
      'validation_failed',
    ],
    ['malformed JSON', () => ({ ...json(org.collectKey, {}), body: '{"inboxKey": ' }), 400, 'malformed_json'],
    ['a comment in Latin-1 bytes (not UTF-8)', () => textInBytes(org.collectKey, latin1Cafe()), 400, 'malformed_json'],
    [
      'a surrogate encoded in UTF-8 bytes (not UTF-8)',
      () => textInBytes(org.collectKey, utf8Bytes('caf', [0xed, 0xa0, 0x80])),
      400,
      'malformed_json',
    ],
    ['bytes that are not UTF-8 and no key', () => textInBytes(undefined, latin1Cafe()), 401, 'missing_api_key'],
    ['a text event in UTF-8', () => textInBytes(org.collectKey, utf8Bytes('café', [])), 201, undefined],
    [
      'a Latin-1 charset',
      () => json(org.collectKey, thumbsUp(), { 'content-type': 'application/json; charset=latin1' }),
      415,
      'unsupported_media_type',
    ],
    [
      'a Latin-1 charset on bytes that are not UTF-8',
      () => ({ ...textInBytes(org.collectKey, latin1Cafe()), headers: latin1Headers(org.collectKey) }),
      415,
      'unsupported_media_type',
    ],
    [
      'a Latin-1 charset and an Idempotency-Key over 255 characters',
      () => json(org.collectKey, thumbsUp(), { ...latin1Headers(org.collectKey), 'idempotency-key': 'k'.repeat(256) }),
      415,
      'unsupported_media_type',
    ],
    [
      'a quoted upper-case UTF-8 charset',
      () => json(org.collectKey, thumbsUp(), { 'content-type': 'application/json; charset="UTF-8"' }),
      201,
      undefined,
    ],
    [
      'the utf8 charset label',
      () => json(org.collectKey, thumbsUp(), { 'content-type': 'application/json;charset=utf8' }),
      201,
      undefined,
    ],
    ['an empty JSON body', () => ({ ...json(org.collectKey, {}), body: '' }), 400, 'malformed_json'],
    ['a JSON array', () => json(org.collectKey, [thumbsUp()]), 400, 'validation_failed'],
    [
      'an eventId with a lone surrogate',
      () => json(org.collectKey, { ...thumbsUp(), eventId: '\ud800x' }),
      400,
      'validation_failed',
    ],
    [
      'a lone surrogate in a context key and value',
      () => json(org.collectKey, { ...thumbsUp(), context: { 'k\udc00': 1, list: ['\udbff'] } }),
      400,
      'validation_failed',
    ],
    [
      'a lone surrogate in a member the schema ignores',
      () => json(org.collectKey, { ...thumbsUp(), unknown: { note: '\ud800' } }),
      400,
      'validation_failed',
    ],
    [
      'a context nested 4,200 levels deep',
      () => ({
        ...json(org.collectKey, {}),
        body: JSON.stringify(thumbsUp()).replace(/}$/, `,"context":${'{"a":'.repeat(4_199)}{}${'}'.repeat(4_200)}`),
      }),
      400,
      'validation_failed',
    ],
    ['JSON null', () => json(org.collectKey, null), 400, 'validation_failed'],
    [
      'a text/plain body',
      () => ({
        headers: { 'content-type': 'text/plain', 'x-service-key': org.collectKey },
        body: JSON.stringify(thumbsUp()),
      }),
      415,
      'unsupported_media_type',
    ],
    [
      'a body without Content-Type',
      () => ({ headers: { 'x-service-key': org.collectKey }, body: Buffer.from(JSON.stringify(thumbsUp())) }),
      415,
      'unsupported_media_type',
    ],
    ['no body and no Content-Type', () => ({ headers: { 'x-service-key': org.collectKey } }), 400, 'validation_failed'],
    [
      'a body over 64 KB with Content-Length',
      () => json(org.collectKey, { ...thumbsUp(), comment: 'x'.repeat(70_000) }),
      413,
      'payload_too_large',
    ],
    [
      'a chunked body over 64 KB',
      () => ({
        headers: { 'content-type': 'application/json', 'x-service-key': org.collectKey },
        body: { chunks: Array.from({ length: 9 }, () => Buffer.alloc(8192, 0x20)) },
      }),
      413,
      'payload_too_large',
    ],
    ['a body of exactly 64 KB', () => ({ ...json(org.collectKey, {}), body: padded(65_536) }), 201, undefined],
    [
      'a body one byte over 64 KB',
      () => ({ ...json(org.collectKey, {}), body: padded(65_537) }),
      413,
      'payload_too_large',
    ],
    [
      'a chunked body of exactly 64 KB',
      () => ({ ...json(org.collectKey, {}), body: { chunks: split(padded(65_536)) } }),
      201,
      undefined,
    ],
    [
      'a chunked body one byte over 64 KB',
      () => ({ ...json(org.collectKey, {}), body: { chunks: split(padded(65_537)) } }),
      413,
      'payload_too_large',
    ],
    [
      'a chunked body within the limit',
      () => ({
        headers: { 'content-type': 'application/json', 'x-service-key': org.collectKey },
        body: {
          chunks: [Buffer.from('{"inboxKey":'), Buffer.from(`"${org.inbox.inboxKey}","type":"stars","score":4}`)],
        },
      }),
      201,
      undefined,
    ],
    ['a score out of range', () => json(org.collectKey, { ...thumbsUp(), score: 7 }), 400, 'validation_failed'],
    [
      'several invalid fields',
      () => json(org.collectKey, { inboxKey: '', type: 'stars', comment: 5, context: 'no' }),
      400,
      'validation_failed',
    ],
    [
      'text feedback without a comment',
      () => json(org.collectKey, { inboxKey: org.inbox.inboxKey, type: 'text' }),
      400,
      'validation_failed',
    ],
    ['an unknown inbox', () => json(org.collectKey, { ...thumbsUp(), inboxKey: 'ibx_nope' }), 404, 'inbox_not_found'],
    [
      "another organization's inbox",
      () => json(org.collectKey, { ...thumbsUp(), inboxKey: starter.inbox.inboxKey }),
      404,
      'inbox_not_found',
    ],
    ['no key', () => json(undefined, thumbsUp()), 401, 'missing_api_key'],
    ['no key and a malformed body', () => ({ ...json(undefined, {}), body: '{' }), 401, 'missing_api_key'],
    ['a malformed key', () => json('not-a-key', thumbsUp()), 401, 'invalid_api_key'],
    [
      'a well-formed key that does not exist',
      () => json(`hb_${'0'.repeat(26)}_${'A'.repeat(32)}`, thumbsUp()),
      401,
      'invalid_api_key',
    ],
    ['a revoked key', () => json(revokedKey, thumbsUp()), 401, 'revoked_api_key'],
    ['a key without the collect scope', () => json(readOnlyKey, thumbsUp()), 403, 'insufficient_scope'],
    [
      'a wrong scope and a malformed body',
      () => ({ ...json(readOnlyKey, {}), body: 'nope' }),
      403,
      'insufficient_scope',
    ],
    [
      'an empty Idempotency-Key',
      () => json(org.collectKey, thumbsUp(), { 'idempotency-key': '' }),
      400,
      'validation_failed',
    ],
    [
      'an Idempotency-Key over 255 characters and a wrong media type',
      () => ({
        headers: { 'content-type': 'text/plain', 'x-service-key': org.collectKey, 'idempotency-key': 'k'.repeat(256) },
        body: 'x',
      }),
      400,
      'validation_failed',
    ],
    [
      'a spent monthly allowance',
      () => json(starter.collectKey, { ...thumbsUp(), inboxKey: starter.inbox.inboxKey }),
      429,
      'event_limit_reached',
    ],
    [
      'a caller request id to echo',
      () => json(org.collectKey, thumbsUp(), { 'x-request-id': 'trace-42=abc' }),
      201,
      undefined,
    ],
    [
      'a caller request id unsafe to echo',
      () => json('not-a-key', thumbsUp(), { 'x-request-id': 'bad id\twith spaces' }),
      401,
      'invalid_api_key',
    ],
  ];

  it.each(cases)('answers %s the same way', async (_name, make, status, code) => {
    const sent = make();
    const fast = await agreed(sent);
    expect(fast.status).toBe(status);
    if (code) expect((fast.body as { code?: string }).code).toBe(code);
    expect(fast.headers['access-control-allow-origin']).toBe('*');
    const callerId = sent.headers?.['x-request-id'];
    if (callerId === 'trace-42=abc') expect(fast.headers['x-request-id']).toBe(callerId);
    else expect(fast.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('replays an idempotent retry on both paths, with the header and the first id', async () => {
    for (const via of ['fast', 'hono'] as const) {
      const sent = json(org.collectKey, thumbsUp(), { 'idempotency-key': `retry-${via}-${dialect}` });
      const send = () => (via === 'fast' ? overHttp(server.port, sent) : throughHono(runtime, sent));
      const first = await send();
      const again = await send();
      expect(first.status).toBe(201);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      expect(again.status).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect((again.body as { id: string }).id).toBe((first.body as { id: string }).id);
    }
    // A retry stored through one path is recognised by the other, by header or by eventId.
    for (const extra of [{ headers: { 'idempotency-key': `retry-cross-${dialect}` } }, { eventId: `evt-${dialect}` }]) {
      const sent = json(org.collectKey, { ...thumbsUp(), ...('eventId' in extra && extra) }, extra.headers);
      const fast = await overHttp(server.port, sent);
      const hono = await throughHono(runtime, sent);
      expect(fast.headers['idempotent-replayed']).toBeUndefined();
      expect(hono.headers['idempotent-replayed']).toBe('true');
      expect((hono.body as { id: string }).id).toBe((fast.body as { id: string }).id);
    }
  });

  it('refuses an Idempotency-Key and a different eventId on both paths alike, naming both, and stores nothing', async () => {
    const eventId = `evt-differs-${dialect}`;
    const sent = json(org.collectKey, { ...thumbsUp(), eventId }, { 'idempotency-key': `key-differs-${dialect}` });
    const refused = await agreed(sent);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 'validation_failed',
      errors: [
        {
          path: 'eventId',
          message: 'Differs from the Idempotency-Key header: give one, or the same value in both.',
        },
      ],
    });
    expect((refused.body as { detail: string }).detail).toContain('Idempotency-Key');
    // Neither key was stored: the eventId alone is a new submission, not a replay.
    const alone = await overHttp(server.port, json(org.collectKey, { ...thumbsUp(), eventId }));
    expect(alone.status).toBe(201);
    expect(alone.headers['idempotent-replayed']).toBeUndefined();
  });

  it('takes the same value in Idempotency-Key and eventId on both paths, as one key', async () => {
    for (const via of ['fast', 'hono'] as const) {
      const key = `same-${via}-${dialect}`;
      const send = (sent: ReturnType<typeof json>) =>
        via === 'fast' ? overHttp(server.port, sent) : throughHono(runtime, sent);
      const first = await send(json(org.collectKey, { ...thumbsUp(), eventId: key }, { 'idempotency-key': key }));
      expect(first.status).toBe(201);
      // A retry by either one alone is the same submission.
      const byHeader = await send(json(org.collectKey, thumbsUp(), { 'idempotency-key': key }));
      const byEventId = await send(json(org.collectKey, { ...thumbsUp(), eventId: key }));
      for (const again of [byHeader, byEventId]) {
        expect(again.headers['idempotent-replayed']).toBe('true');
        expect((again.body as { id: string }).id).toBe((first.body as { id: string }).id);
      }
    }
  });

  it('refuses a reused idempotency key with a different body on both paths alike', async () => {
    for (const extra of [{ headers: { 'idempotency-key': `reused-${dialect}` } }, { eventId: `reused-${dialect}` }]) {
      const original = { ...thumbsUp(), ...('eventId' in extra && extra) };
      expect((await overHttp(server.port, json(org.collectKey, original, extra.headers))).status).toBe(201);
      const changed = await agreed(json(org.collectKey, { ...original, score: 0 }, extra.headers));
      expect(changed.status).toBe(422);
      expect((changed.body as { code?: string }).code).toBe('idempotency_key_reused');
    }
  });

  it('refuses bytes that are not UTF-8 on both paths, saying so, instead of storing U+FFFD', async () => {
    const marker = `caf-${dialect}-`;
    for (const sent of [
      textInBytes(org.collectKey, utf8Bytes(marker, [0xe9])),
      textInBytes(org.collectKey, utf8Bytes(marker, [0xff, 0xfe])),
    ]) {
      const answer = await agreed(sent);
      expect(answer.status).toBe(400);
      expect((answer.body as { detail?: string }).detail).toMatch(/^The request body is not valid UTF-8/);
    }
    const admin = await runtime.services.apiKeys.authenticate(org.adminKey);
    const stored = await runtime.services.feedback.list(admin, {}, { limit: 200 });
    expect(stored.data.filter((item) => item.comment?.startsWith(marker))).toEqual([]);
  });

  it('refuses a charset other than UTF-8, naming it', async () => {
    const answer = await agreed(
      json(org.collectKey, thumbsUp(), { 'content-type': 'application/json; charset=ISO-8859-1' }),
    );
    expect(answer.status).toBe(415);
    expect((answer.body as { detail?: string }).detail).toBe(
      'JSON is read as UTF-8 only; the body declares charset=ISO-8859-1. Send it in UTF-8, with no charset or charset=utf-8.',
    );
  });

  it('stores what the fast path acknowledges', async () => {
    const eventId = `stored-${dialect}`;
    const answer = await overHttp(
      server.port,
      json(org.collectKey, { ...thumbsUp(), eventId, context: { source: 'fast' } }),
    );
    expect(answer.status).toBe(201);
    const id = (answer.body as { id: string }).id;
    const admin = await runtime.services.apiKeys.authenticate(org.adminKey);
    expect(await runtime.services.feedback.get(admin, id)).toMatchObject({
      id,
      inboxId: org.inbox.id,
      type: 'thumbs',
      score: 1,
      comment: 'Nice',
      source: 'fast',
    });
  });

  it('leaves preflights and other methods and paths to Hono', async () => {
    const preflight: Sent = {
      method: 'OPTIONS',
      headers: { origin: 'https://shop.example', 'access-control-request-method': 'POST' },
    };
    const others: Sent[] = [
      preflight,
      { method: 'GET' },
      { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{}' },
      { method: 'POST', path: '/collect/' },
      { method: 'POST', path: '/v2/collect' },
      { method: 'GET', path: '/healthz' },
    ];
    for (const sent of others) {
      const fast = await overHttp(server.port, sent);
      expect(comparable(fast)).toEqual(comparable(await overHttp(honoPort, sent)));
    }
    const fast = await overHttp(server.port, preflight);
    expect(fast.status).toBe(204);
    expect(fast.headers['access-control-allow-headers']).toContain('X-Service-Key');
  });
});
