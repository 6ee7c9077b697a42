import { ACCEPTED_SCOPES_META_KEY, ORGANIZATION_WIDE_META_KEY, REQUIRED_SCOPE_META_KEY } from '@hearback/mcp';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { beforeAll, expect, it } from 'vitest';
import { servedTools } from '../src/mcp/server-backend.js';
import { createBrand } from './support/api.js';
import { createApiKey, expectProblem } from './support/api-assertions.js';
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

/** Whether a listed tool says a brand-scoped key is refused it (its `_meta`, from the operation table). */
function isOrganizationWide(tool: Tool): boolean {
  return tool._meta?.[ORGANIZATION_WIDE_META_KEY] === true;
}

/** The tools an organization's automations and their deliveries are read with: organization-wide. */
const ORGANIZATION_WIDE_TOOLS = ['list_automations', 'list_failed_deliveries'];

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
      const allowed = everyTool.filter(
        (tool) => !isOrganizationWide(tool) && acceptedScopesOf(tool).some((scope) => scopes.includes(scope)),
      );
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

  it('a brand-scoped read key is not shown the organization-wide tools, which an organization-wide read key is', async () => {
    expect(everyTool.filter(isOrganizationWide).map((tool) => tool.name)).toEqual(ORGANIZATION_WIDE_TOOLS);
    const brandReader = await namesFor(await keyWith(['read', 'write'], brandId));
    expect(brandReader).toContain('get_feedback');
    for (const hidden of ORGANIZATION_WIDE_TOOLS) expect(brandReader).not.toContain(hidden);
    const orgReader = await namesFor(await keyWith(['read']));
    for (const shown of ORGANIZATION_WIDE_TOOLS) expect(orgReader).toContain(shown);
  });

  it('a brand-scoped key calling list_automations anyway is refused as REST refuses it: 403 forbidden', async () => {
    const brandKey = await keyWith(['read'], brandId);
    const viaMcp = toolProblem(await callTool(await connectMcp(bed(), brandKey), 'list_automations'));
    const viaRest = await expectProblem(
      await bed().request(`/organizations/${bed().orgA.organization.id}/automations`, { key: brandKey }),
      403,
      'forbidden',
    );
    expect(viaMcp).toMatchObject({ status: 403, code: 'forbidden', detail: viaRest.detail });
    expect(viaRest.detail).toMatch(/brand-scoped API key cannot manage automations/);
  });

  it("a collect key's instructions at initialize name no tool it is not listed", async () => {
    const collector = await connectMcp(bed(), bed().orgA.collectKey);
    const listedNames = (await collector.listTools()).tools.map((tool) => tool.name);
    const instructions = collector.getInstructions() ?? '';
    expect(instructions).toContain('Hearback collects user feedback');
    const named = everyTool.map((tool) => tool.name).filter((name) => instructions.includes(name));
    expect(named.filter((name) => !listedNames.includes(name))).toEqual([]);
  });
});
