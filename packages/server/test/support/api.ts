import { alternatives } from '@hearback/spec';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Access, acceptedScopes, KEY_SCOPES, type Scope } from '../../src/domain/api-key.js';
import { ROLE_SCOPES, ROLES, type Role } from '../../src/domain/roles.js';
import { openApiDocument } from '../../src/openapi.js';
import { accessOf, type OperationId } from '../../src/routes/index.js';
import type { BootstrappedOrganization } from '../../src/services/organizations.js';
import { memberWithRole, type TestUser } from './accounts.js';
import { createApiKey as createKey, expectJson, expectProblem, type Json } from './api-assertions.js';
import { finiteBodyText } from './event-stream.js';
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
  /** The operation; the scopes it accepts come from the operation table. */
  operationId: OperationId;
  /** Status when called with a key holding only one scope it accepts. */
  okStatus: number;
  /** Builds the request; may create what the call consumes (a resource to delete, say). */
  call(bed: TestBed): Promise<RouteCall> | RouteCall;
}

/** A row of {@link describeAccessMatrix}: a route and who may call it. */
export interface AccessRoute extends Omit<ScopedRoute, 'operationId'> {
  operationId: string;
  /** As its operation declares it: one scope, or any of several (not `ANY_KEY`). */
  access: Access;
}

/**
 * Table-driven scope checks, with the scopes each operation accepts taken from the operation
 * table: see {@link describeAccessMatrix}. Also fails when a route of `tag` is missing, so new
 * routes are not forgotten.
 */
export function describeScopeMatrix(bed: () => TestBed, tag: string, scopedRoutes: ScopedRoute[]): void {
  describeAccessMatrix(
    bed,
    tag,
    scopedRoutes.map((route) => ({ ...route, access: accessOf(route.operationId) })),
  );
}

/**
 * For each route: a key holding every scope but the ones it accepts gets 403 `insufficient_scope`
 * naming the preferred scope (`requiredScope`) and, when several would do, all of them
 * (`acceptedScopes`); but 404 on another organization's path, as the tenant check comes first.
 * A key holding only one accepted scope, for each of them, gets the success status. Fails when
 * `bed().runtime.app` documents a route of `tag` that is not in the table.
 */
export function describeAccessMatrix(bed: () => TestBed, tag: string, accessRoutes: AccessRoute[]): void {
  const routes = accessRoutes.map((route) => {
    const accepted = acceptedScopes(route.access);
    if (accepted.length === 0) throw new Error(`${route.operationId} requires no scope`);
    return { ...route, accepted, scopes: alternatives(accepted) };
  });
  // Each accepted scope alone, one row per (route, scope); keys hold key scopes only.
  const grants = routes.flatMap((route) => route.accepted.map((scope) => ({ ...route, scope })));
  const keyGrants = grants.filter((grant) => (KEY_SCOPES as readonly Scope[]).includes(grant.scope));
  // Each role, one row per (route, role): the role's scopes from domain/roles.ts, the route's from the table.
  const roleRows = routes.flatMap((route) =>
    ROLES.map((role) => ({
      ...route,
      role,
      expected: ROLE_SCOPES[role].some((scope) => route.accepted.includes(scope)) ? route.okStatus : 403,
    })),
  );
  describe(`scope matrix (${tag})`, () => {
    const lacking = new Map<string, string>();
    const onlyScope = new Map<Scope, string>();
    beforeAll(async () => {
      for (const scopes of new Set(routes.map((route) => route.scopes))) {
        const accepted = routes.find((route) => route.scopes === scopes)?.accepted ?? [];
        const others = KEY_SCOPES.filter((other) => !accepted.includes(other));
        if (others.length === 0) throw new Error(`Every scope may call the ${scopes} routes: nothing to refuse`);
        lacking.set(scopes, (await createKey(bed(), bed().orgA, { scopes: others })).secret);
      }
      for (const scope of new Set(grants.map((grant) => grant.scope))) {
        // Role-only scopes (members, owner) have no key: the role rows below cover them.
        if (!(KEY_SCOPES as readonly Scope[]).includes(scope)) continue;
        onlyScope.set(scope, (await createKey(bed(), bed().orgA, { scopes: [scope] })).secret);
      }
      members = await membersOfEveryRole(bed());
    });
    let members: ReadonlyMap<Role, TestUser>;

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

    it.each(routes)('$operationId without $scopes → 403 insufficient_scope', async (route) => {
      const { method, path, json } = await route.call(bed());
      const response = await bed().request(path, { method, key: lacking.get(route.scopes), json });
      const problem = await expectProblem(response, 403, 'insufficient_scope');
      expect(problem.requiredScope).toBe(route.accepted[0]);
      expect(problem.acceptedScopes).toEqual(route.accepted.length > 1 ? route.accepted : undefined);
    });

    it.each(routes)("$operationId on another organization's path without $scopes → 404 first", async (route) => {
      const { method, path, json } = await route.call(bed());
      const elsewhere = path.replace(bed().orgA.organization.id, bed().orgB.organization.id);
      expect(elsewhere).not.toBe(path);
      const response = await bed().request(elsewhere, { method, key: lacking.get(route.scopes), json });
      await expectProblem(response, 404, 'not_found');
    });

    it.each(roleRows)('$operationId as a signed-in $role → $expected', async (route) => {
      const { method, path, json } = await route.call(bed());
      const session = members.get(route.role)?.session;
      const response = await bed().request(path, { method, session, json });
      const body = await finiteBodyText(response);
      expect({ status: response.status, body }).toMatchObject({ status: route.expected });
      if (route.expected === 403) expect(JSON.parse(body).code).toBe('insufficient_scope');
    });

    it.each(routes)('$operationId as a signed-in member of another organization → 404', async (route) => {
      const { method, path, json } = await route.call(bed());
      const outsider = await outsiderOf(bed());
      const response = await bed().request(path, { method, session: outsider.session, json });
      await expectProblem(response, 404, 'not_found');
    });

    it.each(keyGrants)('$operationId with only $scope → $okStatus', async (route) => {
      const { method, path, json } = await route.call(bed());
      const response = await bed().request(path, { method, key: onlyScope.get(route.scope), json });
      expect({ status: response.status, body: await finiteBodyText(response) }).toMatchObject({
        status: route.okStatus,
      });
    });
  });
}

const roleMembers = new WeakMap<TestBed, Map<Role, TestUser>>();
const outsiders = new WeakMap<TestBed, TestUser>();

/** One signed-in member of org A per role, made once per test bed. */
async function membersOfEveryRole(bed: TestBed): Promise<ReadonlyMap<Role, TestUser>> {
  let members = roleMembers.get(bed);
  if (!members) {
    members = new Map();
    for (const role of ROLES) members.set(role, await memberWithRole(bed, bed.orgA, role));
    roleMembers.set(bed, members);
  }
  return members;
}

/** An owner of org B: a member, but not of org A. */
async function outsiderOf(bed: TestBed): Promise<TestUser> {
  let outsider = outsiders.get(bed);
  if (!outsider) {
    outsider = await memberWithRole(bed, bed.orgB, 'owner');
    outsiders.set(bed, outsider);
  }
  return outsider;
}

/** Org B's admin key on org A's paths: always 404 and no trace of org A in the body. */
export async function expectHiddenFromOrgB(bed: TestBed, call: RouteCall): Promise<void> {
  const response = await bed.request(call.path, { method: call.method, key: bed.orgB.adminKey, json: call.json });
  const problem = await expectProblem(response, 404, 'not_found');
  const text = JSON.stringify(problem);
  expect(text).not.toContain(bed.orgA.organization.name);
  expect(text).not.toContain(bed.orgA.inbox.inboxKey);
}
