import { describe, expect, it } from 'vitest';
import {
  createBrand,
  createInbox,
  createKey,
  describeScopeMatrix,
  expectJson,
  expectProblem,
  type Json,
} from '../../../test/support/api.js';
import { describeEachDatabase } from '../../../test/support/harness.js';

const UNKNOWN_VIEW = 'view_01jd3x2k9v6c4h8m2n5p7q1r3s';

describeEachDatabase('Saved views', (bed) => {
  const viewsPath = (orgId = bed().orgA.organization.id) => `/organizations/${orgId}/views`;
  let unique = 0;
  const name = (label: string) => `${label} ${++unique}`;

  async function createView(body: Json, key = bed().orgA.adminKey): Promise<Json> {
    return expectJson(await bed().request(viewsPath(), { method: 'POST', key, json: body }), 201);
  }

  describe('create, get, list, update, delete', () => {
    it('refuses a score range whose lowest score is above its highest', async () => {
      const problem = await expectProblem(
        await bed().request(viewsPath(), {
          method: 'POST',
          key: bed().orgA.adminKey,
          json: { name: name('reversed'), filters: { scoreMin: 7, scoreMax: 3 } },
        }),
        400,
        'validation_failed',
      );
      expect(problem.errors).toEqual([{ path: 'filters.scoreMax', message: 'Must be at least the lowest score.' }]);
    });

    it('refuses NUL in a name or a filter, naming each, on every database, and saves nothing', async () => {
      const before = await expectJson(await bed().request(viewsPath(), { key: bed().orgA.adminKey }), 200);
      const problem = await expectProblem(
        await bed().request(viewsPath(), {
          method: 'POST',
          key: bed().orgA.adminKey,
          json: { name: 'a\u0000b', filters: { q: 'x\u0000' } },
        }),
        400,
        'validation_failed',
      );
      const message = 'Must not contain the NUL character (U+0000).';
      expect(problem.errors).toEqual([
        { path: 'name', message },
        { path: 'filters.q', message },
      ]);
      expect(await expectJson(await bed().request(viewsPath(), { key: bed().orgA.adminKey }), 200)).toEqual(before);
    });

    it('saves the list filters as given and reads them back', async () => {
      const inbox = await createInbox(bed(), bed().orgA);
      const filters = {
        type: 'nps',
        scoreMin: 0,
        scoreMax: 6,
        from: '2026-11-01',
        to: '2026-12-01T00:00:00Z',
        inboxId: inbox.id,
        source: 'widget',
        status: 'new',
        q: 'checkout',
      };
      const view = await createView({ name: ' Unhappy NPS ', filters });
      expect(view).toEqual({
        id: expect.stringMatching(/^view_[0-9a-z]{26}$/),
        orgId: bed().orgA.organization.id,
        brandId: null,
        name: 'Unhappy NPS',
        filters,
        createdAt: expect.any(String),
        updatedAt: view.createdAt,
      });
      expect(
        await expectJson(await bed().request(`${viewsPath()}/${view.id}`, { key: bed().orgA.adminKey }), 200),
      ).toEqual(view);
      const listed = await expectJson(
        await bed().request(`${viewsPath()}?limit=200`, { key: bed().orgA.adminKey }),
        200,
      );
      expect(listed.data).toContainEqual(view);
    });

    it("a view's filters, passed to the feedback list, list what they filter", async () => {
      const inbox = await createInbox(bed(), bed().orgA);
      for (const score of [2, 9]) {
        await expectJson(
          await bed().request('/collect', {
            method: 'POST',
            key: bed().orgA.collectKey,
            json: { inboxKey: inbox.inboxKey, type: 'nps', score },
          }),
          201,
        );
      }
      const view = await createView({ name: name('Detractors'), filters: { inboxId: inbox.id, scoreMax: 6 } });
      const query = new URLSearchParams(
        Object.entries(view.filters).map(([key, value]): [string, string] => [key, String(value)]),
      );
      const listed = await expectJson(
        await bed().request(`/organizations/${bed().orgA.organization.id}/feedback?${query}`, {
          key: bed().orgA.adminKey,
        }),
        200,
      );
      expect(listed.data.map((item: Json) => item.score)).toEqual([2]);
    });

    it('renames a view and replaces its filters whole', async () => {
      const view = await createView({ name: name('Before'), filters: { type: 'csat', status: 'new' } });
      const path = `${viewsPath()}/${view.id}`;
      const renamed = await expectJson(
        await bed().request(path, { method: 'PATCH', key: bed().orgA.adminKey, json: { name: 'After rename' } }),
        200,
      );
      expect(renamed).toMatchObject({ name: 'After rename', filters: { type: 'csat', status: 'new' } });
      const refiltered = await expectJson(
        await bed().request(path, { method: 'PATCH', key: bed().orgA.adminKey, json: { filters: { status: 'spam' } } }),
        200,
      );
      expect(refiltered.filters).toEqual({ status: 'spam' });
      expect(await expectJson(await bed().request(path, { key: bed().orgA.adminKey }), 200)).toEqual(refiltered);
    });

    it('deletes a view', async () => {
      const view = await createView({ name: name('Doomed'), filters: {} });
      const path = `${viewsPath()}/${view.id}`;
      expect(await expectJson(await bed().request(path, { method: 'DELETE', key: bed().orgA.adminKey }), 200)).toEqual({
        id: view.id,
        deleted: true,
      });
      await expectProblem(await bed().request(path, { key: bed().orgA.adminKey }), 404, 'not_found');
      await expectProblem(await bed().request(path, { method: 'DELETE', key: bed().orgA.adminKey }), 404, 'not_found');
    });

    it('answers 404 for an unknown view on get, update and delete', async () => {
      const path = `${viewsPath()}/${UNKNOWN_VIEW}`;
      const key = bed().orgA.adminKey;
      await expectProblem(await bed().request(path, { key }), 404, 'not_found');
      await expectProblem(await bed().request(path, { method: 'PATCH', key, json: { name: 'x' } }), 404, 'not_found');
      await expectProblem(await bed().request(path, { method: 'DELETE', key }), 404, 'not_found');
    });

    it('pages by cursor', async () => {
      const made = [];
      for (let n = 0; n < 3; n += 1) made.push((await createView({ name: name('Paged'), filters: {} })).id);
      const seen: string[] = [];
      let cursor: string | null = '';
      while (cursor !== null) {
        const page: Json = await expectJson(
          await bed().request(`${viewsPath()}?limit=2${cursor ? `&cursor=${cursor}` : ''}`, {
            key: bed().orgA.adminKey,
          }),
          200,
        );
        expect(page.data.length).toBeLessThanOrEqual(2);
        seen.push(...page.data.map((view: Json) => view.id));
        cursor = page.nextCursor;
      }
      expect(seen).toEqual(expect.arrayContaining(made));
      expect(new Set(seen).size).toBe(seen.length);
    });
  });

  describe('names and filters', () => {
    it('refuses a name the organization already uses with 409 conflict, on create and on rename', async () => {
      const taken = name('Taken');
      await createView({ name: taken, filters: {} });
      const problem = await expectProblem(
        await bed().request(viewsPath(), {
          method: 'POST',
          key: bed().orgA.adminKey,
          json: { name: taken, filters: {} },
        }),
        409,
        'conflict',
      );
      expect(problem.errors?.map((error) => error.path)).toEqual(['name']);
      const other = await createView({ name: name('Other'), filters: { status: 'new' } });
      await expectProblem(
        await bed().request(`${viewsPath()}/${other.id}`, {
          method: 'PATCH',
          key: bed().orgA.adminKey,
          json: { name: taken, filters: { status: 'spam' } },
        }),
        409,
        'conflict',
      );
      // Refused whole: the filters sent along are not kept either.
      const unchanged = await expectJson(
        await bed().request(`${viewsPath()}/${other.id}`, { key: bed().orgA.adminKey }),
        200,
      );
      expect(unchanged).toMatchObject({ name: other.name, filters: { status: 'new' } });
    });

    it('another organization may use the same name', async () => {
      const shared = name('Shared name');
      await createView({ name: shared, filters: {} });
      await expectJson(
        await bed().request(viewsPath(bed().orgB.organization.id), {
          method: 'POST',
          key: bed().orgB.adminKey,
          json: { name: shared, filters: {} },
        }),
        201,
      );
    });

    it.each([
      { case: 'no name', json: { filters: {} }, paths: ['name'] },
      { case: 'a blank name', json: { name: '  ', filters: {} }, paths: ['name'] },
      { case: 'no filters', json: { name: 'x' }, paths: ['filters'] },
      {
        case: 'a filter the list does not take',
        json: { name: 'x', filters: { colour: 'red' } },
        paths: ['filters.colour'],
      },
      {
        case: 'a status that does not exist',
        json: { name: 'x', filters: { status: 'lost' } },
        paths: ['filters.status'],
      },
      {
        case: 'a score that is not an integer',
        json: { name: 'x', filters: { scoreMin: 2.5 } },
        paths: ['filters.scoreMin'],
      },
      // A JSON body's numbers and booleans are JSON's: "3" and "true" are a query string's spelling.
      {
        case: 'a score written as text',
        json: { name: 'x', filters: { scoreMin: '3' } },
        paths: ['filters.scoreMin'],
      },
      {
        case: 'a highest score written as text',
        json: { name: 'x', filters: { scoreMax: '9' } },
        paths: ['filters.scoreMax'],
      },
      {
        case: 'unassigned written as text',
        json: { name: 'x', filters: { unassigned: 'true' } },
        paths: ['filters.unassigned'],
      },
      { case: 'a date that is not one', json: { name: 'x', filters: { from: 'yesterday' } }, paths: ['filters.from'] },
      { case: 'paging among the filters', json: { name: 'x', filters: { limit: 5 } }, paths: ['filters.limit'] },
    ])('refuses $case with 400 naming the field, and saves nothing', async ({ json, paths }) => {
      const before = await expectJson(
        await bed().request(`${viewsPath()}?limit=200`, { key: bed().orgA.adminKey }),
        200,
      );
      const problem = await expectProblem(
        await bed().request(viewsPath(), { method: 'POST', key: bed().orgA.adminKey, json }),
        400,
        'validation_failed',
      );
      expect(problem.errors?.map((error) => error.path)).toEqual(paths);
      const after = await expectJson(
        await bed().request(`${viewsPath()}?limit=200`, { key: bed().orgA.adminKey }),
        200,
      );
      expect(after.data).toEqual(before.data);
    });

    it('refuses an empty update with 400', async () => {
      const view = await createView({ name: name('Untouched'), filters: {} });
      await expectProblem(
        await bed().request(`${viewsPath()}/${view.id}`, { method: 'PATCH', key: bed().orgA.adminKey, json: {} }),
        400,
        'validation_failed',
      );
    });
  });

  describe('tenancy', () => {
    it("another organization's key sees none of the views and cannot reach one", async () => {
      const view = await createView({ name: name('Private'), filters: {} });
      const key = bed().orgB.adminKey;
      await expectProblem(await bed().request(`${viewsPath()}/${view.id}`, { key }), 404, 'not_found');
      const own = `${viewsPath(bed().orgB.organization.id)}/${view.id}`;
      await expectProblem(await bed().request(own, { key }), 404, 'not_found');
      await expectProblem(await bed().request(own, { method: 'PATCH', key, json: { name: 'Mine' } }), 404, 'not_found');
      await expectProblem(await bed().request(own, { method: 'DELETE', key }), 404, 'not_found');
      const listed = await expectJson(
        await bed().request(`${viewsPath(bed().orgB.organization.id)}?limit=200`, { key }),
        200,
      );
      expect(listed.data.map((item: Json) => item.id)).not.toContain(view.id);
      expect(
        await expectJson(await bed().request(`${viewsPath()}/${view.id}`, { key: bed().orgA.adminKey }), 200),
      ).toEqual(view);
    });

    it("a brand-scoped key's views are its brand's: it sees and changes only those", async () => {
      const brand = await createBrand(bed(), bed().orgA, name('Viewing brand'));
      const branded = await createKey(bed(), bed().orgA, { scopes: ['read', 'write'], brandId: brand.id });
      const orgWide = await createView({ name: name('Organization view'), filters: {} });
      const own = await createView({ name: name('Brand view'), filters: { status: 'new' } }, branded.secret);
      expect(own.brandId).toBe(brand.id);
      const listed = await expectJson(await bed().request(`${viewsPath()}?limit=200`, { key: branded.secret }), 200);
      expect(listed.data.map((view: Json) => view.id)).toEqual([own.id]);
      const elsewhere = `${viewsPath()}/${orgWide.id}`;
      await expectProblem(await bed().request(elsewhere, { key: branded.secret }), 404, 'not_found');
      await expectProblem(
        await bed().request(elsewhere, { method: 'PATCH', key: branded.secret, json: { name: 'Taken over' } }),
        404,
        'not_found',
      );
      await expectProblem(await bed().request(elsewhere, { method: 'DELETE', key: branded.secret }), 404, 'not_found');
      // The organization-wide key sees every brand's views.
      const all = await expectJson(await bed().request(`${viewsPath()}?limit=200`, { key: bed().orgA.adminKey }), 200);
      expect(all.data.map((view: Json) => view.id)).toEqual(expect.arrayContaining([orgWide.id, own.id]));
    });
  });

  describeScopeMatrix(bed, 'Views', [
    { operationId: 'listViews', okStatus: 200, call: (b) => ({ method: 'GET', path: viewsPathOf(b) }) },
    {
      operationId: 'createView',
      okStatus: 201,
      call: (b) => ({ method: 'POST', path: viewsPathOf(b), json: { name: `Matrix ${++unique}`, filters: {} } }),
    },
    {
      operationId: 'getView',
      okStatus: 200,
      call: async (b) => ({ method: 'GET', path: `${viewsPathOf(b)}/${(await matrixView(b)).id}` }),
    },
    {
      operationId: 'updateView',
      okStatus: 200,
      call: async (b) => ({
        method: 'PATCH',
        path: `${viewsPathOf(b)}/${(await matrixView(b)).id}`,
        json: { filters: { status: 'triaged' } },
      }),
    },
    {
      operationId: 'deleteView',
      okStatus: 200,
      call: async (b) => ({ method: 'DELETE', path: `${viewsPathOf(b)}/${(await matrixView(b)).id}` }),
    },
  ]);

  function viewsPathOf(b: { orgA: { organization: { id: string } } }): string {
    return `/organizations/${b.orgA.organization.id}/views`;
  }

  async function matrixView(b: ReturnType<typeof bed>): Promise<Json> {
    return expectJson(
      await b.request(viewsPathOf(b), {
        method: 'POST',
        key: b.orgA.adminKey,
        json: { name: `Matrix view ${++unique}`, filters: {} },
      }),
      201,
    );
  }
});
