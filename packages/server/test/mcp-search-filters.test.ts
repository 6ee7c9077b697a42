import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SearchFiltersSchema } from '../src/routes/search/search.schemas.js';
import { memberWithRole } from './support/accounts.js';
import { collectComments, expectJson } from './support/api-assertions.js';
import { describeEachDatabase } from './support/harness.js';
import { callTool, connectMcp, textOf, toolProblem } from './support/mcp-client.js';

interface SearchResult {
  results: { feedback: { id: string } }[];
}

/** The MCP `search_feedback` tool takes every filter `POST /search` takes, the assignee ones included. */
describeEachDatabase('search_feedback filters over MCP', (bed) => {
  let client: Client;
  let assignedId: string;
  let otherIds: string[];
  let assigneeId: string;

  const searchIds = async (args: Record<string, unknown>) => {
    const result = await callTool(client, 'search_feedback', { query: 'invoice', mode: 'keyword', ...args });
    expect(result.isError, textOf(result)).toBeFalsy();
    return (result.structuredContent as unknown as SearchResult).results.map((hit) => hit.feedback.id).sort();
  };
  const restSearchIds = async (filters: Record<string, unknown>) => {
    const response = await bed().request(`/organizations/${bed().orgA.organization.id}/search`, {
      method: 'POST',
      key: bed().orgA.adminKey,
      json: { query: 'invoice', mode: 'keyword', filters },
    });
    const { data } = await expectJson<{ data: { feedback: { id: string } }[] }>(response, 200);
    return data.map((hit) => hit.feedback.id).sort();
  };

  beforeAll(async () => {
    const ids = await collectComments(bed(), bed().orgA, [
      'The invoice total is wrong',
      'Cannot download the invoice',
      'Invoice emails arrive late',
    ]);
    [assignedId = '', ...otherIds] = ids;
    assigneeId = (await memberWithRole(bed(), bed().orgA, 'member')).userId;
    await expectJson(
      await bed().request(`/organizations/${bed().orgA.organization.id}/feedback/${assignedId}`, {
        method: 'PATCH',
        key: bed().orgA.adminKey,
        json: { assigneeId },
      }),
      200,
    );
    await expectJson(
      await bed().request(`/organizations/${bed().orgA.organization.id}/feedback/${otherIds[0]}`, {
        method: 'PATCH',
        key: bed().orgA.adminKey,
        json: { tags: ['billing', 'bug'] },
      }),
      200,
    );
    client = await connectMcp(bed(), bed().orgA.adminKey);
  });
  afterAll(async () => {
    await client.close();
  });

  it('offers each filter of POST /search as a field of the tool', async () => {
    const { tools } = await client.listTools();
    const tool = tools.find((candidate) => candidate.name === 'search_feedback');
    const fields = Object.keys(tool?.inputSchema.properties ?? {});
    expect(fields).toEqual(expect.arrayContaining(Object.keys(SearchFiltersSchema.shape)));
    expect(fields).toEqual(expect.arrayContaining(['assigneeId', 'unassigned']));
  });

  it('narrows to one assignee and to unassigned items, as POST /search does', async () => {
    expect(await searchIds({})).toEqual([assignedId, ...otherIds].sort());
    expect(await searchIds({ assigneeId })).toEqual([assignedId]);
    expect(await searchIds({ unassigned: true })).toEqual([...otherIds].sort());
    expect(await searchIds({ assigneeId })).toEqual(await restSearchIds({ assigneeId }));
    expect(await searchIds({ unassigned: true })).toEqual(await restSearchIds({ unassigned: true }));
  });

  it('refuses both assignee filters at once in the words of POST /search', async () => {
    const result = await callTool(client, 'search_feedback', { query: 'invoice', assigneeId, unassigned: true });
    const problem = toolProblem(result);
    expect(problem).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(JSON.stringify(problem)).toContain('Filter by assigneeId or by unassigned, not both.');
  });

  it('narrows to the items carrying every tag given, as POST /search does', async () => {
    expect(await searchIds({ tag: ['Billing'] })).toEqual([otherIds[0]]);
    expect(await searchIds({ tag: ['billing', 'bug'] })).toEqual([otherIds[0]]);
    expect(await searchIds({ tag: ['billing', 'nowhere'] })).toEqual([]);
    expect(await searchIds({ tag: ['BUG'] })).toEqual(await restSearchIds({ tag: ['bug'] }));
  });

  it('refuses a tag longer than 32 characters by the rule of an item’s tags, naming it', async () => {
    const result = await callTool(client, 'search_feedback', { query: 'invoice', tag: ['x'.repeat(33)] });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('At most 32 characters. at tag[0]');
  });
});
