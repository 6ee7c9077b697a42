import { beforeAll, describe, expect, it } from 'vitest';
import {
  createBrand,
  createKey,
  describeScopeMatrix,
  expectHiddenFromOrgB,
  expectJson,
  expectProblem,
  type Json,
} from '../../../test/support/api.js';
import { automationInput } from '../../../test/support/automations.js';
import { describeEachDatabase, type TestBed } from '../../../test/support/harness.js';
import type { BootstrappedOrganization } from '../../services/organizations.js';

async function createAutomation(
  bed: TestBed,
  org: BootstrappedOrganization,
  name = 'Automation',
  url = 'https://hooks.example.com/hearback',
): Promise<Json> {
  const response = await bed.request(`/organizations/${org.organization.id}/automations`, {
    method: 'POST',
    key: org.adminKey,
    json: automationInput({ name, webhook: { url } }),
  });
  return expectJson(response, 201);
}

describeEachDatabase('Automations: access', (bed) => {
  const orgA = () => bed().orgA;
  const path = () => `/organizations/${orgA().organization.id}/automations`;

  describe('tenancy', () => {
    let orgAAutomation: Json;
    beforeAll(async () => {
      orgAAutomation = await createAutomation(bed(), orgA(), 'Org A secret automation');
    });

    it.each([
      { method: 'GET', suffix: '' },
      { method: 'POST', suffix: '', json: automationInput() },
      { method: 'GET', suffix: '/:id' },
      { method: 'PATCH', suffix: '/:id', json: { name: 'hijacked' } },
      { method: 'DELETE', suffix: '/:id' },
      { method: 'POST', suffix: '/:id/rotate-signing-secret' },
      { method: 'POST', suffix: '/preview', json: automationInput() },
      { method: 'POST', suffix: '/:id/test' },
    ])("org B's key on org A's path: $method automations$suffix → 404", async ({ method, suffix, json }) => {
      await expectHiddenFromOrgB(bed(), { method, path: `${path()}${suffix.replace(':id', orgAAutomation.id)}`, json });
    });

    it("org B's key cannot reach org A's automation through its own organization", async () => {
      const at = `/organizations/${bed().orgB.organization.id}/automations/${orgAAutomation.id}`;
      const key = bed().orgB.adminKey;
      for (const response of [
        await bed().request(at, { key }),
        await bed().request(at, { method: 'PATCH', key, json: { name: 'hijacked' } }),
        await bed().request(`${at}/rotate-signing-secret`, { method: 'POST', key }),
        await bed().request(`${at}/test`, { method: 'POST', key }),
        await bed().request(at, { method: 'DELETE', key }),
      ]) {
        const problem = await expectProblem(response, 404, 'not_found');
        expect(JSON.stringify(problem)).not.toContain('Org A secret automation');
      }
      const kept = await expectJson(
        await bed().request(`${path()}/${orgAAutomation.id}`, { key: orgA().adminKey }),
        200,
      );
      expect(kept).toMatchObject({ name: 'Org A secret automation', updatedAt: orgAAutomation.updatedAt });
      const orgBList = await expectJson(
        await bed().request(`/organizations/${bed().orgB.organization.id}/automations?limit=200`, { key }),
        200,
      );
      expect(orgBList.data.map((automation: Json) => automation.id)).not.toContain(orgAAutomation.id);
    });
  });

  describe('brand-scoped keys', () => {
    it('are refused every automation operation with 403 forbidden: an automation sees every brand', async () => {
      const brand = await createBrand(bed(), orgA(), 'Automation brand');
      const brandKey = (await createKey(bed(), orgA(), { scopes: ['read', 'write'], brandId: brand.id })).secret;
      const existing = await createAutomation(bed(), orgA());
      const at = `${path()}/${existing.id}`;
      for (const response of [
        await bed().request(path(), { key: brandKey }),
        await bed().request(path(), { method: 'POST', key: brandKey, json: automationInput({ name: 'Sneaky' }) }),
        await bed().request(at, { key: brandKey }),
        await bed().request(at, { method: 'PATCH', key: brandKey, json: { name: 'Sneaky' } }),
        await bed().request(`${at}/rotate-signing-secret`, { method: 'POST', key: brandKey }),
        await bed().request(`${path()}/preview`, { method: 'POST', key: brandKey, json: automationInput() }),
        await bed().request(`${at}/test`, { method: 'POST', key: brandKey }),
        await bed().request(at, { method: 'DELETE', key: brandKey }),
      ]) {
        await expectProblem(response, 403, 'forbidden');
      }
      const listed = await expectJson(await bed().request(`${path()}?limit=200`, { key: orgA().adminKey }), 200);
      expect(listed.data.map((automation: Json) => automation.name)).not.toContain('Sneaky');
      expect(await expectJson(await bed().request(at, { key: orgA().adminKey }), 200)).toEqual(
        (({ signingSecret: _secret, ...shown }) => shown)(existing),
      );
    });
  });

  describe('plans', () => {
    let starter: BootstrappedOrganization;
    let starterPath: string;
    beforeAll(async () => {
      starter = await bed().runtime.services.organizations.bootstrap({ name: 'Starter', plan: 'starter' });
      starterPath = `/organizations/${starter.organization.id}/automations`;
    });

    it('a starter organization gets 403 plan_upgrade_required naming team, and nothing is created', async () => {
      const response = await bed().request(starterPath, {
        method: 'POST',
        key: starter.adminKey,
        json: automationInput(),
      });
      const problem = await expectProblem(response, 403, 'plan_upgrade_required');
      expect(problem).toMatchObject({ plan: 'starter', requiredPlan: 'team' });
      expect(problem.detail).toContain('team');
      const listed = await expectJson(await bed().request(starterPath, { key: starter.adminKey }), 200);
      expect(listed.data).toEqual([]);
    });

    it('a starter organization cannot preview either: 403 plan_upgrade_required', async () => {
      const response = await bed().request(`${starterPath}/preview`, {
        method: 'POST',
        key: starter.adminKey,
        json: automationInput(),
      });
      expect(await expectProblem(response, 403, 'plan_upgrade_required')).toMatchObject({ requiredPlan: 'team' });
    });

    it('the plan is checked after validation: bad input still names its field', async () => {
      const response = await bed().request(starterPath, {
        method: 'POST',
        key: starter.adminKey,
        json: automationInput({ events: [] }),
      });
      await expectProblem(response, 400, 'validation_failed');
    });

    it('team and enterprise have automations', async () => {
      for (const plan of ['team', 'enterprise'] as const) {
        const org = await bed().runtime.services.organizations.bootstrap({ name: plan, plan });
        await createAutomation(bed(), org);
      }
    });

    it('after a downgrade, automations can be read and deleted but not changed or rotated', async () => {
      const org = await bed().runtime.services.organizations.bootstrap({ name: 'Downgraded', plan: 'team' });
      const automation = await createAutomation(bed(), org);
      await bed().runtime.services.organizations.setPlan(org.organization.id, 'starter');
      const at = `/organizations/${org.organization.id}/automations/${automation.id}`;
      const key = org.adminKey;
      expect((await expectJson(await bed().request(at, { key }), 200)).id).toBe(automation.id);
      await expectProblem(
        await bed().request(at, { method: 'PATCH', key, json: { name: 'x' } }),
        403,
        'plan_upgrade_required',
      );
      await expectProblem(
        await bed().request(`${at}/rotate-signing-secret`, { method: 'POST', key }),
        403,
        'plan_upgrade_required',
      );
      await expectProblem(await bed().request(`${at}/test`, { method: 'POST', key }), 403, 'plan_upgrade_required');
      expect((await expectJson(await bed().request(at, { key }), 200)).name).toBe(automation.name);
      await expectJson(await bed().request(at, { method: 'DELETE', key }), 200);
      await expectProblem(await bed().request(at, { key }), 404, 'not_found');
    });
  });

  describeScopeMatrix(bed, 'Automations', [
    { operationId: 'listAutomations', okStatus: 200, call: () => ({ method: 'GET', path: path() }) },
    {
      operationId: 'createAutomation',
      okStatus: 201,
      call: () => ({ method: 'POST', path: path(), json: automationInput({ name: 'Scoped' }) }),
    },
    {
      operationId: 'getAutomation',
      okStatus: 200,
      call: async (testBed) => ({ method: 'GET', path: `${path()}/${(await createAutomation(testBed, orgA())).id}` }),
    },
    {
      operationId: 'updateAutomation',
      okStatus: 200,
      call: async (testBed) => ({
        method: 'PATCH',
        path: `${path()}/${(await createAutomation(testBed, orgA())).id}`,
        json: { enabled: false },
      }),
    },
    {
      operationId: 'deleteAutomation',
      okStatus: 200,
      call: async (testBed) => ({
        method: 'DELETE',
        path: `${path()}/${(await createAutomation(testBed, orgA())).id}`,
      }),
    },
    {
      operationId: 'rotateAutomationSigningSecret',
      okStatus: 200,
      call: async (testBed) => ({
        method: 'POST',
        path: `${path()}/${(await createAutomation(testBed, orgA())).id}/rotate-signing-secret`,
      }),
    },
    {
      operationId: 'previewAutomation',
      okStatus: 200,
      call: () => ({ method: 'POST', path: `${path()}/preview`, json: automationInput() }),
    },
    {
      operationId: 'testAutomation',
      okStatus: 200,
      // A loopback URL the guard refuses (no allowlist here): the test answers at once, sending nothing.
      call: async (testBed) => ({
        method: 'POST',
        path: `${path()}/${(await createAutomation(testBed, orgA(), 'Tested', 'http://127.0.0.1:9/hook')).id}/test`,
      }),
    },
  ]);
});
