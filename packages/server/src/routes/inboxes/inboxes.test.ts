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
import { describeEachDatabase, type TestBed } from '../../../test/support/harness.js';
import type { BootstrappedOrganization } from '../../services/organizations.js';

const UNKNOWN_INBOX = 'inb_01jd3x2k9v6c4h8m2n5p7q1r3s';

async function listAll(bed: TestBed, org: BootstrappedOrganization, key: string, limit: number): Promise<Json[][]> {
  const pages: Json[][] = [];
  let cursor: string | null = null;
  do {
    const query: string = `limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
    const page = await expectJson(
      await bed.request(`/organizations/${org.organization.id}/inboxes?${query}`, { key }),
      200,
    );
    pages.push(page.data);
    cursor = page.nextCursor;
  } while (cursor);
  return pages;
}

describeEachDatabase('Inboxes', (bed) => {
  const orgA = () => bed().orgA;
  const inboxesPath = () => `/organizations/${orgA().organization.id}/inboxes`;

  describe('create, get, list, update, delete', () => {
    it('creates an inbox with its own public inbox key', async () => {
      const created = await expectJson(
        await bed().request(inboxesPath(), { method: 'POST', key: orgA().adminKey, json: { name: '  Checkout  ' } }),
        201,
      );
      expect(created).toMatchObject({
        id: expect.stringMatching(/^inb_[0-9a-z]{26}$/),
        orgId: orgA().organization.id,
        brandId: null,
        name: 'Checkout',
        inboxKey: expect.stringMatching(/^ibx_[A-Za-z0-9]{20}$/),
      });
      expect(created.inboxKey).not.toBe(orgA().inbox.inboxKey);

      const fetched = await expectJson(
        await bed().request(`${inboxesPath()}/${created.id}`, { key: orgA().adminKey }),
        200,
      );
      expect(fetched).toEqual(created);
      const listed = (await listAll(bed(), orgA(), orgA().adminKey, 200)).flat();
      expect(listed.map((inbox) => inbox.id)).toEqual(expect.arrayContaining([orgA().inbox.id, created.id]));
    });

    it.each([
      { case: 'no name', json: {}, path: 'name' },
      { case: 'a blank name', json: { name: ' ' }, path: 'name' },
      { case: 'a name over 200 characters', json: { name: 'x'.repeat(201) }, path: 'name' },
    ])('rejects $case with 400 validation_failed', async ({ json, path }) => {
      const problem = await expectProblem(
        await bed().request(inboxesPath(), { method: 'POST', key: orgA().adminKey, json }),
        400,
        'validation_failed',
      );
      expect(problem.errors?.map((error) => error.path)).toEqual([path]);
    });

    it('rejects a body that is not JSON', async () => {
      await expectProblem(
        await bed().request(inboxesPath(), {
          method: 'POST',
          key: orgA().adminKey,
          headers: { 'content-type': 'application/json' },
          body: '{',
        }),
        400,
        'malformed_json',
      );
    });

    it('renames an inbox and moves it into and out of a brand', async () => {
      const inbox = await createInbox(bed(), orgA(), { name: 'Mobile' });
      const brand = await createBrand(bed(), orgA(), 'Mobile brand');
      const path = `${inboxesPath()}/${inbox.id}`;
      const patch = (json: unknown) => bed().request(path, { method: 'PATCH', key: orgA().adminKey, json });

      const renamed = await expectJson(await patch({ name: 'Mobile app' }), 200);
      expect(renamed).toMatchObject({ id: inbox.id, name: 'Mobile app', brandId: null, inboxKey: inbox.inboxKey });
      expect(renamed.updatedAt >= inbox.updatedAt).toBe(true);

      expect((await expectJson(await patch({ brandId: brand.id }), 200)).brandId).toBe(brand.id);
      expect((await expectJson(await bed().request(path, { key: orgA().adminKey }), 200)).brandId).toBe(brand.id);
      expect((await expectJson(await patch({ brandId: null }), 200)).brandId).toBeNull();
    });

    it('rejects an empty or invalid update and an unknown or foreign brand', async () => {
      const path = `${inboxesPath()}/${orgA().inbox.id}`;
      const patch = (json: unknown) => bed().request(path, { method: 'PATCH', key: orgA().adminKey, json });
      await expectProblem(await patch({}), 400, 'validation_failed');
      await expectProblem(await patch({ name: '' }), 400, 'validation_failed');
      const foreignBrand = await createBrand(bed(), bed().orgB, 'Org B brand');
      await expectProblem(await patch({ brandId: 'brd_01jd3x2k9v6c4h8m2n5p7q1r3s' }), 404, 'not_found');
      await expectProblem(await patch({ brandId: foreignBrand.id }), 404, 'not_found');
      await expectProblem(
        await bed().request(inboxesPath(), {
          method: 'POST',
          key: orgA().adminKey,
          json: { name: 'x', brandId: foreignBrand.id },
        }),
        404,
        'not_found',
      );
      const unchanged = await expectJson(await bed().request(path, { key: orgA().adminKey }), 200);
      expect(unchanged).toMatchObject({ name: orgA().inbox.name, brandId: null });
    });

    it('answers 404 for an unknown inbox on get, update and delete', async () => {
      const path = `${inboxesPath()}/${UNKNOWN_INBOX}`;
      const key = orgA().adminKey;
      await expectProblem(await bed().request(path, { key }), 404, 'not_found');
      await expectProblem(await bed().request(path, { method: 'PATCH', key, json: { name: 'x' } }), 404, 'not_found');
      await expectProblem(await bed().request(path, { method: 'DELETE', key }), 404, 'not_found');
    });

    it('deletes an inbox with its feedback; its inbox key stops collecting', async () => {
      const inbox = await createInbox(bed(), orgA(), { name: 'Short-lived' });
      const collected = await expectJson(
        await bed().request('/collect', {
          method: 'POST',
          key: orgA().collectKey,
          json: { inboxKey: inbox.inboxKey, type: 'thumbs', score: 1, comment: 'soon gone' },
        }),
        201,
      );
      const feedbackPath = `/organizations/${orgA().organization.id}/feedback/${collected.id}`;
      await expectJson(await bed().request(feedbackPath, { key: orgA().adminKey }), 200);

      const response = await bed().request(`${inboxesPath()}/${inbox.id}`, { method: 'DELETE', key: orgA().adminKey });
      // The answer says what went with the inbox.
      expect(await expectJson(response, 200)).toEqual({ id: inbox.id, deleted: true, feedbackDeleted: 1 });

      await expectProblem(
        await bed().request(`${inboxesPath()}/${inbox.id}`, { key: orgA().adminKey }),
        404,
        'not_found',
      );
      await expectProblem(await bed().request(feedbackPath, { key: orgA().adminKey }), 404, 'not_found');
      await expectProblem(
        await bed().request(`${inboxesPath()}/${inbox.id}`, { method: 'DELETE', key: orgA().adminKey }),
        404,
        'not_found',
      );
      await expectProblem(
        await bed().request('/collect', {
          method: 'POST',
          key: orgA().collectKey,
          json: { inboxKey: inbox.inboxKey, type: 'thumbs', score: 1 },
        }),
        404,
        'inbox_not_found',
      );
    });

    it('serves the same routes under /v1', async () => {
      const created = await expectJson(
        await bed().request(`/v1${inboxesPath()}`, { method: 'POST', key: orgA().adminKey, json: { name: 'Via v1' } }),
        201,
      );
      const fetched = await expectJson(
        await bed().request(`/v1${inboxesPath()}/${created.id}`, { key: orgA().adminKey }),
        200,
      );
      expect(fetched).toEqual(created);
      const response = await bed().request(`/v1${inboxesPath()}/${created.id}`, {
        method: 'DELETE',
        key: orgA().adminKey,
      });
      expect(await expectJson(response, 200)).toEqual({ id: created.id, deleted: true, feedbackDeleted: 0 });
    });
  });

  describe('pagination', () => {
    let org: BootstrappedOrganization;
    let allIds: string[];
    beforeAll(async () => {
      org = await bed().runtime.services.organizations.bootstrap({ name: 'Paging org' });
      allIds = [org.inbox.id];
      for (const name of ['Two', 'Three', 'Four', 'Five']) allIds.push((await createInbox(bed(), org, { name })).id);
    });

    it('walks every inbox once, in order, with limit and cursor', async () => {
      const pages = await listAll(bed(), org, org.adminKey, 2);
      expect(pages.map((page) => page.length)).toEqual([2, 2, 1]);
      expect(pages.flat().map((inbox) => inbox.id)).toEqual(allIds);
    });

    it('answers null nextCursor when the page holds the rest', async () => {
      const page = await expectJson(
        await bed().request(`/organizations/${org.organization.id}/inboxes?limit=5`, { key: org.adminKey }),
        200,
      );
      expect(page.data).toHaveLength(5);
      expect(page.nextCursor).toBeNull();
    });

    it.each(['limit=0', 'limit=201', 'limit=two', 'cursor=garbage'])('rejects %s with 400', async (query) => {
      const problem = await expectProblem(
        await bed().request(`/organizations/${org.organization.id}/inboxes?${query}`, { key: org.adminKey }),
        400,
        'validation_failed',
      );
      expect(problem.errors?.map((error) => error.path)).toEqual([query.split('=')[0]]);
    });
  });

  describe('plan inbox cap', () => {
    it('answers 429 inbox_limit_reached once a starter organization has its one inbox', async () => {
      const starter = await bed().runtime.services.organizations.bootstrap({ name: 'Starter', plan: 'starter' });
      const path = `/organizations/${starter.organization.id}/inboxes`;
      const response = await bed().request(path, { method: 'POST', key: starter.adminKey, json: { name: 'Second' } });
      const problem = await expectProblem(response, 429, 'inbox_limit_reached');
      expect(problem).toMatchObject({ limit: 1, plan: 'starter' });
      expect(problem.detail).toBe('The starter plan allows 1 inbox; upgrade the plan or delete an inbox.');

      const listed = await expectJson(await bed().request(path, { key: starter.adminKey }), 200);
      expect(listed.data.map((inbox: Json) => inbox.id)).toEqual([starter.inbox.id]);

      // Deleting the inbox frees the slot.
      const deleted = await bed().request(`${path}/${starter.inbox.id}`, { method: 'DELETE', key: starter.adminKey });
      expect(deleted.status).toBe(200);
      await expectJson(
        await bed().request(path, { method: 'POST', key: starter.adminKey, json: { name: 'Replacement' } }),
        201,
      );
    });

    it('caps a team organization at five inboxes', async () => {
      const team = await bed().runtime.services.organizations.bootstrap({ name: 'Team', plan: 'team' });
      for (const name of ['2', '3', '4', '5']) await createInbox(bed(), team, { name });
      const problem = await expectProblem(
        await bed().request(`/organizations/${team.organization.id}/inboxes`, {
          method: 'POST',
          key: team.adminKey,
          json: { name: '6' },
        }),
        429,
        'inbox_limit_reached',
      );
      expect(problem).toMatchObject({ limit: 5, plan: 'team' });
      expect(problem.detail).toBe('The team plan allows 5 inboxes; upgrade the plan or delete an inbox.');
    });
  });

  describe('brand-scoped keys', () => {
    let brand: Json;
    let brandInbox: Json;
    let brandKey: string;
    beforeAll(async () => {
      brand = await createBrand(bed(), orgA(), 'Scoped brand');
      brandInbox = await createInbox(bed(), orgA(), { name: 'Brand inbox', brandId: brand.id });
      brandKey = (await createKey(bed(), orgA(), { scopes: ['read', 'write'], brandId: brand.id })).secret;
    });

    it("lists and gets only its brand's inboxes", async () => {
      const listed = (await listAll(bed(), orgA(), brandKey, 200)).flat();
      expect(listed.map((inbox) => inbox.id)).toEqual([brandInbox.id]);
      await expectJson(await bed().request(`${inboxesPath()}/${brandInbox.id}`, { key: brandKey }), 200);
      const orgWide = `${inboxesPath()}/${orgA().inbox.id}`;
      await expectProblem(await bed().request(orgWide, { key: brandKey }), 404, 'not_found');
      await expectProblem(
        await bed().request(orgWide, { method: 'PATCH', key: brandKey, json: { name: 'taken' } }),
        404,
        'not_found',
      );
      await expectProblem(await bed().request(orgWide, { method: 'DELETE', key: brandKey }), 404, 'not_found');
      const untouched = await expectJson(await bed().request(orgWide, { key: orgA().adminKey }), 200);
      expect(untouched.name).toBe(orgA().inbox.name);
    });

    it('creates inboxes inside its brand and cannot move them out', async () => {
      const created = await expectJson(
        await bed().request(inboxesPath(), { method: 'POST', key: brandKey, json: { name: 'Made by brand key' } }),
        201,
      );
      expect(created.brandId).toBe(brand.id);
      const path = `${inboxesPath()}/${created.id}`;
      await expectProblem(
        await bed().request(path, { method: 'PATCH', key: brandKey, json: { brandId: null } }),
        403,
        'forbidden',
      );
      await expectProblem(
        await bed().request(inboxesPath(), {
          method: 'POST',
          key: brandKey,
          json: { name: 'Elsewhere', brandId: null },
        }),
        403,
        'forbidden',
      );
      const after = await expectJson(await bed().request(path, { key: orgA().adminKey }), 200);
      expect(after.brandId).toBe(brand.id);
    });
  });

  describe('tenancy', () => {
    it.each([
      { method: 'GET', suffix: '' },
      { method: 'POST', suffix: '', json: { name: 'intruder' } },
      { method: 'GET', suffix: '/:inboxId' },
      { method: 'PATCH', suffix: '/:inboxId', json: { name: 'hijacked' } },
      { method: 'DELETE', suffix: '/:inboxId' },
    ])("org B's key on org A's path: $method inboxes$suffix → 404", async ({ method, suffix, json }) => {
      const path = `${inboxesPath()}${suffix.replace(':inboxId', orgA().inbox.id)}`;
      await expectHiddenFromOrgB(bed(), { method, path, json });
    });

    it("org B's key cannot reach org A's inbox through its own organization", async () => {
      const path = `/organizations/${bed().orgB.organization.id}/inboxes/${orgA().inbox.id}`;
      const key = bed().orgB.adminKey;
      await expectProblem(await bed().request(path, { key }), 404, 'not_found');
      await expectProblem(
        await bed().request(path, { method: 'PATCH', key, json: { name: 'hijacked' } }),
        404,
        'not_found',
      );
      await expectProblem(await bed().request(path, { method: 'DELETE', key }), 404, 'not_found');

      const inbox = await expectJson(
        await bed().request(`${inboxesPath()}/${orgA().inbox.id}`, { key: orgA().adminKey }),
        200,
      );
      expect(inbox.name).toBe(orgA().inbox.name);
      const orgBInboxes = (await listAll(bed(), bed().orgB, key, 200)).flat();
      expect(orgBInboxes.every((listed) => listed.orgId === bed().orgB.organization.id)).toBe(true);
    });
  });

  describeScopeMatrix(bed, 'Inboxes', [
    { operationId: 'listInboxes', okStatus: 200, call: () => ({ method: 'GET', path: inboxesPath() }) },
    {
      operationId: 'getInbox',
      okStatus: 200,
      call: () => ({ method: 'GET', path: `${inboxesPath()}/${orgA().inbox.id}` }),
    },
    {
      operationId: 'createInbox',
      okStatus: 201,
      call: () => ({ method: 'POST', path: inboxesPath(), json: { name: 'Scoped' } }),
    },
    {
      operationId: 'updateInbox',
      okStatus: 200,
      call: async (testBed) => ({
        method: 'PATCH',
        path: `${inboxesPath()}/${(await createInbox(testBed, orgA(), { name: 'To rename' })).id}`,
        json: { name: 'Renamed' },
      }),
    },
    {
      operationId: 'deleteInbox',
      okStatus: 200,
      call: async (testBed) => ({
        method: 'DELETE',
        path: `${inboxesPath()}/${(await createInbox(testBed, orgA(), { name: 'To delete' })).id}`,
      }),
    },
  ]);
});
