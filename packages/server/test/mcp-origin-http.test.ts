import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../src/config.js';
import { listen, type RunningServer } from '../src/http-server.js';
import { openTestRuntime } from './support/harness.js';

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'browser', version: '1' } },
});

/**
 * `POST /mcp` over real HTTP with the Host and Origin a browser would send; fetch cannot set Host,
 * and a DNS-rebinding page is exactly a request whose Host is the attacker's name.
 */
function postMcp(server: RunningServer, key: string, headers: { host?: string; origin?: string }) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = httpRequest(
      `${server.url}/mcp`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'x-service-key': key,
          ...(headers.host !== undefined && { host: headers.host }),
          ...(headers.origin !== undefined && { origin: headers.origin }),
        },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8').on('data', (chunk: string) => {
          body += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.on('error', reject).end(INITIALIZE);
  });
}

/** A served runtime with one organization; its admin key. */
function serve(overrides: Partial<Config>) {
  const state: { server?: RunningServer; key?: string; cleanup?: () => Promise<void> } = {};
  beforeAll(async () => {
    const { runtime, cleanup } = await openTestRuntime('sqlite', overrides);
    state.cleanup = cleanup;
    state.key = (await runtime.services.organizations.bootstrap({ name: 'Origins' })).adminKey;
    state.server = await listen(runtime, { port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await state.server?.close();
    await state.cleanup?.().catch(() => {});
  });
  return () => {
    if (!state.server || !state.key) throw new Error('Server not ready');
    return { server: state.server, key: state.key, port: state.server.port };
  };
}

describe('/mcp Origin over HTTP, without HEARBACK_PUBLIC_URL', () => {
  const served = serve({});

  it('accepts the loopback origins of the port it listens on, and no Origin at all', async () => {
    const { server, key, port } = served();
    for (const origin of [`http://localhost:${port}`, `http://127.0.0.1:${port}`, `http://[::1]:${port}`, undefined]) {
      expect((await postMcp(server, key, { origin })).status, origin).toBe(200);
    }
  });

  it('refuses a DNS-rebinding page: Host and Origin both name the attacker, on the right port', async () => {
    const { server, key, port } = served();
    const rebound = await postMcp(server, key, {
      host: `rebind.evil.example:${port}`,
      origin: `http://rebind.evil.example:${port}`,
    });
    expect(rebound.status).toBe(403);
    expect(JSON.parse(rebound.body)).toMatchObject({ code: 'origin_not_allowed' });
  });

  it('refuses loopback origins of another port (another local app) and https on ours', async () => {
    const { server, key, port } = served();
    for (const origin of [`http://localhost:${port + 1}`, `https://localhost:${port}`, 'http://localhost']) {
      expect((await postMcp(server, key, { origin })).status, origin).toBe(403);
    }
  });
});

describe('/mcp Origin over HTTP, with HEARBACK_PUBLIC_URL', () => {
  const served = serve({ publicUrl: 'https://feedback.example.com' });

  it('accepts the public URL origin only: loopback and rebinding origins are refused', async () => {
    const { server, key, port } = served();
    const host = 'feedback.example.com';
    expect((await postMcp(server, key, { host, origin: 'https://feedback.example.com' })).status).toBe(200);
    expect((await postMcp(server, key, { origin: `http://localhost:${port}` })).status).toBe(403);
    expect((await postMcp(server, key, { host, origin: 'http://feedback.example.com' })).status).toBe(403);
    const rebound = { host: `rebind.evil.example:${port}`, origin: `http://rebind.evil.example:${port}` };
    expect((await postMcp(server, key, rebound)).status).toBe(403);
  });

  it('prints the public URL as its address', () => {
    expect(served().server.publicUrl).toBe('https://feedback.example.com');
  });
});
