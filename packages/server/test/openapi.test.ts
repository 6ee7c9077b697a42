import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { NON_SDK_OPERATIONS_PATH, renderNonSdkOperations } from '../scripts/non-sdk-operations.js';
import { buildOpenApiDocument, serializeOpenApiDocument } from '../scripts/openapi-document.js';
import { OPERATION_SCOPES_PATH, renderOperationScopes } from '../scripts/operation-scopes.js';
import { ERROR_CODES } from '../src/errors/error-codes.js';
import { NO_SDK_METHOD } from '../src/openapi.js';
import type { Runtime } from '../src/runtime.js';
import type { Json } from './support/api.js';
import { expectJson, expectProblem } from './support/api.js';
import { openTestRuntime } from './support/harness.js';

const COMMITTED_PATH = resolve(dirname(fileURLToPath(import.meta.url)), '../../../openapi/openapi.json');
const STALE = 'openapi/openapi.json is out of date with the server routes: run `pnpm openapi` and commit the result.';
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

interface Operation {
  method: string;
  path: string;
  operationId?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  'x-access'?: string;
  responses: Record<string, Json>;
}

/** Operations served outside the operation table (MCP, the accounts, the public pages): `x-sdk: false`. */
function isOutsideTheTable(operation: Operation): boolean {
  return (operation as Json)[NO_SDK_METHOD] === false;
}

const schemaNamed = (content: Json, name: string) =>
  content?.['application/json']?.schema?.$ref === `#/components/schemas/${name}`;

/** The error bodies of the other protocols at the same address, by tag: JSON-RPC, HTML for people. */
const FOREIGN_ERROR_BODIES: Record<string, (content: Json) => boolean> = {
  MCP: (content) => schemaNamed(content, 'JsonRpcErrorResponse'),
  'Public pages': (content) => content?.['text/html'] !== undefined,
};

function operationsOf(document: Json): Operation[] {
  return Object.entries(document.paths as Record<string, Json>).flatMap(([path, item]) =>
    HTTP_METHODS.filter((method) => item[method]).map((method) => ({ method, path, ...item[method] })),
  );
}

describe('OpenAPI document', () => {
  const generated = serializeOpenApiDocument(buildOpenApiDocument());
  const document = JSON.parse(generated);
  let runtime: Runtime;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ runtime, cleanup } = await openTestRuntime('sqlite'));
  });
  afterAll(async () => {
    await cleanup();
  });

  it('matches the committed openapi/openapi.json', () => {
    expect(existsSync(COMMITTED_PATH), STALE).toBe(true);
    expect(readFileSync(COMMITTED_PATH, 'utf8'), STALE).toBe(generated);
  });

  it('matches the operation scopes @hearback/spec publishes (operation-scopes.gen.ts)', () => {
    expect(readFileSync(OPERATION_SCOPES_PATH, 'utf8'), STALE).toBe(renderOperationScopes(document));
  });

  it('matches the operations @hearback/client leaves out of OperationId (non-sdk-operations.gen.ts)', () => {
    expect(readFileSync(NON_SDK_OPERATIONS_PATH, 'utf8'), STALE).toBe(renderNonSdkOperations(document));
  });

  it('is what a running server serves at /openapi.json (and /v1/openapi.json)', async () => {
    for (const path of ['/openapi.json', '/v1/openapi.json']) {
      expect(await expectJson(await runtime.app.request(path), 200), STALE).toEqual(document);
    }
  });

  it('is the same document as YAML at /openapi.yaml', async () => {
    const response = await runtime.app.request('/openapi.yaml');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/yaml/);
    expect(parseYaml(await response.text())).toEqual(document);
  });

  // The committed file was written by another process at another time, so matching it above
  // already shows that nothing time- or host-dependent leaks in; the server URL stays fixed.
  it('names a stable server URL, not the address a server happens to listen on', () => {
    expect(document.servers).toEqual([{ url: 'http://localhost:3000', description: expect.any(String) }]);
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(document.openapi).toBe('3.1.0');
  });

  it('gives every operation a unique operationId', () => {
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(20);
    const missing = operations.filter((operation) => !operation.operationId);
    expect(missing.map((operation) => `${operation.method} ${operation.path}`)).toEqual([]);
    const ids = operations.map((operation) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('describes every tag its operations use, and no tag none uses (the sections of /docs)', () => {
    const used = new Set(operationsOf(document).flatMap((operation) => operation.tags ?? []));
    const declared = (document.tags as { name: string; description?: string }[]).map((tag) => tag.name);
    expect([...used].filter((tag) => !declared.includes(tag))).toEqual([]);
    expect(declared.filter((tag) => !used.has(tag))).toEqual([]);
    expect((document.tags as { description?: string }[]).every((tag) => tag.description)).toBe(true);
  });

  it('requires an API key on every operation but the health probes and those open to anyone', () => {
    const schemes = Object.keys(document.components.securitySchemes);
    for (const operation of operationsOf(document)) {
      const where = `${operation.method} ${operation.path}`;
      // Served outside the operation table, each with its own access: checked in the next test.
      if (isOutsideTheTable(operation)) continue;
      if (operation.tags?.includes('Health')) {
        expect(operation.security, where).toEqual([]);
        continue;
      }
      // The operation table's ANYONE: no credentials, so no 401 or 403 either.
      if (operation['x-access'] === 'anyone') {
        expect(operation.security, where).toEqual([]);
        expect(Object.keys(operation.responses), where).not.toContain('401');
        continue;
      }
      expect(operation.security?.length, where).toBeGreaterThan(0);
      for (const requirement of operation.security ?? []) {
        for (const name of Object.keys(requirement)) expect(schemes, where).toContain(name);
      }
      expect(Object.keys(operation.responses), where).toEqual(expect.arrayContaining(['401', '403']));
    }
  });

  it('names the access of the operations outside the table: an API key for /mcp, none for sign-in and page visitors', () => {
    const outside = operationsOf(document).filter(isOutsideTheTable);
    const securityOf = (operation: Operation) => (operation.security ?? []).flatMap((entry) => Object.keys(entry));
    expect(outside.map((operation) => operation.tags?.[0]).sort()).toEqual([
      ...Array(6).fill('Auth'),
      'MCP',
      ...Array(3).fill('Public pages'),
    ]);
    for (const operation of outside) {
      const where = `${operation.method} ${operation.path}`;
      if (operation.tags?.includes('MCP')) {
        expect(securityOf(operation), where).toEqual(['ApiKeyAuth', 'BearerAuth']);
        expect(Object.keys(operation.responses), where).toEqual(expect.arrayContaining(['401', '403']));
      } else if (['getAuthSession', 'signOut'].includes(operation.operationId ?? '')) {
        expect(securityOf(operation), where).toEqual(['SessionCookie']);
      } else {
        expect(operation.security, where).toEqual([]);
      }
    }
  });

  it('declares the statuses of the body limit, the JSON validator and the idempotency middleware', () => {
    for (const operation of operationsOf(document)) {
      const where = `${operation.method} ${operation.path}`;
      const statuses = Object.keys(operation.responses);
      const json = (operation as Json).requestBody?.content?.['application/json'];
      // The JSON validator is the operation table's; better-auth and the public pages read bodies their own way.
      if (json && (!isOutsideTheTable(operation) || operation.tags?.includes('MCP'))) {
        expect(statuses, where).toContain('415');
      }
      if (operation.method !== 'get') expect(statuses, where).toContain('413');
      const headers = ((operation as Json).parameters ?? []).filter((parameter: Json) => parameter.in === 'header');
      if (headers.some((header: Json) => header.name === 'idempotency-key')) {
        expect(statuses, where).toContain('422');
        if (operation.operationId !== 'collectFeedback') expect(statuses, where).toContain('409');
      }
    }
  });

  it('publishes every error code, and only those, in the Problem schema', () => {
    expect(document.components.schemas.Problem.properties.code.enum).toEqual([...ERROR_CODES]);
  });

  it('documents the problems the server actually sends', async () => {
    const problemKeys = Object.keys(document.components.schemas.Problem.properties);
    const body = await expectProblem(await runtime.app.request('/nope'), 404, 'not_found');
    for (const key of Object.keys(body)) expect(problemKeys).toContain(key);
    for (const operation of operationsOf(document)) {
      const foreign = FOREIGN_ERROR_BODIES[operation.tags?.[0] ?? ''];
      for (const [status, response] of Object.entries(operation.responses)) {
        if (Number(status) < 400) continue;
        const where = `${operation.operationId} ${status}`;
        // Outside the table, what answers for MCP or a page's form may have its own body.
        if (isOutsideTheTable(operation) && foreign?.(response.content)) continue;
        expect(response.content, where).toHaveProperty('application/problem+json');
      }
    }
  });
});
