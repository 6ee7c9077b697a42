import { Agent, request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRAIN_LIMIT_BYTES } from '../src/http/early-answer.js';
import { listen, type RunningServer } from '../src/http-server.js';
import type { BootstrappedOrganization } from '../src/services/organizations.js';
import { openTestRuntime } from './support/harness.js';

/**
 * A request the server answers before reading its whole body (an oversized one: 413) must leave the
 * connection usable, or say `Connection: close`: clients that pool connections (Node's agent,
 * undici, browsers) send their next request on it. One socket per agent makes the reuse certain.
 * No storage rule is involved, so one dialect is enough.
 */

interface Answer {
  status: number;
  /** Whether the request went out on a connection an earlier request had used. */
  reusedSocket: boolean;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function send(
  agent: Agent,
  port: number,
  options: { method: string; path: string; key: string; body?: string | Buffer; chunked?: boolean },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'x-service-key': options.key };
    if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      if (!options.chunked) headers['content-length'] = String(Buffer.byteLength(options.body));
    }
    const request = httpRequest(
      { agent, host: '127.0.0.1', port, method: options.method, path: options.path, headers },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            reusedSocket: request.reusedSocket,
            headers: response.headers,
            body,
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    if (options.chunked && options.body !== undefined) {
      // Several writes without Content-Length: the body streams in chunks, its size unknown up front.
      const body = Buffer.from(options.body);
      for (let start = 0; start < body.length; start += 64 * 1024)
        request.write(body.subarray(start, start + 64 * 1024));
      request.end();
    } else {
      request.end(options.body);
    }
  });
}

/** A JSON body of about `bytes` bytes, over every limit the server sets by default. */
function oversizedBrand(bytes: number): string {
  return JSON.stringify({ name: 'Big', description: 'x'.repeat(bytes) });
}

describe('A connection after an early error answer', () => {
  let server: RunningServer;
  let cleanup: () => Promise<void>;
  let org: BootstrappedOrganization;

  beforeAll(async () => {
    const opened = await openTestRuntime('sqlite');
    cleanup = opened.cleanup;
    org = await opened.runtime.services.organizations.bootstrap({ name: 'Pooling' });
    server = await listen(opened.runtime, { port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await server?.close();
    await cleanup?.();
  });

  // `kept`: the refused body is read to its end and the next request reuses the connection; else
  // the answer says `Connection: close` and the agent opens a new one.
  const cases = [
    { name: 'an oversized body with Content-Length', chunked: false, size: 1_100_000, kept: true },
    { name: 'an oversized chunked body', chunked: true, size: 1_100_000, kept: false },
    { name: 'a body over the drain limit', chunked: false, size: DRAIN_LIMIT_BYTES + 100_000, kept: false },
  ];

  for (const { name, chunked, size, kept } of cases) {
    it(`serves the next request on the same agent after ${name} to a route`, async () => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const path = `/organizations/${org.organization.id}/brands`;
        const refused = await send(agent, server.port, {
          method: 'POST',
          path,
          key: org.adminKey,
          body: oversizedBrand(size),
          chunked,
        });
        expect(refused.status).toBe(413);
        expect(JSON.parse(refused.body)).toMatchObject({ code: 'payload_too_large' });
        expect(refused.headers.connection).toBe(kept ? 'keep-alive' : 'close');

        const next = await send(agent, server.port, { method: 'GET', path, key: org.adminKey });
        expect(next.status).toBe(200);
        expect(next.reusedSocket).toBe(kept);
      } finally {
        agent.destroy();
      }
    });

    it(`serves the next request on the same agent after ${name} to /collect`, async () => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const refused = await send(agent, server.port, {
          method: 'POST',
          path: '/collect',
          key: org.collectKey,
          body: JSON.stringify({ inboxKey: org.inbox.inboxKey, type: 'text', comment: 'x'.repeat(size) }),
          chunked,
        });
        expect(refused.status).toBe(413);
        expect(JSON.parse(refused.body)).toMatchObject({ code: 'payload_too_large' });
        expect(refused.headers.connection).toBe(kept ? 'keep-alive' : 'close');

        const next = await send(agent, server.port, {
          method: 'POST',
          path: '/collect',
          key: org.collectKey,
          body: JSON.stringify({ inboxKey: org.inbox.inboxKey, type: 'text', comment: 'Fine.' }),
        });
        expect(next.status).toBe(201);
        expect(next.reusedSocket).toBe(kept);
      } finally {
        agent.destroy();
      }
    });
  }

  it('keeps the connection after an early 401 on a body the route never read', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const path = `/organizations/${org.organization.id}/brands`;
      const refused = await send(agent, server.port, {
        method: 'POST',
        path,
        key: 'hb_not_a_key',
        body: oversizedBrand(600_000),
      });
      expect(refused.status).toBe(401);
      const next = await send(agent, server.port, { method: 'GET', path, key: org.adminKey });
      expect(next.status).toBe(200);
      expect(next.reusedSocket).toBe(true);
    } finally {
      agent.destroy();
    }
  });
});
