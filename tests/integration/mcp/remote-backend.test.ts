import { PROBLEM_META_KEY } from '@hearback/mcp';
import { createRemoteBackend } from '@hearback/mcp/remote';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callTool, connectClient } from '../support/mcp.js';
import { startServer, type TestServer } from '../support/server.js';

const BASE_URL = 'http://hearback.test';

describe('remote backend (the tools over the REST API, with @hearback/client)', () => {
  let server: TestServer;
  const requests: string[] = [];
  const connect = (apiKey: string, fetch?: (request: Request) => Promise<Response>) =>
    connectClient(
      createRemoteBackend({
        baseUrl: BASE_URL,
        apiKey,
        fetch:
          fetch ??
          (async (request) => {
            requests.push(`${request.method} ${new URL(request.url).pathname}`);
            return server.runtime.app.fetch(request);
          }),
      }),
    );
  const problemOf = (result: Awaited<ReturnType<typeof callTool>>) => {
    expect(result.isError, JSON.stringify(result.content)).toBe(true);
    return result._meta?.[PROBLEM_META_KEY];
  };

  let admin: Client;
  beforeAll(async () => {
    server = await startServer();
    admin = await connect(server.adminKey);
  });
  afterAll(async () => {
    await server.close();
  });

  it('submits, reads, searches, summarises and triages through the REST API', async () => {
    const submitted = await callTool(admin, 'submit_feedback', {
      inbox: server.inboxId,
      type: 'csat',
      score: 2,
      comment: 'Search results are slow',
      agentName: 'remote-agent',
    });
    const { id } = submitted.structuredContent as { id: string };
    const stored = await (await server.rest(`/organizations/${server.orgId}/feedback/${id}`)).json();
    expect(stored).toMatchObject({ source: 'mcp', context: { agentName: 'remote-agent' }, score: 2 });

    const listed = await callTool(admin, 'get_feedback', { q: 'SLOW', type: 'csat' });
    expect(listed.structuredContent).toMatchObject({ items: [{ id, comment: 'Search results are slow' }] });
    const found = await callTool(admin, 'search_feedback', { query: 'slow results', type: 'csat', limit: 5 });
    expect(found.isError, JSON.stringify(found.content)).toBeFalsy();
    expect(found.structuredContent).toMatchObject({
      results: [{ feedback: { id, comment: 'Search results are slow' } }],
    });
    expect(JSON.stringify(found.content)).toContain('(relevance 1.00)');
    const stats = await callTool(admin, 'get_feedback_stats', { from: '2020-01-01' });
    expect(stats.structuredContent).toMatchObject({ total: 1, csat: { score: 0, responses: 1 } });
    const updated = await callTool(admin, 'update_feedback_status', { id, status: 'resolved' });
    expect(updated.structuredContent).toMatchObject({ feedback: { id, status: 'resolved', assigneeId: null } });
    const activity = await callTool(admin, 'get_feedback_activity', { id });
    expect(activity.structuredContent).toMatchObject({
      activity: [{ kind: 'status_changed', from: 'new', to: 'resolved', actor: { type: 'api_key' } }],
      nextCursor: null,
    });
    const inboxes = await callTool(admin, 'list_inboxes');
    expect(inboxes.structuredContent).toMatchObject({ inboxes: [{ id: server.inboxId, inboxKey: server.inboxKey }] });
    expect((await callTool(admin, 'list_brands')).structuredContent).toEqual({ brands: [], nextCursor: null });
  });

  it('lists automations with their health and the webhook host only', async () => {
    const response = await server.rest(`/organizations/${server.orgId}/automations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Detractors to Slack',
        events: ['feedback.created'],
        webhook: { url: 'https://hooks.slack.com/services/T1/B2/pathSecret' },
      }),
    });
    const { id } = (await response.json()) as { id: string };
    const listed = await callTool(admin, 'list_automations');
    expect(listed.structuredContent).toEqual({
      automations: [expect.objectContaining({ id, webhookHost: 'hooks.slack.com', enabled: true, failingSince: null })],
      nextCursor: null,
    });
    expect(JSON.stringify(listed)).not.toContain('pathSecret');
    expect(requests).toContain(`GET /organizations/${server.orgId}/automations`);
  });

  it('learns the organization from GET /me once', () => {
    expect(requests.filter((request) => request === 'GET /me')).toHaveLength(1);
    expect(requests).toContain(`GET /organizations/${server.orgId}/feedback/stats`);
    expect(requests).toContain(`POST /organizations/${server.orgId}/search`);
  });

  it("lists a brand-scoped key's tools by GET /me's scopes and brand: not the organization-wide ones", async () => {
    const json = (body: unknown) => ({
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const brand = await (
      await server.rest(`/organizations/${server.orgId}/brands`, json({ name: 'Remote brand' }))
    ).json();
    const created = await server.rest(
      `/organizations/${server.orgId}/api-keys`,
      json({ name: 'brand reader', scopes: ['read'], brandId: brand.id }),
    );
    const { secret } = (await created.json()) as { secret: string };
    const listed = async (key: string) => (await (await connect(key)).listTools()).tools.map((tool) => tool.name);
    const brandReader = await listed(secret);
    expect(brandReader).toContain('get_feedback');
    expect(brandReader).not.toContain('list_automations');
    expect(brandReader).not.toContain('list_failed_deliveries');
    expect(await listed(server.adminKey)).toContain('list_automations');
    const calledAnyway = await callTool(await connect(secret), 'list_automations');
    expect(problemOf(calledAnyway)).toMatchObject({ status: 403, code: 'forbidden' });
  });

  it("reports the server's refusals with their codes", async () => {
    const collector = await connect(server.collectKey);
    expect(problemOf(await callTool(collector, 'get_feedback'))).toMatchObject({
      status: 403,
      code: 'insufficient_scope',
      requiredScope: 'read',
    });
    const invalid = await callTool(collector, 'submit_feedback', { inbox: server.inboxKey, type: 'nps', score: 11 });
    expect(problemOf(invalid)).toMatchObject({
      status: 400,
      code: 'validation_failed',
      errors: [{ path: 'score', message: expect.any(String) }],
    });
    expect(problemOf(await callTool(admin, 'get_feedback', { id: 'fb_nope' }))).toMatchObject({ code: 'not_found' });
    const stranger = await connect('hb_00000000000000000000000000_0000000000000000000000000000000');
    expect(problemOf(await callTool(stranger, 'list_inboxes'))).toMatchObject({ status: 401, code: 'invalid_api_key' });
  });

  it('reports an unreachable server and answers that are no Hearback problem', async () => {
    const offline = await connect(server.adminKey, async () => {
      throw new TypeError('fetch failed');
    });
    expect(problemOf(await callTool(offline, 'list_inboxes'))).toMatchObject({ code: 'network_error' });
    const proxy = await connect(
      server.adminKey,
      async () => new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }),
    );
    expect(problemOf(await callTool(proxy, 'list_inboxes'))).toMatchObject({
      status: 502,
      code: 'unexpected_response',
    });
  });

  it('tags an item and filters by its tags through the REST API', async () => {
    const submitted = await callTool(admin, 'submit_feedback', {
      inbox: server.inboxId,
      type: 'text',
      comment: 'Tag me',
    });
    const { id } = submitted.structuredContent as { id: string };
    const tagged = await callTool(admin, 'update_feedback_status', { id, tags: ['Billing', 'bug'] });
    expect(tagged.structuredContent).toMatchObject({ feedback: { id, tags: ['billing', 'bug'] } });
    const stored = await (await server.rest(`/organizations/${server.orgId}/feedback/${id}`)).json();
    expect(stored).toMatchObject({ tags: ['billing', 'bug'] });
    // Two tags: the query carries tag twice, and only items with both match.
    const listed = await callTool(admin, 'get_feedback', { tag: ['billing', 'bug'] });
    expect(listed.structuredContent).toMatchObject({ items: [{ id, tags: ['billing', 'bug'] }] });
    const none = await callTool(admin, 'get_feedback', { tag: ['billing', 'nowhere'] });
    expect(none.structuredContent).toMatchObject({ items: [] });
    await callTool(admin, 'update_feedback_status', { id, tags: [] });
  });
});
