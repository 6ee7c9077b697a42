import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PROBLEM_META_KEY } from '@hearback/mcp';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callTool } from '../support/mcp.js';
import { startServer, type TestServer } from '../support/server.js';

// The binary as a user runs it: the `hearback-mcp` command pnpm links for a package depending on
// @hearback/mcp, which is plain Node over the built files (never TypeScript source).
const BIN = fileURLToPath(new URL('../node_modules/.bin/hearback-mcp', import.meta.url));
const MCP_VERSION = (
  JSON.parse(readFileSync(new URL('../../../packages/mcp/package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

async function spawnBinary(url: string, apiKey: string): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({
    command: BIN,
    env: { ...getDefaultEnvironment(), HEARBACK_URL: url, HEARBACK_API_KEY: apiKey },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const client = new Client({ name: 'stdio-test-agent', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => stderr };
}

describe('hearback-mcp (stdio binary)', () => {
  let server: TestServer;
  let url: string;
  const clients: Client[] = [];
  beforeAll(async () => {
    server = await startServer();
    url = await server.listen();
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await server.close();
  });

  it('serves the tools over stdio against a running server', async () => {
    const { client, stderr } = await spawnBinary(url, server.adminKey);
    clients.push(client);
    expect(client.getServerVersion()).toMatchObject({ name: 'hearback', version: MCP_VERSION });
    const { tools } = await client.listTools();
    // The server runs with HEARBACK_SEARCH=off (GET /me's features): no theme tools, which would answer 503.
    expect(tools.map((tool) => tool.name)).toEqual([
      'submit_feedback',
      'get_feedback_stats',
      'get_feedback_trends',
      'get_feedback',
      'get_feedback_activity',
      'search_feedback',
      'list_inboxes',
      'list_brands',
      'list_automations',
      'list_failed_deliveries',
      'list_feedback_pages',
      'get_page_analytics',
      'list_page_responses',
      'update_feedback_status',
    ]);

    const submitted = await callTool(client, 'submit_feedback', {
      inboxKey: server.inboxKey,
      type: 'thumbs',
      score: 0,
      comment: 'The desktop app froze',
    });
    expect(submitted.isError, JSON.stringify(submitted.content)).toBeFalsy();
    const { id } = submitted.structuredContent as { id: string };
    // The SDK checks arguments with zod's locale, which the binary sets to the plain messages.
    const refused = await callTool(client, 'submit_feedback', { inboxKey: server.inboxKey, type: 'smiley', score: 1 });
    expect(refused.isError).toBe(true);
    expect(JSON.stringify(refused.content)).toContain('Must be one of: thumbs, stars, nps, csat, emoji, text.');
    const stored = await (await server.rest(`/organizations/${server.orgId}/feedback/${id}`)).json();
    // Over stdio the connection outlives requests, so the client's name is known.
    expect(stored).toMatchObject({ source: 'mcp', context: { agentName: 'stdio-test-agent' } });

    const found = await callTool(client, 'search_feedback', { query: 'desktop app' });
    expect(found.structuredContent).toMatchObject({
      results: [{ feedback: { id, comment: 'The desktop app froze' } }],
    });
    const stats = await callTool(client, 'get_feedback_stats', {});
    expect(stats.structuredContent).toMatchObject({ total: 1, byType: [{ type: 'thumbs', count: 1 }] });
    const trends = await callTool(client, 'get_feedback_trends', { interval: 'day' });
    expect(trends.structuredContent).toMatchObject({ interval: 'day', series: [{ total: 1, scoreType: 'thumbs' }] });
    expect((trends.structuredContent as { series: { buckets: unknown[] }[] }).series[0]?.buckets).toHaveLength(30);
    const updated = await callTool(client, 'update_feedback_status', { id, status: 'triaged' });
    expect(updated.structuredContent).toMatchObject({ feedback: { id, status: 'triaged' } });
    expect(stderr()).toBe('');
  });

  it('reads feedback pages, their analytics and responses over the REST API', async () => {
    const { client, stderr } = await spawnBinary(url, server.adminKey);
    clients.push(client);
    const pagesPath = `/organizations/${server.orgId}/feedback-pages`;
    const created = await (
      await server.rest(pagesPath, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          title: 'Stdio survey',
          questions: [{ id: 'recommend', type: 'nps', title: 'Recommend us?', required: true }],
        }),
      })
    ).json();
    await server.rest(`${pagesPath}/${created.id}/publish`, { method: 'POST' });
    const submitted = await (
      await server.rest(`${pagesPath}/${created.id}/responses`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ answers: { recommend: 10 } }),
      })
    ).json();

    const pages = await callTool(client, 'list_feedback_pages', { state: 'published' });
    expect(pages.structuredContent).toMatchObject({ pages: [{ id: created.id, title: 'Stdio survey' }] });
    const analytics = await callTool(client, 'get_page_analytics', { pageId: created.id });
    expect(analytics.structuredContent).toMatchObject({
      pageId: created.id,
      completions: 1,
      questions: [{ questionId: 'recommend', nps: { score: 100, promoters: 1 } }],
    });
    const responses = await callTool(client, 'list_page_responses', { pageId: created.id });
    expect(responses.structuredContent).toMatchObject({
      responses: [{ id: submitted.id, answers: { recommend: 10 } }],
      nextCursor: null,
    });
    expect(stderr()).toBe('');
  });

  it("lists the tools the key's scopes allow, and answers with its permissions", async () => {
    const { client } = await spawnBinary(url, server.collectKey);
    clients.push(client);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['submit_feedback']);
    const refused = await callTool(client, 'get_feedback', {});
    expect(refused.isError).toBe(true);
    expect(refused._meta?.[PROBLEM_META_KEY]).toMatchObject({ code: 'insufficient_scope', requiredScope: 'read' });
  });

  it('exits 1 with a usage message when the URL or key is missing', async () => {
    const run = promisify(execFile);
    const failure = await run(BIN, [], {
      env: { PATH: process.env.PATH ?? '', HEARBACK_URL: url },
    }).catch((error: { code: number; stderr: string; stdout: string }) => error);
    expect(failure).toMatchObject({ code: 1, stdout: '' });
    expect((failure as { stderr: string }).stderr).toMatch(/set HEARBACK_API_KEY/);
  });
});
