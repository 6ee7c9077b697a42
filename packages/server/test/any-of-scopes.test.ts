// No operation of the API accepts several scopes yet (feedback pages will): these probes, served
// by a real app on a real database but never added to API_OPERATIONS, show what one gets.
import { z } from '@hono/zod-openapi';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderOperationScopes } from '../scripts/operation-scopes.js';
import { createApp } from '../src/app.js';
import { writeInput } from '../src/domain/write-input.js';
import { openApiDocument } from '../src/openapi.js';
import { defineOperation } from '../src/routes/operation.js';
import { AUTHENTICATED_ERRORS, jsonBody, jsonContent, OrgParams } from '../src/routes/shared.schemas.js';
import type { Runtime } from '../src/runtime.js';
import { type AccessRoute, createKey, describeAccessMatrix, expectProblem } from './support/api.js';
import { describeEachDatabase, requestApp, type TestBed } from './support/harness.js';

const tags = ['Probes'];
const ProbeSchema = z.object({ orgId: z.string() });

const readProbe = defineOperation({
  scope: ['read', 'forms'],
  route: {
    method: 'get',
    path: '/organizations/{orgId}/probe',
    tags,
    operationId: 'readProbe',
    summary: 'Read the probe',
    request: { params: OrgParams },
    responses: { 200: jsonContent(ProbeSchema, 'The caller’s organization.'), ...AUTHENTICATED_ERRORS },
  },
  handler: (c) => c.json({ orgId: c.var.principal.orgId }, 200),
});

const submitProbe = defineOperation({
  scope: ['forms', 'collect'],
  route: {
    method: 'post',
    path: '/organizations/{orgId}/probe',
    tags,
    operationId: 'submitProbe',
    summary: 'Submit to the probe',
    request: { params: OrgParams, body: jsonBody(writeInput({ answer: z.string() })) },
    responses: { 201: jsonContent(ProbeSchema, 'Accepted.'), ...AUTHENTICATED_ERRORS },
  },
  handler: (c) => c.json({ orgId: c.var.principal.orgId }, 201),
});

/** The whole API plus the probes, on the test bed's services. */
function appWithProbes(runtime: Runtime): Runtime['app'] {
  const app = createApp({
    services: runtime.services,
    isReady: async () => true,
    collectBodyLimit: 64 * 1024,
    bodyLimit: 1024 * 1024,
  });
  readProbe.register(app);
  submitProbe.register(app);
  return app;
}

describeEachDatabase('operations any of several scopes may call', (bed) => {
  let probed: TestBed | undefined;
  const probeBed = (): TestBed => {
    if (!probed) throw new Error('Probe app not ready');
    return probed;
  };
  beforeAll(() => {
    const runtime = { ...bed().runtime, app: appWithProbes(bed().runtime) };
    probed = { ...bed(), runtime, request: (path, init) => requestApp(runtime, path, init) };
  });
  const orgPath = () => `/organizations/${probeBed().orgA.organization.id}/probe`;

  const routes: AccessRoute[] = [
    {
      operationId: 'readProbe',
      access: readProbe.scope,
      okStatus: 200,
      call: () => ({ method: 'GET', path: orgPath() }),
    },
    {
      operationId: 'submitProbe',
      access: submitProbe.scope,
      okStatus: 201,
      call: () => ({ method: 'POST', path: orgPath(), json: { answer: 'yes' } }),
    },
  ];
  describeAccessMatrix(probeBed, 'Probes', routes);

  it('refuses a key holding none of the scopes before reading its input, naming them all', async () => {
    const writer = await createKey(probeBed(), probeBed().orgA, { scopes: ['write', 'read'] });
    const response = await probeBed().request(orgPath(), { method: 'POST', key: writer.secret, json: { nope: 1 } });
    const problem = await expectProblem(response, 403, 'insufficient_scope');
    expect(problem.detail).toBe("This API key lacks the 'forms' or 'collect' scope.");
    expect(problem).toMatchObject({ requiredScope: 'forms', acceptedScopes: ['forms', 'collect'] });
  });

  describe('what the app publishes', () => {
    const document = () => openApiDocument(probeBed().runtime.app);
    const probe = (method: 'get' | 'post') => {
      const item = document().paths?.['/organizations/{orgId}/probe'] as Record<string, unknown> | undefined;
      return item?.[method];
    };

    it('documents the preferred scope as x-required-scope and all of them as x-accepted-scopes', () => {
      expect(probe('get')).toMatchObject({ 'x-required-scope': 'read', 'x-accepted-scopes': ['read', 'forms'] });
      expect(probe('post')).toMatchObject({ 'x-required-scope': 'forms', 'x-accepted-scopes': ['forms', 'collect'] });
    });

    it('gives the MCP tools the list, preferred first', () => {
      const rendered = renderOperationScopes(document());
      expect(rendered).toContain("  readProbe: ['read', 'forms'],\n");
      expect(rendered).toContain("  submitProbe: ['forms', 'collect'],\n");
      expect(rendered).toContain("  getBrand: 'read',\n");
    });

    it('shows "read or forms" in skill.md and the list in skill.json', async () => {
      const markdown = await (await probeBed().request('/skill.md')).text();
      expect(markdown).toContain('| GET | `/organizations/{orgId}/probe` | `read` or `forms` |');
      expect(markdown).toContain('| POST | `/organizations/{orgId}/probe` | `forms` or `collect` |');
      expect(markdown).toContain('| GET | `/organizations/{orgId}/brands/{brandId}` | `read` |');
      const skill = (await (await probeBed().request('/skill.json')).json()) as {
        operations: { operationId: string; scope: string; acceptedScopes?: string[] }[];
      };
      expect(skill.operations.find((operation) => operation.operationId === 'readProbe')).toMatchObject({
        scope: 'read',
        acceptedScopes: ['read', 'forms'],
      });
      expect(skill.operations.find((operation) => operation.operationId === 'getBrand')).not.toHaveProperty(
        'acceptedScopes',
      );
    });
  });
});
