import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardedFetch } from './guarded-fetch.js';

describe('guardedFetch (requests to addresses an admin chose: SSO providers)', () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    server = createServer((_request, response) => response.end('{"issuer":"here"}'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/.well-known/openid-configuration`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('refuses a loopback address by default, before anything is sent', async () => {
    const fetch = guardedFetch({ timeoutMs: 2000 });
    await expect(fetch(url, {})).rejects.toThrow();
  });

  it('reaches it when HEARBACK_WEBHOOK_ALLOWED_CIDRS allows loopback', async () => {
    const fetch = guardedFetch({ allowedCidrs: ['127.0.0.0/8'], timeoutMs: 2000 });
    const response = await fetch(url, {});
    expect(await response.json()).toEqual({ issuer: 'here' });
  });
});
