import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { beforeAll, expect, it } from 'vitest';
import { createBrand, createKey, expectJson, expectProblem } from './support/api.js';
import { describeEachDatabase } from './support/harness.js';
import { KNOWN_BREAKDOWNS, KNOWN_QUESTIONS, KNOWN_RESPONSES } from './support/known-responses.js';
import { callTool, connectMcp, textOf, toolProblem } from './support/mcp-client.js';
import { publishedPage, storeResponse } from './support/pages.js';

describeEachDatabase('MCP feedback page tools', (bed) => {
  let client: Client;
  let page: Awaited<ReturnType<typeof publishedPage>>;
  const pagesPath = () => `/organizations/${bed().orgA.organization.id}/feedback-pages`;
  const rest = async (path: string) => expectJson(await bed().request(path, { key: bed().orgA.adminKey }), 200);

  beforeAll(async () => {
    // An agent holding a `forms` key: reading pages takes `read` or `forms`.
    client = await connectMcp(bed(), (await createKey(bed(), bed().orgA, { scopes: ['forms'] })).secret);
    page = await publishedPage(bed(), { questions: KNOWN_QUESTIONS });
    for (const response of KNOWN_RESPONSES) {
      await storeResponse(bed().runtime.store, page, { ...response, id: `${response.id}_mcp` });
    }
  });

  it('list_feedback_pages shows what GET …/feedback-pages shows', async () => {
    const result = await callTool(client, 'list_feedback_pages', { state: 'published', limit: 100 });
    expect(result.isError, textOf(result)).toBeFalsy();
    const listed = await rest(`${pagesPath()}?state=published&limit=100`);
    const { pages } = result.structuredContent as { pages: { id: string; questions: unknown[] }[] };
    expect(pages.map((shown) => shown.id)).toEqual(listed.data.map((item: { id: string }) => item.id));
    expect(pages.find((shown) => shown.id === page.id)?.questions).toHaveLength(KNOWN_QUESTIONS.length);
    expect(textOf(result)).toContain(`${page.id} · "${page.title}" · published · version 1 · 15 questions`);
  });

  it('get_page_analytics gives the REST figures of the known responses', async () => {
    const result = await callTool(client, 'get_page_analytics', {
      pageId: page.id,
      from: '2026-11-01',
      to: '2026-11-03',
    });
    expect(result.isError, textOf(result)).toBeFalsy();
    const { notice: _notice, ...figures } = result.structuredContent as Record<string, unknown>;
    expect(figures).toEqual(await rest(`${pagesPath()}/${page.id}/analytics?from=2026-11-01&to=2026-11-03`));
    expect(figures).toMatchObject({ completions: 4, questions: expect.any(Array) });
    // The response ids differ from the fixture's: the figures do not.
    const withoutIds = (figures.questions as { recentAnswers?: { responseId: string }[] }[]).map(
      ({ recentAnswers, ...question }) =>
        recentAnswers
          ? {
              ...question,
              recentAnswers: recentAnswers.map((answer) => ({
                ...answer,
                responseId: answer.responseId.replace(/_mcp$/, ''),
              })),
            }
          : question,
    );
    expect(withoutIds).toEqual(KNOWN_BREAKDOWNS);
    expect(textOf(result)).toContain(
      '- "Recommend us?" (nps, nps): 4 answers; NPS 25 (2 promoters, 1 passives, 1 detractors)',
    );
  });

  it('get_page_analytics refuses what the REST query refuses, in the same words', async () => {
    const problem = toolProblem(
      await callTool(client, 'get_page_analytics', { pageId: page.id, from: '2026-11-03', to: '2026-11-01' }),
    );
    expect(problem).toMatchObject({ status: 400, code: 'validation_failed' });
    const restProblem = await expectProblem(
      await bed().request(`${pagesPath()}/${page.id}/analytics?from=2026-11-03&to=2026-11-01`, {
        key: bed().orgA.adminKey,
      }),
      400,
      'validation_failed',
    );
    expect(restProblem.errors).toEqual(problem.errors);
  });

  it('list_page_responses shows the responses GET …/responses shows, newest first', async () => {
    const result = await callTool(client, 'list_page_responses', { pageId: page.id, limit: 3 });
    expect(result.isError, textOf(result)).toBeFalsy();
    const { responses, nextCursor } = result.structuredContent as {
      responses: { id: string; answers: unknown }[];
      nextCursor: string | null;
    };
    const listed = await rest(`${pagesPath()}/${page.id}/responses?limit=3`);
    expect(responses.map((response) => response.id)).toEqual(listed.data.map((item: { id: string }) => item.id));
    expect(responses.map((response) => response.answers)).toEqual(
      listed.data.map((item: { answers: unknown }) => item.answers),
    );
    expect(nextCursor).toBe(listed.nextCursor);
    expect(JSON.stringify(result)).not.toMatch(/ipAddress|userAgent/);
  });

  it("never shows another organization's or another brand's page", async () => {
    const orgB = await connectMcp(bed(), bed().orgB.adminKey);
    for (const tool of ['get_page_analytics', 'list_page_responses']) {
      expect(toolProblem(await callTool(orgB, tool, { pageId: page.id }))).toMatchObject({ code: 'not_found' });
    }
    const listed = await callTool(orgB, 'list_feedback_pages', {});
    expect(JSON.stringify(listed.structuredContent)).not.toContain(page.id);

    const brand = await createBrand(bed(), bed().orgA, 'MCP pages brand');
    const brandKey = await createKey(bed(), bed().orgA, { scopes: ['read'], brandId: brand.id as string });
    const branded = await connectMcp(bed(), brandKey.secret);
    expect(toolProblem(await callTool(branded, 'get_page_analytics', { pageId: page.id }))).toMatchObject({
      code: 'not_found',
    });
  });
});
