import { once } from 'node:events';
import { Agent, request as httpRequest, type IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { KEEP_ALIVE_TIMEOUT_MS, listen, type RunningServer } from '../src/http-server.js';
import { openTestRuntime } from './support/harness.js';

/**
 * Idle keep-alive connections: kept longer than the proxies in front of a server keep theirs (a
 * proxy that reuses a connection the server has closed answers 502), yet never holding a shutdown
 * back. No storage rule is involved, so one dialect is enough.
 */
describe('Keep-alive connections', () => {
  let server: RunningServer | undefined;
  let cleanup: (() => Promise<void>) | undefined;

  afterEach(async () => {
    await server?.close().catch(() => {});
    await cleanup?.();
    server = undefined;
    cleanup = undefined;
  });

  async function start(): Promise<RunningServer> {
    const opened = await openTestRuntime('sqlite');
    cleanup = opened.cleanup;
    server = await listen(opened.runtime, { port: 0, host: '127.0.0.1' });
    return server;
  }

  it('tells clients an idle connection stays open longer than a load balancer’s 60 s', async () => {
    const { url } = await start();
    const response = await fetch(`${url}/healthz`);
    expect(response.status).toBe(200);
    expect(response.headers.get('keep-alive')).toBe(`timeout=${KEEP_ALIVE_TIMEOUT_MS / 1000}`);
    expect(KEEP_ALIVE_TIMEOUT_MS).toBeGreaterThan(60_000);
  });

  it('closes a connection whose request ends during shutdown, instead of keeping it for the timeout', async () => {
    const running = await start();
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      // A request still sending its body when the shutdown begins: it is answered, then its
      // connection (which the client would keep) must not hold the server open.
      const request = httpRequest({
        agent,
        host: '127.0.0.1',
        port: running.port,
        method: 'POST',
        path: '/v1/collect',
        // Node answers `100 Continue` once it has read the headers: the request is then in flight.
        headers: { 'content-type': 'application/json', 'x-service-key': 'hb_not_a_key', expect: '100-continue' },
      });
      const answered = new Promise<IncomingMessage>((resolve, reject) => {
        request.on('response', resolve);
        request.on('error', reject);
      });
      request.flushHeaders();
      await new Promise<void>((resolve) => request.once('continue', () => resolve()));
      request.write('{"inboxKey": "ibx_none",');
      const socketClosed = new Promise<void>((resolve) => request.socket?.once('close', () => resolve()));
      const closing = running.close();
      request.end('"type": "thumbs", "score": 1}');
      const response = await answered;
      response.resume();
      expect(response.statusCode).toBe(401);
      const stillOpen = Symbol('still open');
      const outcome = await Promise.race([
        closing.then(() => socketClosed).then(() => 'closed' as const),
        // Far below the keep-alive timeout the connection would otherwise be held for.
        new Promise<symbol>((resolve) => setTimeout(() => resolve(stillOpen), 10_000).unref()),
      ]);
      expect(outcome).toBe('closed');
      server = undefined;
    } finally {
      agent.destroy();
    }
  }, 20_000);

  it('closes a connection that has sent no request yet (a browser’s preconnect) when it stops', async () => {
    const running = await start();
    const silent = connect(running.port, '127.0.0.1');
    await once(silent, 'connect');
    // Answered on a second connection, accepted after the silent one: the server holds both now.
    expect((await fetch(`${running.url}/healthz`)).status).toBe(200);
    const silentClosed = once(silent, 'close');
    const stillOpen = Symbol('still open');
    const outcome = await Promise.race([
      running
        .close()
        .then(() => silentClosed)
        .then(() => 'closed' as const),
      // Node would otherwise hold it until its headers timeout, about 70 s.
      new Promise<symbol>((resolve) => setTimeout(() => resolve(stillOpen), 10_000).unref()),
    ]);
    expect(outcome).toBe('closed');
    server = undefined;
    silent.destroy();
  }, 20_000);
});
