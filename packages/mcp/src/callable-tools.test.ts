import { KEY_SCOPES } from '@hearback/spec';
import { describe, expect, it, vi } from 'vitest';
import { callTool, connectClient, fakeBackend } from '../test/support/fake-backend.js';
import type { HearbackBackend } from './backend.js';
import { HearbackToolError } from './errors.js';
import { PROBLEM_META_KEY } from './register.js';
import { HEARBACK_TOOLS } from './tools/index.js';

const unused = async (): Promise<never> => {
  throw new Error('not called in these tests');
};

/** A backend with every optional method, so that every tool is served; `keyAccess` as given. */
function backendWith(overrides: Partial<HearbackBackend> = {}): HearbackBackend {
  return fakeBackend({
    getFeedbackThemes: unused,
    listThemeFeedback: unused,
    getFeedbackActivity: unused,
    searchFeedback: unused,
    listAutomations: unused,
    listDeliveries: unused,
    listFeedbackPages: unused,
    getPageAnalytics: unused,
    listPageResponses: unused,
    ...overrides,
  }).backend;
}

async function listedFor(backend: HearbackBackend): Promise<string[]> {
  return (await (await connectClient(backend)).listTools()).tools.map((tool) => tool.name);
}

describe('tools/list by the key’s scopes', () => {
  it('lists only submit_feedback to a collect-only key', async () => {
    expect(await listedFor(backendWith({ keyAccess: async () => ({ scopes: ['collect'], brandId: null }) }))).toEqual([
      'submit_feedback',
    ]);
  });

  it('lists a tool to a key holding any of the scopes its operation accepts', async () => {
    const forms = await listedFor(backendWith({ keyAccess: async () => ({ scopes: ['forms'], brandId: null }) }));
    expect(forms).toEqual(['list_feedback_pages', 'get_page_analytics', 'list_page_responses']);
    expect(await listedFor(backendWith({ keyAccess: async () => ({ scopes: ['triage'], brandId: null }) }))).toEqual([
      'update_feedback_status',
    ]);
  });

  it('lists every tool to a key with every scope, exactly as McpServer lists them itself', async () => {
    const own = await (await connectClient(backendWith())).listTools();
    const everyScope = await (
      await connectClient(backendWith({ keyAccess: async () => ({ scopes: [...KEY_SCOPES], brandId: null }) }))
    ).listTools();
    expect(everyScope.tools.map((tool) => tool.name)).toEqual(HEARBACK_TOOLS.map((tool) => tool.name));
    expect(everyScope).toEqual(own);
  });

  it('hides the organization-wide tools from a brand-scoped key holding their scope', async () => {
    const everyScope = { scopes: [...KEY_SCOPES], brandId: null };
    const orgWide = await listedFor(backendWith({ keyAccess: async () => everyScope }));
    const brand = await listedFor(backendWith({ keyAccess: async () => ({ ...everyScope, brandId: 'brd_1' }) }));
    expect(orgWide).toContain('list_automations');
    expect(orgWide).toContain('list_failed_deliveries');
    expect(brand).toEqual(orgWide.filter((name) => !['list_automations', 'list_failed_deliveries'].includes(name)));
  });

  it('lists every tool when the scopes cannot be learned (a remote server unreachable)', async () => {
    const unreachable = backendWith({
      keyAccess: async () => {
        throw new HearbackToolError({ status: 503, code: 'network_error', message: 'Could not reach the server.' });
      },
    });
    expect(await listedFor(unreachable)).toEqual(HEARBACK_TOOLS.map((tool) => tool.name));
  });

  it('asks the backend at each listing, so a key whose scopes changed sees the change', async () => {
    const keyAccess = vi.fn(async () => ({ scopes: ['collect'], brandId: null as string | null }));
    const client = await connectClient(backendWith({ keyAccess }));
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['submit_feedback']);
    keyAccess.mockResolvedValue({ scopes: ['collect', 'triage'], brandId: null });
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual([
      'submit_feedback',
      'update_feedback_status',
    ]);
  });

  it('still hands a tool it does not list to the backend when called, which refuses it as before', async () => {
    const refusal = new HearbackToolError({
      status: 403,
      code: 'insufficient_scope',
      message: "This API key lacks the 'read' scope.",
      details: { requiredScope: 'read' },
    });
    const getFeedbackStats = vi.fn(async () => {
      throw refusal;
    });
    const client = await connectClient(
      backendWith({ keyAccess: async () => ({ scopes: ['collect'], brandId: null }), getFeedbackStats }),
    );
    expect((await client.listTools()).tools.map((tool) => tool.name)).not.toContain('get_feedback_stats');
    const result = await callTool(client, 'get_feedback_stats');
    expect(getFeedbackStats).toHaveBeenCalledOnce();
    expect(result.isError).toBe(true);
    expect(result._meta?.[PROBLEM_META_KEY]).toMatchObject({ status: 403, code: 'insufficient_scope' });
  });
});

describe('the instructions sent at initialize', () => {
  it('name no tool, so they hold for a collect key that lists submit_feedback alone', async () => {
    const client = await connectClient(
      backendWith({ keyAccess: async () => ({ scopes: ['collect'], brandId: null }) }),
    );
    const listed = (await client.listTools()).tools.map((tool) => tool.name);
    const instructions = client.getInstructions() ?? '';
    expect(instructions).toContain('Hearback collects user feedback');
    const named = HEARBACK_TOOLS.map((tool) => tool.name).filter((name) => instructions.includes(name));
    expect(named.filter((name) => !listed.includes(name))).toEqual([]);
  });
});
