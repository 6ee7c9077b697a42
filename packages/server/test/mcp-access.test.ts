import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { KEY_SCOPES } from '../src/domain/api-key.js';
import type { Runtime } from '../src/runtime.js';
import {
  type CreatedInbox,
  createApiKey,
  createInbox,
  expectJson,
  expectProblem,
  type FeedbackItem,
} from './support/api-assertions.js';
import { describeEachDatabase, openTestRuntime, requestApp, type TestBed } from './support/harness.js';
import { callTool, connectMcp, MCP_URL, toolProblem } from './support/mcp-client.js';

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};

/** A raw Streamable HTTP request to /mcp, as a client would send it. */
function postMcp(bed: TestBed | { runtime: Runtime }, headers: Record<string, string> = {}) {
  return requestApp(bed.runtime, MCP_URL, {
    method: 'POST',
    headers: { accept: 'application/json, text/event-stream', ...headers },
    json: INITIALIZE,
  });
}

interface Ids {
  feedback: string;
  page: string;
}

/**
 * What each tool needs (`scope`, or any of `accepted`, the preferred first), and a call that
 * succeeds with that scope alone.
 */
const SCOPED_CALLS: {
  tool: string;
  scope: string;
  accepted?: string[];
  args: (bed: TestBed, ids: Ids) => object;
}[] = [
  {
    tool: 'submit_feedback',
    scope: 'collect',
    args: (bed) => ({ inbox: bed.orgA.inbox.inboxKey, type: 'thumbs', score: 1 }),
  },
  { tool: 'get_feedback_stats', scope: 'read', args: () => ({}) },
  { tool: 'get_feedback_trends', scope: 'read', args: () => ({ groupBy: 'inbox' }) },
  { tool: 'get_feedback', scope: 'read', args: () => ({}) },
  { tool: 'search_feedback', scope: 'read', args: () => ({ query: 'private feedback' }) },
  { tool: 'list_inboxes', scope: 'read', args: () => ({}) },
  { tool: 'list_brands', scope: 'read', args: () => ({}) },
  { tool: 'list_automations', scope: 'read', args: () => ({}) },
  {
    tool: 'update_feedback_status',
    scope: 'write',
    accepted: ['write', 'triage'],
    args: (_bed, ids) => ({ id: ids.feedback, status: 'triaged' }),
  },
  { tool: 'list_feedback_pages', scope: 'read', accepted: ['read', 'forms'], args: () => ({}) },
  {
    tool: 'get_page_analytics',
    scope: 'read',
    accepted: ['read', 'forms'],
    args: (_bed, ids) => ({ pageId: ids.page }),
  },
  {
    tool: 'list_page_responses',
    scope: 'read',
    accepted: ['read', 'forms'],
    args: (_bed, ids) => ({ pageId: ids.page }),
  },
];

/** Every scope that lets a key call the tool. */
const acceptedOf = (call: (typeof SCOPED_CALLS)[number]) => call.accepted ?? [call.scope];
/** One row per tool and scope it accepts: each alone must do. */
const GRANTED_CALLS = SCOPED_CALLS.flatMap((call) => acceptedOf(call).map((scope) => ({ ...call, scope })));

describeEachDatabase(
  'MCP access control',
  (bed) => {
    const orgPath = () => `/organizations/${bed().orgA.organization.id}`;
    let feedbackId: string;
    let pageId: string;
    const ids = (): Ids => ({ feedback: feedbackId, page: pageId });

    beforeAll(async () => {
      const page = await expectJson<{ id: string }>(
        await bed().request(`${orgPath()}/feedback-pages`, {
          method: 'POST',
          key: bed().orgA.adminKey,
          json: { title: 'MCP access', questions: [{ type: 'nps', title: 'Recommend us?' }] },
        }),
        201,
      );
      pageId = page.id;
      const admin = await connectMcp(bed(), bed().orgA.adminKey);
      const submitted = await callTool(admin, 'submit_feedback', {
        inbox: bed().orgA.inbox.inboxKey,
        type: 'text',
        comment: 'Org A private feedback',
      });
      feedbackId = (submitted.structuredContent as { id: string }).id;
    });

    describe('authentication, before any MCP processing', () => {
      it('answers a request without a key with 401 missing_api_key', async () => {
        await expectProblem(await postMcp(bed()), 401, 'missing_api_key');
        await expect(connectMcp(bed(), undefined)).rejects.toBeInstanceOf(StreamableHTTPError);
      });

      it('answers an invalid, expired or revoked key with 401, also as a bearer token', async () => {
        await expectProblem(await postMcp(bed(), { 'x-service-key': 'hb_nope' }), 401, 'invalid_api_key');
        await expectProblem(await postMcp(bed(), { authorization: 'Bearer hb_nope' }), 401, 'invalid_api_key');

        const expiring = await createApiKey(bed(), bed().orgA, {
          scopes: ['read'],
          expiresAt: new Date(Date.now() + 60_000).toISOString(),
        });
        vi.useFakeTimers({ toFake: ['Date'] });
        try {
          vi.setSystemTime(Date.now() + 120_000);
          await expectProblem(await postMcp(bed(), { 'x-service-key': expiring.secret }), 401, 'expired_api_key');
        } finally {
          vi.useRealTimers();
        }
      });

      it('accepts the key as a bearer token', async () => {
        const client = await connectMcp(bed(), undefined, {
          headers: { Authorization: `Bearer ${bed().orgA.adminKey}` },
        });
        expect((await client.listTools()).tools.length).toBeGreaterThan(0);
      });

      it('stops serving a key as soon as it is revoked', async () => {
        const key = await createApiKey(bed(), bed().orgA, { scopes: ['read'] });
        const client = await connectMcp(bed(), key.secret);
        expect((await callTool(client, 'list_inboxes')).isError).toBeFalsy();
        await expectJson(
          await bed().request(`${orgPath()}/api-keys/${key.id}/revoke`, { method: 'POST', key: bed().orgA.adminKey }),
          200,
        );
        const refused = await callTool(client, 'list_inboxes').catch((error: unknown) => error);
        expect(refused).toBeInstanceOf(StreamableHTTPError);
        expect((refused as StreamableHTTPError).code).toBe(401);
        await expectProblem(await postMcp(bed(), { 'x-service-key': key.secret }), 401, 'revoked_api_key');
      });

      it('answers GET and DELETE with 405: the endpoint is stateless', async () => {
        for (const method of ['GET', 'DELETE']) {
          const response = await requestApp(bed().runtime, MCP_URL, {
            method,
            key: bed().orgA.adminKey,
            headers: { accept: 'text/event-stream' },
          });
          expect(response.status, method).toBe(405);
          expect(response.headers.get('allow')).toBe('POST');
          await expectProblem(await requestApp(bed().runtime, MCP_URL, { method }), 401, 'missing_api_key');
        }
      });
    });

    describe('Origin (DNS-rebinding protection)', () => {
      it('refuses a foreign Origin with 403, even with a valid key', async () => {
        const foreign = { 'x-service-key': bed().orgA.adminKey, origin: 'https://evil.example' };
        await expectProblem(await postMcp(bed(), foreign), 403, 'origin_not_allowed');
        await expectProblem(await postMcp(bed(), { ...foreign, origin: 'null' }), 403, 'origin_not_allowed');
        await expectProblem(await postMcp(bed(), { origin: 'https://evil.example' }), 403, 'origin_not_allowed');
        await expect(
          connectMcp(bed(), bed().orgA.adminKey, { headers: { Origin: 'http://attacker.test' } }),
        ).rejects.toMatchObject({ code: 403 });
      });

      it('lets browsers send the MCP headers (CORS preflight)', async () => {
        const response = await requestApp(bed().runtime, MCP_URL, {
          method: 'OPTIONS',
          headers: {
            origin: 'https://app.example.com',
            'access-control-request-method': 'POST',
            'access-control-request-headers': 'content-type,x-service-key,mcp-protocol-version',
          },
        });
        expect(response.status).toBe(204);
        expect(response.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('mcp-protocol-version');
      });

      it("accepts the configured public URL's origin and requests without Origin", async () => {
        const key = { 'x-service-key': bed().orgA.adminKey };
        expect((await postMcp(bed(), { ...key, origin: new URL(MCP_URL).origin })).status).toBe(200);
        expect((await postMcp(bed(), key)).status).toBe(200);
      });

      it('refuses a DNS-rebinding page, whose Origin names the same host as the request', async () => {
        // The attacker's name resolves to this server: Host and Origin agree, and neither is ours.
        const rebound = await requestApp(bed().runtime, 'http://rebind.evil.example:3000/mcp', {
          method: 'POST',
          headers: {
            accept: 'application/json, text/event-stream',
            'x-service-key': bed().orgA.adminKey,
            origin: 'http://rebind.evil.example:3000',
          },
          json: INITIALIZE,
        });
        await expectProblem(rebound, 403, 'origin_not_allowed');
      });
    });

    describe('scopes, exactly as the REST API', () => {
      // A key holding none of the scopes a tool accepts (by the set of them), and one holding one scope only.
      const without = new Map<string, Client>();
      const only = new Map<string, Client>();
      beforeAll(async () => {
        for (const accepted of new Set(SCOPED_CALLS.map((call) => acceptedOf(call).join(',')))) {
          const others = KEY_SCOPES.filter((other) => !accepted.split(',').includes(other));
          const key = await createApiKey(bed(), bed().orgA, { scopes: others });
          without.set(accepted, await connectMcp(bed(), key.secret));
        }
        for (const scope of new Set(GRANTED_CALLS.map((call) => call.scope))) {
          const key = await createApiKey(bed(), bed().orgA, { scopes: [scope] });
          only.set(scope, await connectMcp(bed(), key.secret));
        }
      });

      it.each(SCOPED_CALLS)('$tool without $scope → insufficient_scope', async (call) => {
        const accepted = acceptedOf(call);
        const client = without.get(accepted.join(',')) as Client;
        const problem = toolProblem(await callTool(client, call.tool, call.args(bed(), ids()) as never));
        expect(problem).toMatchObject({ status: 403, code: 'insufficient_scope', requiredScope: accepted[0] });
        expect(problem.acceptedScopes).toEqual(accepted.length > 1 ? accepted : undefined);
      });

      it.each(GRANTED_CALLS)('$tool with only $scope succeeds', async ({ tool, scope, args }) => {
        const client = only.get(scope) as Client;
        const result = await callTool(client, tool, args(bed(), ids()) as never);
        expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
      });

      it('changes nothing when the scope is missing', async () => {
        const reader = without.get('write,triage') as Client;
        await callTool(reader, 'update_feedback_status', { id: feedbackId, status: 'spam' });
        const item = await expectJson<FeedbackItem>(
          await bed().request(`${orgPath()}/feedback/${feedbackId}`, { key: bed().orgA.adminKey }),
          200,
        );
        expect(item.status).not.toBe('spam');
      });

      it('needs read to submit by inbox id (the id is looked up), but not by inbox key', async () => {
        const collector = await connectMcp(bed(), bed().orgA.collectKey);
        const byId = await callTool(collector, 'submit_feedback', {
          inbox: bed().orgA.inbox.id,
          type: 'thumbs',
          score: 1,
        });
        expect(toolProblem(byId)).toMatchObject({ code: 'insufficient_scope', requiredScope: 'read' });
      });
    });

    describe('tenancy and brands', () => {
      it("never shows or changes another organization's data", async () => {
        const orgB = await connectMcp(bed(), bed().orgB.adminKey);
        expect(toolProblem(await callTool(orgB, 'get_feedback', { id: feedbackId }))).toMatchObject({
          code: 'not_found',
        });
        expect(
          toolProblem(await callTool(orgB, 'update_feedback_status', { id: feedbackId, status: 'spam' })),
        ).toMatchObject({ code: 'not_found' });
        const submit = await callTool(orgB, 'submit_feedback', {
          inbox: bed().orgA.inbox.inboxKey,
          type: 'thumbs',
          score: 1,
        });
        expect(toolProblem(submit)).toMatchObject({ status: 404, code: 'inbox_not_found' });
        const byInboxId = await callTool(orgB, 'submit_feedback', {
          inbox: bed().orgA.inbox.id,
          type: 'thumbs',
          score: 1,
        });
        expect(toolProblem(byInboxId)).toMatchObject({ code: 'not_found' });

        const admin = await connectMcp(bed(), bed().orgA.adminKey);
        const own = await callTool(admin, 'search_feedback', { query: 'private feedback' });
        expect(own.structuredContent).toMatchObject({ results: [{ feedback: { id: feedbackId } }] });
        const searched = await callTool(orgB, 'search_feedback', { query: 'private feedback' });
        expect(searched.structuredContent).toMatchObject({ results: [] });
        const listed = await callTool(orgB, 'get_feedback', { inboxId: bed().orgA.inbox.id });
        expect((listed.structuredContent as { items: unknown[] }).items).toEqual([]);
        const stats = await callTool(orgB, 'get_feedback_stats', { inboxId: bed().orgA.inbox.id });
        expect(stats.structuredContent).toMatchObject({ total: 0 });
        const trends = await callTool(orgB, 'get_feedback_trends', { inboxId: bed().orgA.inbox.id });
        expect(trends.structuredContent).toMatchObject({ series: [{ total: 0 }] });
        const inboxes = await callTool(orgB, 'list_inboxes');
        const ids = (inboxes.structuredContent as { inboxes: { id: string }[] }).inboxes.map((inbox) => inbox.id);
        expect(ids).toEqual([bed().orgB.inbox.id]);
        expect(JSON.stringify(await callTool(orgB, 'get_feedback'))).not.toContain('Org A private feedback');
      });

      describe('a brand-scoped key', () => {
        let brandInbox: CreatedInbox;
        let brandClient: Client;
        beforeAll(async () => {
          const brand = await expectJson<{ id: string }>(
            await bed().request(`${orgPath()}/brands`, {
              method: 'POST',
              key: bed().orgA.adminKey,
              json: { name: 'MCP access brand' },
            }),
            201,
          );
          brandInbox = await createInbox(bed(), bed().orgA, { name: 'brand inbox', brandId: brand.id });
          const key = await createApiKey(bed(), bed().orgA, {
            scopes: ['read', 'write', 'collect'],
            brandId: brand.id,
          });
          brandClient = await connectMcp(bed(), key.secret);
          await callTool(brandClient, 'submit_feedback', { inbox: brandInbox.inboxKey, type: 'csat', score: 5 });
        });

        it('sees its brand only', async () => {
          const inboxes = await callTool(brandClient, 'list_inboxes');
          expect((inboxes.structuredContent as { inboxes: { id: string }[] }).inboxes.map((i) => i.id)).toEqual([
            brandInbox.id,
          ]);
          const listed = await callTool(brandClient, 'get_feedback');
          const items = (listed.structuredContent as { items: { inboxId: string }[] }).items;
          expect(items.map((item) => item.inboxId)).toEqual([brandInbox.id]);
          expect(await callTool(brandClient, 'get_feedback_stats')).toMatchObject({
            structuredContent: { total: 1, csat: { score: 100 } },
          });
          expect(await callTool(brandClient, 'get_feedback_trends', { groupBy: 'inbox' })).toMatchObject({
            structuredContent: { series: [{ group: brandInbox.id, total: 1 }] },
          });
          const brands = await callTool(brandClient, 'list_brands');
          expect((brands.structuredContent as { brands: unknown[] }).brands).toHaveLength(1);
          const searched = await callTool(brandClient, 'search_feedback', { query: 'private feedback' });
          expect(searched.structuredContent).toMatchObject({ results: [] });
        });

        it('cannot read, triage or submit outside its brand', async () => {
          expect(toolProblem(await callTool(brandClient, 'get_feedback', { id: feedbackId }))).toMatchObject({
            code: 'not_found',
          });
          expect(
            toolProblem(await callTool(brandClient, 'update_feedback_status', { id: feedbackId, status: 'spam' })),
          ).toMatchObject({ code: 'not_found' });
          const submit = await callTool(brandClient, 'submit_feedback', {
            inbox: bed().orgA.inbox.inboxKey,
            type: 'thumbs',
            score: 1,
          });
          expect(toolProblem(submit)).toMatchObject({ code: 'inbox_not_found' });
        });

        it('cannot list automations: they see every brand', async () => {
          expect(toolProblem(await callTool(brandClient, 'list_automations'))).toMatchObject({
            status: 403,
            code: 'forbidden',
          });
        });
      });
    });
    // The MCP client's requests go to MCP_URL: its origin is this instance's public URL here.
  },
  { publicUrl: new URL(MCP_URL).origin },
);

describe('MCP allowed origins (HEARBACK_MCP_ALLOWED_ORIGINS)', () => {
  let runtime: Runtime;
  let cleanup: () => Promise<void>;
  let key: string;
  beforeAll(async () => {
    ({ runtime, cleanup } = await openTestRuntime('sqlite', { mcpAllowedOrigins: ['https://app.example.com'] }));
    key = (await runtime.services.organizations.bootstrap({ name: 'Origins' })).adminKey;
  });
  afterAll(async () => {
    await cleanup();
  });

  it('accepts a configured origin and still refuses others', async () => {
    const allowed = await postMcp({ runtime }, { 'x-service-key': key, origin: 'https://app.example.com' });
    expect(allowed.status).toBe(200);
    await expectProblem(
      await postMcp({ runtime }, { 'x-service-key': key, origin: 'https://app.example.com.evil.example' }),
      403,
      'origin_not_allowed',
    );
    await expectProblem(
      await postMcp({ runtime }, { 'x-service-key': key, origin: 'http://app.example.com' }),
      403,
      'origin_not_allowed',
    );
  });
});
