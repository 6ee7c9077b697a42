import { createHearbackClient, isProblem } from '@hearback/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server.js';

// The client against the real server in-process. Every operation is exercised through the SDK
// in @hearback/node's contract suite; this one pins the client's own promises: typed data,
// problems as values, headers.
describe('client against the real server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  const client = (apiKey?: string) =>
    createHearbackClient({ baseUrl: 'http://hearback.test', apiKey, fetch: (request) => server.fetch(request) });

  it('answers the unauthenticated health check without a key', async () => {
    const { data, error } = await client().GET('/healthz');
    expect(error).toBeUndefined();
    expect(data).toEqual({ status: 'ok' });
  });

  it('collects with the collect key and reads back with the admin key', async () => {
    const { data: created, error } = await client(server.collectKey).POST('/collect', {
      body: {
        inboxKey: server.inboxKey,
        type: 'nps',
        score: 9,
        comment: 'Fast checkout',
        context: { source: 'server' },
      },
    });
    expect(error).toBeUndefined();
    expect(created?.id).toMatch(/^fb_/);

    const { data: page } = await client(server.adminKey).GET('/organizations/{orgId}/feedback', {
      params: { path: { orgId: server.orgId }, query: { type: 'nps', limit: 10 } },
    });
    expect(page?.data.map((item) => item.id)).toContain(created?.id);
    const stored = page?.data.find((item) => item.id === created?.id);
    expect(stored).toMatchObject({ score: 9, comment: 'Fast checkout', source: 'server', status: 'new' });
  });

  it('returns a problem as a value, with the request id it sent', async () => {
    const { data, error, response } = await client('hb_not_a_real_key').GET('/organizations/{orgId}', {
      params: { path: { orgId: server.orgId } },
    });
    expect(data).toBeUndefined();
    expect(response.status).toBe(401);
    expect(isProblem(error)).toBe(true);
    expect(error).toMatchObject({ status: 401, code: 'invalid_api_key' });
    const sent = response.headers.get('x-request-id');
    expect(sent).toMatch(/^req_[0-9a-f]{32}$/);
    expect(error?.requestId).toBe(sent);
  });

  it('reports validation failures field by field', async () => {
    const { error, response } = await client(server.collectKey).POST('/collect', {
      body: { inboxKey: server.inboxKey, type: 'stars', score: 9 },
    });
    expect(response.status).toBe(400);
    expect(error?.code).toBe('validation_failed');
    expect(error?.errors?.length).toBeGreaterThan(0);
  });

  it('keeps a caller-chosen request id', async () => {
    const { response } = await client().GET('/healthz', { headers: { 'X-Request-Id': 'trace-42' } });
    expect(response.headers.get('x-request-id')).toBe('trace-42');
  });

  it('serves the same operations under /v1', async () => {
    const v1 = createHearbackClient({
      baseUrl: 'http://hearback.test/v1',
      apiKey: server.adminKey,
      fetch: (request) => server.fetch(request),
    });
    const { data } = await v1.GET('/organizations/{orgId}', { params: { path: { orgId: server.orgId } } });
    expect(data?.id).toBe(server.orgId);
  });
});
