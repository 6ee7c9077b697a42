import { beforeAll, describe, expect, it } from 'vitest';
import type { Scope } from '../../src/domain/api-key.js';
import { SCOPES } from '../../src/domain/api-key.js';
import { openApiDocument } from '../../src/openapi.js';
import { accessOf, type OperationId } from '../../src/routes/index.js';
import type { BootstrappedOrganization } from '../../src/services/organizations.js';
import { createApiKey as createKey, expectJson, expectProblem, type Json } from './api-assertions.js';
import type { TestBed } from './harness.js';

// The response assertions and resource helpers live in api-assertions.ts; this module adds the
// scope matrix and the tenancy check, and re-exports them for suites that import one module.
export {
  type CreatedKey,
  createApiKey as createKey,
  createInbox,
  expectJson,
  expectProblem,
  type Json,
  type ProblemBody as Problem,
} from './api-assertions.js';

export async function createBrand(bed: TestBed, org: BootstrappedOrganization, name: string): Promise<Json> {
  return expectJson(
    await bed.request(`/organizations/${org.organization.id}/brands`, {
      method: 'POST',
      key: org.adminKey,
      json: { name },
    }),
    201,
  );
}

export interface RouteCall {
  method: string;
  path: string;
  json?: unknown;
}

export interface ScopedRoute {
  /** The operation; the scope it requires comes from the operation table. */
  operationId: OperationId;
  /** Status when called with a key holding only `scope`. */
  okStatus: number;
  /** Builds the request; may create what the call consumes (a resource to delete, say). */
  call(bed: TestBed): Promise<RouteCall> | RouteCall;
}

/** The scope an operation requires, from the operation table (none of these is `ANY_KEY`). */
function requiredScope(operationId: OperationId): Scope {
  const access = accessOf(operationId);
  if (!(SCOPES as readonly string[]).includes(access)) throw new Error(`${operationId} requires no scope`);
  return access as Scope;
}

/**
 * Table-driven scope checks: for each route, a key holding every scope but the one the operation
 * table gives it gets 403 `insufficient_scope` (but 404 on another organization's path: the
 * tenant check comes first), and a key holding only that one gets the success status. Also fails
 * when a route of `tag` is missing, so new routes are not forgotten.
 */
export function describeScopeMatrix(bed: () => TestBed, tag: string, scopedRoutes: ScopedRoute[]): void {
  const routes = scopedRoutes.map((route) => ({ ...route, scope: requiredScope(route.operationId) }));
  describe(`scope matrix (${tag})`, () => {
    const withoutScope = new Map<Scope, string>();
    const onlyScope = new Map<Scope, string>();
    beforeAll(async () => {
      for (const scope of new Set(routes.map((route) => route.scope))) {
        const others = SCOPES.filter((other) => other !== scope);
        withoutScope.set(scope, (await createKey(bed(), bed().orgA, { scopes: others })).secret);
        onlyScope.set(scope, (await createKey(bed(), bed().orgA, { scopes: [scope] })).secret);
      }
    });

    it(`covers every ${tag} operation of the OpenAPI document`, () => {
      const document = openApiDocument(bed().runtime.app);
      const operationIds = Object.values(document.paths ?? {}).flatMap((item) =>
        Object.values(item ?? {})
          .filter((operation): operation is { tags?: string[]; operationId?: string } => typeof operation === 'object')
          .filter((operation) => operation.tags?.includes(tag))
          .map((operation) => operation.operationId),
      );
      expect(routes.map((route) => route.operationId).sort()).toEqual(operationIds.sort());
    });

    it.each(routes)('$operationId without $scope → 403 insufficient_scope', async (route) => {
      const { method, path, json } = await route.call(bed());
      const response = await bed().request(path, { method, key: withoutScope.get(route.scope), json });
      const problem = await expectProblem(response, 403, 'insufficient_scope');
      expect(problem.requiredScope).toBe(route.scope);
    });

    it.each(routes)("$operationId on another organization's path without $scope → 404 first", async (route) => {
      const { method, path, json } = await route.call(bed());
      const elsewhere = path.replace(bed().orgA.organization.id, bed().orgB.organization.id);
      expect(elsewhere).not.toBe(path);
      const response = await bed().request(elsewhere, { method, key: withoutScope.get(route.scope), json });
      await expectProblem(response, 404, 'not_found');
    });

    it.each(routes)('$operationId with only $scope → $okStatus', async (route) => {
      const { method, path, json } = await route.call(bed());
      const response = await bed().request(path, { method, key: onlyScope.get(route.scope), json });
      expect({ status: response.status, body: await response.text() }).toMatchObject({ status: route.okStatus });
    });
  });
}

/** Org B's admin key on org A's paths: always 404 and no trace of org A in the body. */
export async function expectHiddenFromOrgB(bed: TestBed, call: RouteCall): Promise<void> {
  const response = await bed.request(call.path, { method: call.method, key: bed.orgB.adminKey, json: call.json });
  const problem = await expectProblem(response, 404, 'not_found');
  const text = JSON.stringify(problem);
  expect(text).not.toContain(bed.orgA.organization.name);
  expect(text).not.toContain(bed.orgA.inbox.inboxKey);
}
