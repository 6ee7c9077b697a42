import { PROBLEM_META_KEY } from '@hearback/mcp';
import { createRemoteBackend } from '@hearback/mcp/remote';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THEME_CORPUS } from '../../../packages/server/test/support/theme-corpus.js';
import { callTool, connectClient } from '../support/mcp.js';
import { startServer, type TestServer } from '../support/server.js';

interface Themes {
  from: string;
  to: string;
  themes: { id: string; label: string; size: number }[];
}
interface ThemePage {
  theme: { id: string; label: string; size: number };
  items: { id: string }[];
  nextCursor: string | null;
}

describe('remote backend: the theme tools over the REST API', () => {
  let server: TestServer;
  let client: Client;
  const requests: string[] = [];

  beforeAll(async () => {
    // Semantic search on (the bundled local model): themes cluster its vectors.
    server = await startServer({ search: { embedder: 'local', idleMs: 60_000 } });
    client = await connectClient(
      createRemoteBackend({
        baseUrl: 'http://hearback.test',
        apiKey: server.adminKey,
        fetch: async (request) => {
          requests.push(`${request.method} ${new URL(request.url).pathname}`);
          return server.runtime.app.fetch(request);
        },
      }),
    );
    const comments = [...THEME_CORPUS.checkout.slice(0, 8), ...THEME_CORPUS.darkMode.slice(0, 8)];
    for (const comment of comments) {
      const response = await server.rest('/collect', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ inboxKey: server.inboxKey, type: 'text', comment }),
      });
      expect(response.status).toBe(201);
    }
    await server.runtime.runJobsUntilIdle();
  }, 120_000);
  afterAll(async () => {
    await client?.close();
    await server?.close();
  });

  it("lists the theme tools, the server having semantic search on (GET /me's features)", async () => {
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(['get_feedback_themes', 'get_theme_feedback', 'search_feedback']));
  });

  it('reads every item of each theme get_feedback_themes found, as GET …/themes/{themeId}/feedback answers', async () => {
    const listed = await callTool(client, 'get_feedback_themes', {});
    expect(listed.isError, JSON.stringify(listed.content)).toBeFalsy();
    const themes = listed.structuredContent as unknown as Themes;
    expect(themes.themes.length).toBeGreaterThan(0);
    for (const theme of themes.themes) {
      const items: string[] = [];
      let cursor: string | null = null;
      do {
        const result = await callTool(client, 'get_theme_feedback', {
          themeId: theme.id,
          from: themes.from,
          to: themes.to,
          limit: 3,
          ...(cursor && { cursor }),
        });
        expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
        const page = result.structuredContent as unknown as ThemePage;
        expect(page.theme).toMatchObject({ id: theme.id, label: theme.label, size: theme.size });
        items.push(...page.items.map((item) => item.id));
        cursor = page.nextCursor;
      } while (cursor);
      const query = new URLSearchParams({ from: themes.from, to: themes.to, limit: '200' });
      const rest = await server.rest(`/organizations/${server.orgId}/feedback/themes/${theme.id}/feedback?${query}`);
      const expected = ((await rest.json()) as { data: { id: string }[] }).data.map((item) => item.id);
      expect(items).toEqual(expected);
      expect(items).toHaveLength(theme.size);
    }
    expect(requests).toContain(`GET /organizations/${server.orgId}/feedback/themes/${themes.themes[0]?.id}/feedback`);
  });

  it("reports the server's theme_not_found with its code", async () => {
    const result = await callTool(client, 'get_theme_feedback', {
      themeId: 'thm_0000000000000000',
      from: '2026-01-01',
      to: '2026-01-08',
    });
    expect(result.isError).toBe(true);
    expect(result._meta?.[PROBLEM_META_KEY]).toMatchObject({ status: 404, code: 'theme_not_found' });
  });
});
