import { EVENT_TYPES } from '@hearback/inputs';
import { ACCEPTED_SCOPES_META_KEY, ORGANIZATION_WIDE_META_KEY, REQUIRED_SCOPE_META_KEY } from '@hearback/mcp';
import { alternatives } from '@hearback/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { operationsOf, type SkillDocument } from '../src/discovery/skill-document.js';
import { SKILL_TASKS } from '../src/discovery/skill-tasks.js';
import { openApiDocument } from '../src/openapi.js';
import type { Runtime } from '../src/runtime.js';
import type { Json } from './support/api.js';
import { expectJson } from './support/api.js';
import { openTestRuntime } from './support/harness.js';
import { connectMcp } from './support/mcp-client.js';

const BASE = 'https://feedback.example.com';

describe('skill.md and skill.json', () => {
  let runtime: Runtime;
  let cleanup: () => Promise<void>;
  let document: Json;
  let adminKey: string;
  beforeAll(async () => {
    ({ runtime, cleanup } = await openTestRuntime('sqlite'));
    document = openApiDocument(runtime.app);
    adminKey = (await runtime.services.organizations.bootstrap({ name: 'Skill' })).adminKey;
  });
  afterAll(async () => {
    await cleanup();
  });

  const markdown = async (path = '/skill.md') => {
    const response = await runtime.app.request(`${BASE}${path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    return response.text();
  };
  const json = async (path = '/skill.json') =>
    expectJson(await runtime.app.request(`${BASE}${path}`), 200) as Promise<SkillDocument>;

  it('serves the same files at the root, under /.well-known/ and under /v1', async () => {
    const text = await markdown();
    expect(await markdown('/.well-known/skill.md')).toBe(text);
    expect(await markdown('/v1/skill.md')).toBe(text);
    const skill = await json();
    expect(await json('/.well-known/skill.json')).toEqual(skill);
  });

  it('opens skill.md with front matter naming the API, its version and where to find it', async () => {
    const text = await markdown();
    const frontMatter = /^---\n([\s\S]*?)\n---\n/.exec(text)?.[1];
    expect(parseYaml(frontMatter ?? '')).toEqual({
      name: 'hearback',
      version: document.info.version,
      description: expect.stringMatching(/feedback/),
      api_base: BASE,
      openapi: `${BASE}/openapi.json`,
      mcp: `${BASE}/mcp`,
    });
  });

  it('takes its URLs from the host the request reached', async () => {
    const skill = (await expectJson(
      await runtime.app.request('http://localhost:4000/skill.json'),
      200,
    )) as SkillDocument;
    expect(skill).toMatchObject({ apiBase: 'http://localhost:4000', mcpUrl: 'http://localhost:4000/mcp' });
  });

  it('explains authentication: the header, bearer tokens, scopes and GET /me', async () => {
    const text = await markdown();
    for (const expected of ['X-Service-Key', 'Authorization: Bearer', '`collect`', '`read`', '`write`', 'GET /me']) {
      expect(text).toContain(expected);
    }
  });

  it('lists every operation of the OpenAPI document with its scope', async () => {
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(25);
    const text = await markdown();
    const skill = await json();
    expect(skill.operations).toEqual(operations);
    for (const operation of operations) {
      expect(text).toContain(`| ${operation.method} | \`${operation.path}\` |`);
      expect(text).toContain(`(\`${operation.operationId}\`)`);
    }
    const stats = skill.operations.find((operation) => operation.operationId === 'getFeedbackStats');
    expect(stats).toMatchObject({ method: 'GET', path: '/organizations/{orgId}/feedback/stats', scope: 'read' });
    expect(skill.operations.find((operation) => operation.operationId === 'getCurrentApiKey')?.scope).toBeNull();
  });

  it('lists every tool /mcp serves, with its scope and input schema', async () => {
    const client = await connectMcp({ runtime } as never, adminKey);
    const { tools } = await client.listTools();
    const skill = await json();
    expect(skill.mcp.tools.map((tool) => [tool.name, tool.description])).toEqual(
      tools.map((tool) => [tool.name, tool.description]),
    );
    for (const tool of skill.mcp.tools) expect(tool.inputSchema).toMatchObject({ type: 'object' });
    const text = await markdown();
    for (const tool of tools) {
      const accepted = (tool._meta?.[ACCEPTED_SCOPES_META_KEY] as string[] | undefined) ?? [
        tool._meta?.[REQUIRED_SCOPE_META_KEY] as string,
      ];
      const orgWide = tool._meta?.[ORGANIZATION_WIDE_META_KEY] === true ? ', organization-wide keys only' : '';
      expect(text).toContain(
        `| \`${tool.name}\` | ${alternatives(accepted.map((scope) => `\`${scope}\``))}${orgWide} |`,
      );
    }
  });

  it('marks what a brand-scoped key is refused: the organization-wide operations and tools', async () => {
    const skill = await json();
    const text = await markdown();
    const orgWide = (id: string) =>
      skill.operations.find((operation) => operation.operationId === id)?.organizationWide;
    expect(orgWide('listAutomations')).toBe(true);
    expect(orgWide('listDeliveries')).toBe(true);
    expect(orgWide('listFeedback')).toBeUndefined();
    expect(text).toContain('| GET | `/organizations/{orgId}/automations` | `read`, organization-wide keys only |');
    expect(text).toContain('| GET | `/organizations/{orgId}/feedback` | `read` |');
    const tools = skill.mcp.tools.filter((tool) => tool.organizationWide).map((tool) => tool.name);
    expect(tools).toEqual(['list_automations', 'list_failed_deliveries']);
    expect(text).toContain('less the organization-wide ones for a brand-scoped key');
  });

  it('walks through the common tasks with example requests that fit their operations', async () => {
    const skill = await json();
    expect(skill.tasks.map((task) => task.operationId)).toEqual(SKILL_TASKS.map((task) => task.operationId));
    const paths = document.paths as Record<string, Record<string, Json>>;
    for (const task of skill.tasks) {
      const operation = paths[task.path]?.[task.method.toLowerCase()];
      expect(operation?.operationId, task.title).toBe(task.operationId);
      expect(task.scope, task.title).toBe(operation['x-required-scope'] ?? null);
      const url = new URL(task.example.url);
      expect(url.origin).toBe(BASE);
      expect(url.pathname).not.toContain('{');
      const queryNames = (operation.parameters ?? []).filter((p: Json) => p.in === 'query').map((p: Json) => p.name);
      for (const name of url.searchParams.keys()) expect(queryNames, `${task.title}: ${name}`).toContain(name);
      if (task.example.body) {
        const ref: string = operation.requestBody.content['application/json'].schema.$ref;
        const schema = document.components.schemas[ref.split('/').pop() as string];
        for (const field of Object.keys(task.example.body)) {
          expect(Object.keys(schema.properties), `${task.title}: ${field}`).toContain(field);
        }
      }
    }
    const text = await markdown();
    expect(text).toContain('POST /collect HTTP/1.1');
    expect(text).toContain("curl -X GET 'https://feedback.example.com/organizations/");
  });

  it("names every event an automation can deliver, the event registry's, in the webhook task", async () => {
    const text = await markdown();
    const line = text.split('\n').find((candidate) => candidate.includes('An automation delivers events'));
    expect(line).toBeDefined();
    for (const type of EVENT_TYPES) expect(line).toContain(`\`${type}\``);
    expect(EVENT_TYPES).toContain('page_response.created');
  });

  it('publishes the scope of each authenticated operation in the OpenAPI document', () => {
    for (const operation of operationsOf(document)) {
      if (!operation.authenticated || operation.operationId === 'getCurrentApiKey') continue;
      if (operation.access) {
        expect(operation.access, operation.operationId).toMatch(/^(signed in|instance admin)$/);
        continue;
      }
      expect(operation.scope, operation.operationId).toMatch(/^(collect|read|write|forms|triage|members|owner)$/);
    }
  });
});

describe('skill files with HEARBACK_PUBLIC_URL', () => {
  it('take their URLs from the public URL, whatever host the request reached', async () => {
    const { runtime, cleanup } = await openTestRuntime('sqlite', { publicUrl: 'https://feedback.example.com/hb' });
    try {
      const skill = (await expectJson(
        await runtime.app.request('http://10.0.0.7:3000/skill.json'),
        200,
      )) as SkillDocument;
      expect(skill).toMatchObject({
        apiBase: 'https://feedback.example.com/hb',
        mcpUrl: 'https://feedback.example.com/hb/mcp',
      });
      const text = await (await runtime.app.request('http://10.0.0.7:3000/skill.md')).text();
      expect(text).not.toContain('10.0.0.7');
    } finally {
      await cleanup();
    }
  });
});
