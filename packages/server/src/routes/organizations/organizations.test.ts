import { describe, expect, it } from 'vitest';
import {
  createBrand,
  createInbox,
  createKey,
  describeScopeMatrix,
  expectHiddenFromOrgB,
  expectJson,
  expectProblem,
} from '../../../test/support/api.js';
import { clearOfDayChange } from '../../../test/support/day-change.js';
import { describeEachDatabase } from '../../../test/support/harness.js';

describeEachDatabase('Organizations', (bed) => {
  const orgA = () => bed().orgA;
  const orgPath = () => `/organizations/${orgA().organization.id}`;
  const currentPeriod = () => new Date().toISOString().slice(0, 7);

  describe('get', () => {
    it('returns the organization with its plan and this month’s usage', async () => {
      await clearOfDayChange();
      const organization = await expectJson(await bed().request(orgPath(), { key: orgA().adminKey }), 200);
      expect(organization).toEqual({
        id: orgA().organization.id,
        name: 'Org A',
        slug: orgA().organization.slug,
        plan: 'enterprise',
        timezone: 'UTC',
        createdAt: orgA().organization.createdAt,
        updatedAt: expect.any(String),
        usage: {
          period: currentPeriod(),
          events: expect.any(Number),
          eventsLimit: null,
          searches: expect.any(Number),
          searchesLimit: null,
          inboxes: expect.any(Number),
          inboxesLimit: null,
        },
      });
    });

    it('shows the plan allowances of a starter organization', async () => {
      await clearOfDayChange();
      const starter = await bed().runtime.services.organizations.bootstrap({ name: 'Starter', plan: 'starter' });
      const organization = await expectJson(
        await bed().request(`/organizations/${starter.organization.id}`, { key: starter.adminKey }),
        200,
      );
      expect(organization).toMatchObject({
        plan: 'starter',
        usage: {
          period: currentPeriod(),
          events: 0,
          eventsLimit: 5_000,
          searches: 0,
          searchesLimit: 1_000,
          inboxes: 1,
          inboxesLimit: 1,
        },
      });
    });

    it('counts the events of an organization without a cap, from concurrent batches, once each', async () => {
      const org = await bed().runtime.services.organizations.bootstrap({ name: 'Unlimited', plan: 'enterprise' });
      const path = `/organizations/${org.organization.id}`;
      const collect = (score: number) =>
        bed().request('/collect', {
          method: 'POST',
          key: org.collectKey,
          json: { inboxKey: org.inbox.inboxKey, type: 'thumbs', score },
        });
      // At once: they commit in several batches (concurrently on PostgreSQL).
      const answers = await Promise.all(Array.from({ length: 40 }, (_, index) => collect(index % 2)));
      expect(answers.map((answer) => answer.status)).toEqual(Array(40).fill(201));

      // Read right after the 201s: the counts written after the commits are already there.
      const after = await expectJson(await bed().request(path, { key: org.adminKey }), 200);
      expect(after.usage).toMatchObject({ events: 40, eventsLimit: null });
    });

    it('counts collected events and inboxes in the usage', async () => {
      const org = await bed().runtime.services.organizations.bootstrap({ name: 'Busy', plan: 'team' });
      const path = `/organizations/${org.organization.id}`;
      const before = await expectJson(await bed().request(path, { key: org.adminKey }), 200);
      expect(before.usage).toMatchObject({ events: 0, inboxes: 1, inboxesLimit: 5, eventsLimit: 100_000 });

      for (const score of [1, 0]) {
        await expectJson(
          await bed().request('/collect', {
            method: 'POST',
            key: org.collectKey,
            json: { inboxKey: org.inbox.inboxKey, type: 'thumbs', score },
          }),
          201,
        );
      }
      await createInbox(bed(), org, { name: 'Second' });

      const after = await expectJson(await bed().request(path, { key: org.adminKey }), 200);
      expect(after.usage).toMatchObject({ events: 2, inboxes: 2 });
      const untouched = await expectJson(await bed().request(orgPath(), { key: orgA().adminKey }), 200);
      expect(untouched.usage.events).toBe(0);
    });

    it('is readable by a brand-scoped key, without the usage of the other brands', async () => {
      const org = await bed().runtime.services.organizations.bootstrap({ name: 'Two brands', plan: 'team' });
      const path = `/organizations/${org.organization.id}`;
      const brand = await createBrand(bed(), org, 'Reader brand');
      const key = await createKey(bed(), org, { scopes: ['read'], brandId: brand.id });
      // Volume of the rest of the organization, which a key of this brand must not learn.
      await expectJson(
        await bed().request('/collect', {
          method: 'POST',
          key: org.collectKey,
          json: { inboxKey: org.inbox.inboxKey, type: 'thumbs', score: 1 },
        }),
        201,
      );
      await createInbox(bed(), org, { name: 'Other inbox' });

      const seen = await expectJson(await bed().request(path, { key: key.secret }), 200);
      expect(seen).toMatchObject({ id: org.organization.id, name: 'Two brands', plan: 'team', usage: null });
      const orgWide = await expectJson(await bed().request(path, { key: org.adminKey }), 200);
      expect(orgWide.usage).toMatchObject({ events: 1, inboxes: 2 });
    });

    it('is served under /v1 too', async () => {
      const organization = await expectJson(await bed().request(`/v1${orgPath()}`, { key: orgA().adminKey }), 200);
      expect(organization.id).toBe(orgA().organization.id);
    });
  });

  describe('rename', () => {
    it('renames the organization and returns it with its usage', async () => {
      const org = await bed().runtime.services.organizations.bootstrap({ name: 'Before' });
      const path = `/organizations/${org.organization.id}`;
      const renamed = await expectJson(
        await bed().request(path, { method: 'PATCH', key: org.adminKey, json: { name: '  After  ' } }),
        200,
      );
      expect(renamed).toMatchObject({ id: org.organization.id, name: 'After', usage: { inboxes: 1 } });
      expect(renamed.updatedAt >= org.organization.updatedAt).toBe(true);
      expect((await expectJson(await bed().request(path, { key: org.adminKey }), 200)).name).toBe('After');
      const viaV1 = await expectJson(
        await bed().request(`/v1${path}`, { method: 'PATCH', key: org.adminKey, json: { name: 'After v1' } }),
        200,
      );
      expect(viaV1.name).toBe('After v1');
    });

    it('does not let an API key change the plan', async () => {
      const starter = await bed().runtime.services.organizations.bootstrap({ name: 'Frugal', plan: 'starter' });
      const path = `/organizations/${starter.organization.id}`;
      const response = await bed().request(path, {
        method: 'PATCH',
        key: starter.adminKey,
        json: { name: 'Frugal', plan: 'enterprise' },
      });
      const problem = await expectProblem(response, 400, 'validation_failed');
      expect(problem.errors).toEqual([
        { path: 'plan', message: 'Unknown field: plan. Accepted fields: name, slug, timezone.' },
      ]);
      expect((await expectJson(await bed().request(path, { key: starter.adminKey }), 200)).plan).toBe('starter');
    });

    it('refuses a plan alone at plan, the field at fault, not at the whole body', async () => {
      const starter = await bed().runtime.services.organizations.bootstrap({ name: 'Plan only', plan: 'starter' });
      const path = `/organizations/${starter.organization.id}`;
      const response = await bed().request(path, {
        method: 'PATCH',
        key: starter.adminKey,
        json: { plan: 'enterprise' },
      });
      const problem = await expectProblem(response, 400, 'validation_failed');
      expect(problem.errors).toEqual([
        { path: 'plan', message: 'Unknown field: plan. Accepted fields: name, slug, timezone.' },
      ]);
      expect((await expectJson(await bed().request(path, { key: starter.adminKey }), 200)).plan).toBe('starter');
    });

    it.each([
      { case: 'no change', json: {}, path: 'json' },
      { case: 'a blank name', json: { name: '   ' }, path: 'name' },
      { case: 'a name over 200 characters', json: { name: 'o'.repeat(201) }, path: 'name' },
      { case: 'a slug with capitals', json: { slug: 'Acme' }, path: 'slug' },
      { case: 'a slug with a double dash', json: { slug: 'acme--inc' }, path: 'slug' },
      { case: 'an unknown time zone', json: { timezone: 'Mars/Olympus_Mons' }, path: 'timezone' },
      { case: 'an offset instead of a time zone', json: { timezone: '+01:00' }, path: 'timezone' },
      { case: 'an empty time zone', json: { timezone: '' }, path: 'timezone' },
    ])('rejects $case with 400 validation_failed', async ({ json, path }) => {
      const problem = await expectProblem(
        await bed().request(orgPath(), { method: 'PATCH', key: orgA().adminKey, json }),
        400,
        'validation_failed',
      );
      expect(problem.errors?.map((error) => error.path)).toEqual([path]);
    });

    it('sets the time zone by its canonical IANA name, and keeps it when refused', async () => {
      const org = await bed().runtime.services.organizations.bootstrap({ name: 'Zoned' });
      const path = `/organizations/${org.organization.id}`;
      expect(org.organization.timezone).toBe('UTC');
      const set = async (timezone: string) =>
        expectJson(await bed().request(path, { method: 'PATCH', key: org.adminKey, json: { timezone } }), 200);
      expect((await set('Europe/Berlin')).timezone).toBe('Europe/Berlin');
      expect((await set('us/eastern')).timezone).toBe('America/New_York');
      // IANA's current names, where Node's ICU still answers the old ones (Asia/Calcutta, Europe/Kiev).
      expect((await set('Asia/Kolkata')).timezone).toBe('Asia/Kolkata');
      expect((await set('Europe/Kiev')).timezone).toBe('Europe/Kyiv');
      expect((await set('us/eastern')).timezone).toBe('America/New_York');
      const problem = await expectProblem(
        await bed().request(path, {
          method: 'PATCH',
          key: org.adminKey,
          json: { name: 'Renamed', timezone: 'Europe/Atlantis' },
        }),
        400,
        'validation_failed',
      );
      expect(problem.errors).toEqual([
        {
          path: 'timezone',
          message: 'Expected an IANA time zone name, such as Europe/Berlin, America/New_York or UTC.',
        },
      ]);
      expect(await expectJson(await bed().request(path, { key: org.adminKey }), 200)).toMatchObject({
        name: 'Zoned',
        timezone: 'America/New_York',
      });
    });

    it('changes the slug, unique among organizations (409 slug_taken), and finds its pages by it', async () => {
      const renamed = await expectJson(
        await bed().request(orgPath(), { method: 'PATCH', key: orgA().adminKey, json: { slug: 'org-a-renamed' } }),
        200,
      );
      expect(renamed.slug).toBe('org-a-renamed');
      const orgBPath = `/organizations/${bed().orgB.organization.id}`;
      const problem = await expectProblem(
        await bed().request(orgBPath, { method: 'PATCH', key: bed().orgB.adminKey, json: { slug: 'org-a-renamed' } }),
        409,
        'slug_taken',
      );
      expect(problem.detail).toContain('org-a-renamed');
      expect((await bed().runtime.store.organizations.findBySlug('org-a-renamed'))?.id).toBe(orgA().organization.id);
    });

    it('gives each new organization a slug from its name, unique even when names repeat', async () => {
      const first = await bed().runtime.services.organizations.bootstrap({ name: 'Échos & Co' });
      const second = await bed().runtime.services.organizations.bootstrap({ name: 'Échos & Co' });
      expect(first.organization.slug).toMatch(/^echos-co(-[a-z0-9]{8})?$/);
      expect(second.organization.slug).not.toBe(first.organization.slug);
      expect(second.organization.slug).toMatch(/^echos-co-[0-9a-z]{8}$/);
    });

    it('is closed to brand-scoped keys', async () => {
      const brand = await createBrand(bed(), orgA(), 'Writer brand');
      const key = await createKey(bed(), orgA(), { scopes: ['read', 'write'], brandId: brand.id });
      await expectProblem(
        await bed().request(orgPath(), { method: 'PATCH', key: key.secret, json: { name: 'Taken over' } }),
        403,
        'forbidden',
      );
      expect((await expectJson(await bed().request(orgPath(), { key: orgA().adminKey }), 200)).name).toBe('Org A');
    });
  });

  describe('tenancy', () => {
    it.each([{ method: 'GET' }, { method: 'PATCH', json: { name: 'Hijacked' } }])(
      "org B's key on org A: $method → 404",
      async ({ method, json }) => {
        await expectHiddenFromOrgB(bed(), { method, path: orgPath(), json });
      },
    );

    it('answers 404 for an organization that does not exist, and leaves org A unchanged', async () => {
      await expectProblem(
        await bed().request('/organizations/org_01jd3x2k9v6c4h8m2n5p7q1r3s', { key: orgA().adminKey }),
        404,
        'not_found',
      );
      const organization = await expectJson(await bed().request(orgPath(), { key: orgA().adminKey }), 200);
      expect(organization.name).toBe('Org A');
    });
  });

  describeScopeMatrix(bed, 'Organizations', [
    { operationId: 'getOrganization', okStatus: 200, call: () => ({ method: 'GET', path: orgPath() }) },
    {
      operationId: 'updateOrganization',
      okStatus: 200,
      call: () => ({ method: 'PATCH', path: orgPath(), json: { name: 'Org A' } }),
    },
  ]);
});
