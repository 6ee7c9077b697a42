import { beforeAll, describe, expect, it } from 'vitest';
import {
  createBrand,
  createInbox,
  createKey,
  describeScopeMatrix,
  expectHiddenFromOrgB,
  expectJson,
  expectProblem,
  type Json,
} from '../../../test/support/api.js';
import { describeEachDatabase } from '../../../test/support/harness.js';
import type { BootstrappedOrganization } from '../../services/organizations.js';

const UNKNOWN_BRAND = 'brd_01jd3x2k9v6c4h8m2n5p7q1r3s';

describeEachDatabase('Brands', (bed) => {
  const orgA = () => bed().orgA;
  const brandsPath = () => `/organizations/${orgA().organization.id}/brands`;

  describe('create, get, list, update, delete', () => {
    it('creates a brand and reads it back', async () => {
      const created = await expectJson(
        await bed().request(brandsPath(), { method: 'POST', key: orgA().adminKey, json: { name: ' Acme Mobile ' } }),
        201,
      );
      expect(created).toMatchObject({
        id: expect.stringMatching(/^brd_[0-9a-z]{26}$/),
        orgId: orgA().organization.id,
        name: 'Acme Mobile',
      });
      const fetched = await expectJson(
        await bed().request(`${brandsPath()}/${created.id}`, { key: orgA().adminKey }),
        200,
      );
      expect(fetched).toEqual(created);
      const listed = await expectJson(await bed().request(`${brandsPath()}?limit=200`, { key: orgA().adminKey }), 200);
      expect(listed.data).toContainEqual(created);
    });

    it.each([
      { case: 'no name', json: {} },
      { case: 'a blank name', json: { name: '  ' } },
      { case: 'a name over 200 characters', json: { name: 'b'.repeat(201) } },
    ])('rejects $case with 400 validation_failed', async ({ json }) => {
      const problem = await expectProblem(
        await bed().request(brandsPath(), { method: 'POST', key: orgA().adminKey, json }),
        400,
        'validation_failed',
      );
      expect(problem.errors?.map((error) => error.path)).toEqual(['name']);
    });

    it('renames a brand', async () => {
      const brand = await createBrand(bed(), orgA(), 'Old brand');
      const path = `${brandsPath()}/${brand.id}`;
      const renamed = await expectJson(
        await bed().request(path, { method: 'PATCH', key: orgA().adminKey, json: { name: 'New brand' } }),
        200,
      );
      expect(renamed).toMatchObject({ id: brand.id, name: 'New brand', createdAt: brand.createdAt });
      expect((await expectJson(await bed().request(path, { key: orgA().adminKey }), 200)).name).toBe('New brand');
      await expectProblem(
        await bed().request(path, { method: 'PATCH', key: orgA().adminKey, json: { name: '' } }),
        400,
        'validation_failed',
      );
    });

    it('answers 404 for an unknown brand on get, update and delete', async () => {
      const path = `${brandsPath()}/${UNKNOWN_BRAND}`;
      const key = orgA().adminKey;
      await expectProblem(await bed().request(path, { key }), 404, 'not_found');
      await expectProblem(await bed().request(path, { method: 'PATCH', key, json: { name: 'x' } }), 404, 'not_found');
      await expectProblem(await bed().request(path, { method: 'DELETE', key }), 404, 'not_found');
    });

    it('deleting a brand keeps its inboxes, organization-wide, and removes its keys', async () => {
      const brand = await createBrand(bed(), orgA(), 'Doomed brand');
      const inbox = await createInbox(bed(), orgA(), { name: 'Doomed brand inbox', brandId: brand.id });
      const brandKey = await createKey(bed(), orgA(), { scopes: ['read'], brandId: brand.id });
      await expectJson(await bed().request(`${brandsPath()}/${brand.id}`, { key: brandKey.secret }), 200);

      const collected = await expectJson(
        await bed().request('/collect', {
          method: 'POST',
          key: orgA().collectKey,
          json: { inboxKey: inbox.inboxKey, type: 'thumbs', score: 1 },
        }),
        201,
      );

      const response = await bed().request(`${brandsPath()}/${brand.id}`, { method: 'DELETE', key: orgA().adminKey });
      // The answer says which keys went with the brand.
      expect(await expectJson(response, 200)).toEqual({ id: brand.id, deleted: true, apiKeysDeleted: 1 });

      await expectProblem(
        await bed().request(`${brandsPath()}/${brand.id}`, { key: orgA().adminKey }),
        404,
        'not_found',
      );
      const kept = await expectJson(
        await bed().request(`/organizations/${orgA().organization.id}/inboxes/${inbox.id}`, { key: orgA().adminKey }),
        200,
      );
      expect(kept).toMatchObject({ id: inbox.id, brandId: null, inboxKey: inbox.inboxKey });
      // Its feedback is organization-wide too, not left under a brand that no longer exists.
      const feedback = await expectJson(
        await bed().request(`/organizations/${orgA().organization.id}/feedback/${collected.id}`, {
          key: orgA().adminKey,
        }),
        200,
      );
      expect(feedback.brandId).toBeNull();
      await expectProblem(
        await bed().request(`/organizations/${orgA().organization.id}`, { key: brandKey.secret }),
        401,
        'invalid_api_key',
      );
    });

    it('pages through brands with limit and cursor', async () => {
      const org: BootstrappedOrganization = await bed().runtime.services.organizations.bootstrap({ name: 'Brands' });
      const ids: string[] = [];
      for (const name of ['One', 'Two', 'Three']) ids.push((await createBrand(bed(), org, name)).id);
      const path = `/organizations/${org.organization.id}/brands`;
      const first = await expectJson(await bed().request(`${path}?limit=2`, { key: org.adminKey }), 200);
      const second = await expectJson(
        await bed().request(`${path}?limit=2&cursor=${first.nextCursor}`, { key: org.adminKey }),
        200,
      );
      expect([...first.data, ...second.data].map((brand: Json) => brand.id)).toEqual(ids);
      expect(second.nextCursor).toBeNull();
      await expectProblem(
        await bed().request(`${path}?cursor=%7B%7D`, { key: org.adminKey }),
        400,
        'validation_failed',
      );
    });

    it('serves the same routes under /v1', async () => {
      const created = await expectJson(
        await bed().request(`/v1${brandsPath()}`, { method: 'POST', key: orgA().adminKey, json: { name: 'v1 brand' } }),
        201,
      );
      expect(
        await expectJson(await bed().request(`/v1${brandsPath()}/${created.id}`, { key: orgA().adminKey }), 200),
      ).toEqual(created);
    });
  });

  describe('brand-scoped keys', () => {
    let own: Json;
    let other: Json;
    let brandKey: string;
    beforeAll(async () => {
      own = await createBrand(bed(), orgA(), 'Own brand');
      other = await createBrand(bed(), orgA(), 'Other brand');
      brandKey = (await createKey(bed(), orgA(), { scopes: ['read', 'write'], brandId: own.id })).secret;
    });

    it('sees only its own brand', async () => {
      const listed = await expectJson(await bed().request(`${brandsPath()}?limit=200`, { key: brandKey }), 200);
      expect(listed.data.map((brand: Json) => brand.id)).toEqual([own.id]);
      await expectJson(await bed().request(`${brandsPath()}/${own.id}`, { key: brandKey }), 200);
      await expectProblem(await bed().request(`${brandsPath()}/${other.id}`, { key: brandKey }), 404, 'not_found');
      await expectProblem(
        await bed().request(`${brandsPath()}/${other.id}`, { method: 'PATCH', key: brandKey, json: { name: 'x' } }),
        404,
        'not_found',
      );
    });

    it('may rename its own brand', async () => {
      const renamed = await expectJson(
        await bed().request(`${brandsPath()}/${own.id}`, {
          method: 'PATCH',
          key: brandKey,
          json: { name: 'Own, renamed' },
        }),
        200,
      );
      expect(renamed.name).toBe('Own, renamed');
    });

    it('cannot create or delete brands', async () => {
      await expectProblem(
        await bed().request(brandsPath(), { method: 'POST', key: brandKey, json: { name: 'Sneaky' } }),
        403,
        'forbidden',
      );
      for (const brand of [own, other]) {
        await expectProblem(
          await bed().request(`${brandsPath()}/${brand.id}`, { method: 'DELETE', key: brandKey }),
          403,
          'forbidden',
        );
      }
      const listed = await expectJson(await bed().request(`${brandsPath()}?limit=200`, { key: orgA().adminKey }), 200);
      const names = listed.data.map((brand: Json) => brand.name);
      expect(names).not.toContain('Sneaky');
      expect(listed.data.map((brand: Json) => brand.id)).toEqual(expect.arrayContaining([own.id, other.id]));
    });
  });

  describe('tenancy', () => {
    let orgABrand: Json;
    beforeAll(async () => {
      orgABrand = await createBrand(bed(), orgA(), 'Org A secret brand');
    });

    it.each([
      { method: 'GET', suffix: '' },
      { method: 'POST', suffix: '', json: { name: 'intruder' } },
      { method: 'GET', suffix: '/:brandId' },
      { method: 'PATCH', suffix: '/:brandId', json: { name: 'hijacked' } },
      { method: 'DELETE', suffix: '/:brandId' },
    ])("org B's key on org A's path: $method brands$suffix → 404", async ({ method, suffix, json }) => {
      const path = `${brandsPath()}${suffix.replace(':brandId', orgABrand.id)}`;
      await expectHiddenFromOrgB(bed(), { method, path, json });
    });

    it("org B's key cannot reach org A's brand through its own organization", async () => {
      const path = `/organizations/${bed().orgB.organization.id}/brands/${orgABrand.id}`;
      const key = bed().orgB.adminKey;
      for (const response of [
        await bed().request(path, { key }),
        await bed().request(path, { method: 'PATCH', key, json: { name: 'hijacked' } }),
        await bed().request(path, { method: 'DELETE', key }),
      ]) {
        const problem = await expectProblem(response, 404, 'not_found');
        expect(JSON.stringify(problem)).not.toContain('Org A secret brand');
      }
      const brand = await expectJson(
        await bed().request(`${brandsPath()}/${orgABrand.id}`, { key: orgA().adminKey }),
        200,
      );
      expect(brand.name).toBe('Org A secret brand');
      const orgBBrands = await expectJson(
        await bed().request(`/organizations/${bed().orgB.organization.id}/brands?limit=200`, { key }),
        200,
      );
      expect(orgBBrands.data.map((listed: Json) => listed.id)).not.toContain(orgABrand.id);
    });
  });

  describeScopeMatrix(bed, 'Brands', [
    { operationId: 'listBrands', okStatus: 200, call: () => ({ method: 'GET', path: brandsPath() }) },
    {
      operationId: 'getBrand',
      okStatus: 200,
      call: async (testBed) => ({
        method: 'GET',
        path: `${brandsPath()}/${(await createBrand(testBed, orgA(), 'Readable')).id}`,
      }),
    },
    {
      operationId: 'createBrand',
      okStatus: 201,
      call: () => ({ method: 'POST', path: brandsPath(), json: { name: 'Scoped' } }),
    },
    {
      operationId: 'updateBrand',
      okStatus: 200,
      call: async (testBed) => ({
        method: 'PATCH',
        path: `${brandsPath()}/${(await createBrand(testBed, orgA(), 'To rename')).id}`,
        json: { name: 'Renamed' },
      }),
    },
    {
      operationId: 'deleteBrand',
      okStatus: 200,
      call: async (testBed) => ({
        method: 'DELETE',
        path: `${brandsPath()}/${(await createBrand(testBed, orgA(), 'To delete')).id}`,
      }),
    },
  ]);
});
