import { ACCEPTED_SCOPES_META_KEY, REQUIRED_SCOPE_META_KEY } from '@hearback/mcp';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { beforeAll, expect, it } from 'vitest';
import { servedTools } from '../src/mcp/server-backend.js';
import { createBrand } from './support/api.js';
import { createApiKey } from './support/api-assertions.js';
import { describeEachDatabase } from './support/harness.js';
import { callTool, connectMcp, toolProblem } from './support/mcp-client.js';

/** The scopes a listed tool says it accepts (its `_meta`, from the operation table). */
function acceptedScopesOf(tool: Tool): string[] {
  return (
    (tool._meta?.[ACCEPTED_SCOPES_META_KEY] as string[] | undefined) ?? [
      tool._meta?.[REQUIRED_SCOPE_META_KEY] as string,
    ]
  );
}

describeEachDatabase("MCP tools/list by the key's scopes", (bed) => {
  const listed = async (key: string) => (await (await connectMcp(bed(), key)).listTools()).tools;
  const namesFor = async (key: string) => (await listed(key)).map((tool) => tool.name);
  const keyWith = async (scopes: string[], brandId?: string) =>
    (await createApiKey(bed(), bed().orgA, { scopes, ...(brandId && { brandId }) })).secret;

  let everyTool: Tool[];
  let brandId: string;
  beforeAll(async () => {
    everyTool = await listed(bed().orgA.adminKey);
    brandId = (await createBrand(bed(), bed().orgA, 'Scoped brand')).id as string;
  });

  it('an admin key lists every tool /mcp serves', () => {
    expect(everyTool.map((tool) => tool.name)).toEqual(servedTools(bed().runtime.services).map((tool) => tool.name));
  });

  it('a collect key lists submit_feedback and none of the read or triage tools', async () => {
    const names = await namesFor(bed().orgA.collectKey);
    expect(names).toEqual(['submit_feedback']);
    for (const hidden of ['get_feedback', 'get_feedback_stats', 'search_feedback', 'update_feedback_status']) {
      expect(names).not.toContain(hidden);
    }
  });

  it('a tool it does not list, called anyway, is refused as before', async () => {
    const collector = await connectMcp(bed(), bed().orgA.collectKey);
    expect(toolProblem(await callTool(collector, 'get_feedback'))).toMatchObject({
      status: 403,
      code: 'insufficient_scope',
      requiredScope: 'read',
    });
  });

  it.each([[['read', 'collect']], [['forms']], [['triage']], [['collect', 'write']]])(
    'a brand-scoped key with %j lists the tools one of its scopes lets it call',
    async (scopes) => {
      const names = await namesFor(await keyWith(scopes, brandId));
      const allowed = everyTool.filter((tool) => acceptedScopesOf(tool).some((scope) => scopes.includes(scope)));
      expect(names).toEqual(allowed.map((tool) => tool.name));
      expect(names.length).toBeGreaterThan(0);
      expect(names.length).toBeLessThan(everyTool.length);
    },
  );

  it('a forms key sees the feedback-page tools only; a read key all but the write ones', async () => {
    expect(await namesFor(await keyWith(['forms']))).toEqual([
      'list_feedback_pages',
      'get_page_analytics',
      'list_page_responses',
    ]);
    const reader = await namesFor(await keyWith(['read']));
    expect(reader).toContain('get_feedback');
    expect(reader).not.toContain('submit_feedback');
    expect(reader).not.toContain('update_feedback_status');
  });
});
