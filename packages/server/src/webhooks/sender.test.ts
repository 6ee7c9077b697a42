import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ScriptedReceiver, startScriptedReceiver } from '../../test/support/scripted-receiver.js';
import type { AttemptOutcome, OutboundRequest } from './contracts.js';
import { GuardedWebhookSender, RESPONSE_EXCERPT_BYTES } from './sender.js';

const LOOPBACK = ['127.0.0.0/8'];

let receiver: ScriptedReceiver;
let other: ScriptedReceiver;
const senders: GuardedWebhookSender[] = [];

function sender(options: ConstructorParameters<typeof GuardedWebhookSender>[0] = { allowedCidrs: LOOPBACK }) {
  const created = new GuardedWebhookSender(options);
  senders.push(created);
  return created;
}

function post(url: string, overrides: Partial<OutboundRequest> = {}): OutboundRequest {
  return {
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'webhook-id': 'evt_1' },
    body: JSON.stringify({ id: 'evt_1', type: 'feedback.created', data: { comment: 'Ünïcode 😀' } }),
    ...overrides,
  };
}

beforeEach(async () => {
  [receiver, other] = await Promise.all([startScriptedReceiver(), startScriptedReceiver()]);
});

afterEach(async () => {
  await Promise.all(senders.splice(0).map((created) => created.close()));
  await Promise.all([receiver.close(), other.close()]);
});

describe('GuardedWebhookSender: answers', () => {
  it('delivers the request as given and reports a 200 with its body and latency', async () => {
    receiver.script((_request, response) => response.writeHead(200, { 'content-type': 'text/plain' }).end('thanks'));
    const request = post(`${receiver.url}/hooks/in?x=1`, {
      headers: { 'content-type': 'application/json', 'x-note': 'café ☕', 'webhook-id': 'evt_1' },
    });
    const outcome = await sender().send(request);

    expect(outcome).toEqual({ kind: 'response', status: 200, latencyMs: expect.any(Number), bodyExcerpt: 'thanks' });
    expect(outcome.latencyMs).toBeGreaterThanOrEqual(0);
    const [received] = receiver.requests;
    expect(received).toMatchObject({ method: 'POST', url: '/hooks/in?x=1', body: request.body });
    expect(received?.headers).toMatchObject({ 'content-type': 'application/json', 'webhook-id': 'evt_1' });
    // Non-ASCII header values travel as UTF-8 bytes.
    const note = received?.rawHeaders[received.rawHeaders.indexOf('x-note') + 1] ?? '';
    expect(Buffer.from(note, 'latin1').toString('utf8')).toBe('café ☕');
  });

  it('reports a 500 as a response', async () => {
    receiver.script((_request, response) => response.writeHead(500).end('boom'));
    expect(await sender().send(post(receiver.url))).toMatchObject({
      kind: 'response',
      status: 500,
      bodyExcerpt: 'boom',
    });
  });

  it('reads Retry-After as seconds and as an HTTP date', async () => {
    const inTwoMinutes = new Date(Math.ceil(Date.now() / 1000) * 1000 + 120_000).toUTCString();
    receiver.script(
      (_request, response) => response.writeHead(429, { 'retry-after': '7' }).end(),
      (_request, response) => response.writeHead(503, { 'retry-after': inTwoMinutes }).end(),
    );
    const webhook = sender();
    expect(await webhook.send(post(receiver.url))).toMatchObject({ kind: 'response', status: 429, retryAfterMs: 7000 });
    const dated = await webhook.send(post(receiver.url));
    expect(dated).toMatchObject({ kind: 'response', status: 503 });
    const retryAfter = (dated as Extract<AttemptOutcome, { kind: 'response' }>).retryAfterMs ?? 0;
    expect(retryAfter).toBeGreaterThan(115_000);
    expect(retryAfter).toBeLessThanOrEqual(121_000);
  });

  it('does not follow a redirect: the 302 is the answer and its target hears nothing', async () => {
    receiver.script((_request, response) => response.writeHead(302, { location: `${other.url}/elsewhere` }).end());
    const outcome = await sender().send(post(receiver.url));
    expect(outcome).toMatchObject({ kind: 'response', status: 302 });
    expect(other.requests).toHaveLength(0);
    expect(other.connections).toBe(0);
  });

  it('keeps the first 2 KB of a long answer and drops the connection instead of reading on', async () => {
    let writing: NodeJS.Timeout | undefined;
    receiver.script((_request, response) => {
      // One byte then two-byte characters, so the limit falls inside a character; then no end.
      response.writeHead(200);
      response.write(`a${'é'.repeat(1500)}`);
      writing = setInterval(() => response.write('more '.repeat(100)), 5);
    });
    try {
      const outcome = await sender({ allowedCidrs: LOOPBACK, timeoutMs: 5000 }).send(post(receiver.url));
      expect(outcome).toMatchObject({ kind: 'response', status: 200 });
      const excerpt = (outcome as Extract<AttemptOutcome, { kind: 'response' }>).bodyExcerpt;
      expect(excerpt).toBe(`a${'é'.repeat(1023)}`);
      expect(Buffer.byteLength(excerpt)).toBeLessThanOrEqual(RESPONSE_EXCERPT_BYTES);
      await receiver.lastConnectionClosed();
    } finally {
      clearInterval(writing);
    }
  });
});

describe('GuardedWebhookSender: shutdown', () => {
  it('lets an attempt in flight finish when closed, and refuses new ones', async () => {
    const answered = new Promise<void>((resolve) =>
      receiver.script((_request, response) => {
        setImmediate(() => response.end('late but fine'));
        resolve();
      }),
    );
    const webhook = new GuardedWebhookSender({ allowedCidrs: LOOPBACK });
    const inFlight = webhook.send(post(receiver.url));
    await answered;
    await webhook.close();
    expect(await inFlight).toMatchObject({ kind: 'response', status: 200, bodyExcerpt: 'late but fine' });
    expect(await webhook.send(post(receiver.url))).toMatchObject({ kind: 'network_error' });
  });
});

describe('GuardedWebhookSender: failures', () => {
  it('times out a receiver that never answers', async () => {
    receiver.script(() => {});
    const outcome = await sender({ allowedCidrs: LOOPBACK, timeoutMs: 300 }).send(post(receiver.url));
    expect(outcome).toMatchObject({ kind: 'timeout', error: expect.stringContaining('300 ms') });
    expect(outcome.latencyMs).toBeGreaterThanOrEqual(290);
    expect(outcome.latencyMs).toBeLessThan(3000);
  });

  it('times out a receiver that stops in the middle of its body', async () => {
    receiver.script((_request, response) => {
      response.writeHead(200, { 'content-length': '100' });
      response.write('partial');
    });
    const outcome = await sender({ allowedCidrs: LOOPBACK, timeoutMs: 300 }).send(post(receiver.url));
    expect(outcome).toMatchObject({ kind: 'timeout', error: expect.stringContaining('after status 200') });
  });

  it('reports a connection reset in the middle of the body as a network error, not an answer', async () => {
    receiver.script((_request, response) => {
      response.writeHead(200, { 'content-length': '100' });
      response.write('partial', () => response.socket?.destroy());
    });
    const outcome = await sender().send(post(receiver.url));
    expect(outcome).toMatchObject({ kind: 'network_error', error: expect.stringContaining('after status 200') });
  });

  it('reports a refused connection as a network error', async () => {
    const port = receiver.port;
    await receiver.close();
    const outcome = await sender().send(post(`http://127.0.0.1:${port}`));
    expect(outcome).toMatchObject({ kind: 'network_error', error: expect.stringContaining('ECONNREFUSED') });
  });

  it('never throws, even for a URL that is not one', async () => {
    await expect(sender().send(post('not a url'))).resolves.toMatchObject({ kind: 'network_error' });
    await expect(sender().send(post('ftp://127.0.0.1/'))).resolves.toMatchObject({ kind: 'address_refused' });
  });
});

describe('GuardedWebhookSender: SSRF guard', () => {
  it.each([
    ['loopback without the allowlist', (port: number) => `http://127.0.0.1:${port}`, [], '127.0.0.1 (loopback)'],
    ['a name resolving to loopback', (port: number) => `http://localhost:${port}`, [], '(loopback)'],
    ['IPv6 loopback', (port: number) => `http://[::1]:${port}`, LOOPBACK, '::1 (loopback)'],
    ['IPv4-mapped loopback', (port: number) => `http://[::ffff:127.0.0.1]:${port}`, [], '(loopback)'],
    ['a decimal IPv4 literal', (port: number) => `http://2130706433:${port}`, [], '127.0.0.1 (loopback)'],
    ['cloud metadata', () => 'http://169.254.169.254/latest/meta-data/', LOOPBACK, '169.254.169.254 (linkLocal)'],
    ['a private address', () => 'http://10.0.0.1/', LOOPBACK, '10.0.0.1 (private)'],
    ['CGNAT', () => 'http://100.64.0.1/', LOOPBACK, '100.64.0.1 (carrierGradeNat)'],
    ['the unspecified address', (port: number) => `http://0.0.0.0:${port}`, LOOPBACK, '0.0.0.0 (unspecified)'],
  ])('refuses %s before connecting', async (_name, url, allowedCidrs, named) => {
    const outcome = await sender({ allowedCidrs, timeoutMs: 2000 }).send(post(url(receiver.port)));
    expect(outcome).toMatchObject({ kind: 'address_refused', error: expect.stringContaining(named) });
    expect(outcome.latencyMs).toBeLessThan(2000);
    expect(receiver.connections).toBe(0);
  });

  it('connects to loopback by name or literal once the allowlist lists it', async () => {
    const webhook = sender({ allowedCidrs: LOOPBACK });
    expect(await webhook.send(post(`http://localhost:${receiver.port}`))).toMatchObject({ status: 200 });
    expect(await webhook.send(post(`http://[::ffff:127.0.0.1]:${receiver.port}`))).toMatchObject({ status: 200 });
    expect(receiver.requests).toHaveLength(2);
  });
});
