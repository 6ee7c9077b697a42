import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../src/runtime.js';
import type { BootstrappedOrganization } from '../src/services/organizations.js';
import type { ClusteredPeriods } from '../src/services/period-themes.js';
import { ClusteringCache } from '../src/services/period-themes-cache.js';
import { createBrand } from './support/api.js';
import { createApiKey, createInbox, expectJson } from './support/api-assertions.js';
import { collectAt } from './support/collect-at.js';
import {
  dialectsUnderTest,
  requestApp,
  type SharedDatabase,
  sharedTestDatabase,
  type TestBed,
} from './support/harness.js';
import { THEME_CORPUS } from './support/theme-corpus.js';

/**
 * The themes' cache, counting what it stores: a clustering is stored each time one is made (see
 * findPeriodThemes), so a request answered from the cache adds nothing. (Not a mock of the
 * clustering module: the suite's files share loaded modules, so a module mock would not hold.)
 */
class CountingClusterings extends ClusteringCache<ClusteredPeriods> {
  stored = 0;
  /**
   * Requests held where they ask the cache until this many have asked: requests that arrive
   * together, whatever the database's timing (on PostgreSQL one may otherwise finish first).
   */
  together = 1;
  private readonly held: (() => void)[] = [];

  override set(key: string, value: ClusteredPeriods): ClusteredPeriods {
    this.stored++;
    return super.set(key, value);
  }

  override async share(...args: Parameters<ClusteringCache<ClusteredPeriods>['share']>): Promise<ClusteredPeriods> {
    if (this.together > 1)
      await new Promise<void>((resolve) => {
        this.held.push(resolve);
        if (this.held.length >= this.together) for (const release of this.held.splice(0)) release();
      });
    return super.share(...args);
  }
}
interface Themes {
  analyzed: number;
  unindexed: number;
  themes: { id: string; label: string; size: number; representatives: { id: string; orgId: string }[] }[];
}

const FROM = '2026-11-09T00:00:00.000Z';
const TO = '2026-11-16T00:00:00.000Z';
const PERIOD = { from: FROM, to: TO };

for (const dialect of dialectsUnderTest()) {
  describe(`feedback themes clustered once per state of their feedback [${dialect}]`, () => {
    let database: SharedDatabase;
    let bed: TestBed;
    /** A second server process on the same database (search off: it only writes). */
    let other: Runtime;
    let mobileKey: string;
    const counting = new CountingClusterings();
    /** The item the third test adds. */
    let added: string | undefined;
    const ids = { slowLoading: [] as string[] };

    const themesOf = async (key = bed.orgA.adminKey, org: BootstrappedOrganization = bed.orgA) =>
      expectJson<Themes>(
        await bed.request(`/organizations/${org.organization.id}/feedback/themes?${new URLSearchParams(PERIOD)}`, {
          key,
        }),
        200,
      );
    const CHECKOUT = /checkout|payment/;
    const DARK_MODE = /dark mode/;
    const themeAbout = (body: Themes, words: RegExp) => body.themes.find((theme) => words.test(theme.label));
    const themeItemIds = async (themeId: string) =>
      (
        await expectJson<{ data: { id: string }[] }>(
          await bed.request(
            `/organizations/${bed.orgA.organization.id}/feedback/themes/${themeId}/feedback?${new URLSearchParams({ ...PERIOD, limit: '100' })}`,
            { key: bed.orgA.adminKey },
          ),
          200,
        )
      ).data.map((item) => item.id);

    beforeAll(async () => {
      database = await sharedTestDatabase(dialect);
      const runtime = await database.open({ search: { embedder: 'local', idleMs: 0 } }, { themeClusterings: counting });
      const orgA = await runtime.services.organizations.bootstrap({ name: 'Org A' });
      const orgB = await runtime.services.organizations.bootstrap({ name: 'Org B' });
      bed = { runtime, orgA, orgB, request: (path, init) => requestApp(runtime, path, init) };
      const brand = await createBrand(bed, orgA, 'Mobile');
      const mobileInbox = await createInbox(bed, orgA, { name: 'mobile', brandId: brand.id });
      mobileKey = (await createApiKey(bed, orgA, { scopes: ['read'], brandId: brand.id })).secret;
      await collectAt(bed, orgA, FROM, THEME_CORPUS.checkout, { score: 1 });
      await collectAt(bed, orgA, '2026-11-10T00:00:00Z', THEME_CORPUS.darkMode);
      ids.slowLoading = await collectAt(bed, orgA, '2026-11-11T00:00:00Z', THEME_CORPUS.slowLoading, {
        inboxKey: mobileInbox.inboxKey,
      });
      await collectAt(bed, orgA, '2026-11-14T00:00:00Z', THEME_CORPUS.noise);
      await collectAt(bed, orgB, FROM, THEME_CORPUS.darkMode);
      await runtime.jobs.runUntilIdle();
      other = await database.open();
    }, 120_000);
    afterAll(async () => {
      await database?.cleanup();
    });

    it('answers a second identical request, and the items of its themes, without clustering again', async () => {
      counting.stored = 0;
      const first = await themesOf();
      expect(counting.stored).toBe(1);
      expect(await themesOf()).toEqual(first);
      const checkout = themeAbout(first, CHECKOUT);
      expect((await themeItemIds(checkout?.id ?? '')).length).toBe(checkout?.size);
      expect(counting.stored).toBe(1);
    });

    it('clusters once for identical requests that arrive together, before anything is kept', async () => {
      // A period no other test asks for, so its rows' clustering is not kept yet whatever ran before.
      const query = new URLSearchParams({ from: '2026-11-10T00:00:00.000Z', to: TO });
      const request = async () =>
        expectJson<Themes>(
          await bed.request(`/organizations/${bed.orgA.organization.id}/feedback/themes?${query}`, {
            key: bed.orgA.adminKey,
          }),
          200,
        );
      counting.stored = 0;
      counting.together = 2;
      const [first, second] = await Promise.all([request(), request()]).finally(() => {
        counting.together = 1;
      });
      expect(counting.stored).toBe(1);
      expect(second).toEqual(first);
      expect(first.analyzed).toBe(
        THEME_CORPUS.darkMode.length + THEME_CORPUS.slowLoading.length + THEME_CORPUS.noise.length,
      );
    });

    it("clusters another organization's and a brand-scoped key's feedback apart, each once", async () => {
      const own = await themesOf();
      counting.stored = 0;
      const orgB = await themesOf(bed.orgB.adminKey, bed.orgB);
      const mobile = await themesOf(mobileKey);
      expect(counting.stored).toBe(2);
      expect(orgB.analyzed).toBe(THEME_CORPUS.darkMode.length);
      for (const item of orgB.themes.flatMap((theme) => theme.representatives))
        expect(item.orgId).toBe(bed.orgB.organization.id);
      expect(mobile.analyzed).toBe(THEME_CORPUS.slowLoading.length);
      for (const item of mobile.themes.flatMap((theme) => theme.representatives))
        expect(ids.slowLoading).toContain(item.id);
      // Each scope's answer stays its own when asked again, from the cache.
      expect(await themesOf(bed.orgB.adminKey, bed.orgB)).toEqual(orgB);
      expect(await themesOf(mobileKey)).toEqual(mobile);
      expect(await themesOf()).toEqual(own);
      expect(counting.stored).toBe(2);
    });

    it('clusters again once a new item in the period has its vector, and counts it unindexed until then', async () => {
      const before = await themesOf();
      counting.stored = 0;
      [added] = await collectAt(bed, bed.orgA, '2026-11-15T00:00:00Z', ['Checkout keeps failing when I enter my card']);
      const waiting = await themesOf();
      expect(waiting).toEqual({ ...before, unindexed: 1 });
      expect(counting.stored).toBe(0);
      await bed.runtime.jobs.runUntilIdle();
      const after = await themesOf();
      expect(counting.stored).toBe(1);
      expect(after).toMatchObject({ analyzed: before.analyzed + 1, unindexed: 0 });
      expect(await themeItemIds(themeAbout(after, CHECKOUT)?.id ?? '')).toContain(added);
    });

    it("another server process's delete and re-embed on the same database change the answer", async () => {
      const before = await themesOf();
      const checkoutItems = async (body: Themes) => themeItemIds(themeAbout(body, CHECKOUT)?.id ?? '');
      // Not the item the test before added: deleting it would bring back a state already clustered.
      const [deleted, moved] = (await checkoutItems(before)).filter((id) => id !== added);
      counting.stored = 0;

      const removal = await requestApp(other, `/organizations/${bed.orgA.organization.id}/feedback/${deleted}`, {
        method: 'DELETE',
        key: bed.orgA.adminKey,
      });
      expect(removal.status).toBe(200);
      const afterDelete = await themesOf();
      expect(counting.stored).toBe(1);
      expect(afterDelete.analyzed).toBe(before.analyzed - 1);
      expect(await checkoutItems(afterDelete)).not.toContain(deleted);
      expect(await checkoutItems(afterDelete)).toContain(moved);

      // A re-embed by the other process: one checkout item gets a central dark mode item's vector.
      const model = bed.runtime.embedder?.model ?? '';
      const central = themeAbout(afterDelete, DARK_MODE)?.representatives[0]?.id ?? '';
      const vector = await other.store.embeddings.find(central, model);
      if (!vector || !moved) throw new Error('no vector to copy or no item to move');
      await other.store.transaction((tx) =>
        tx.embeddings.upsertMany(
          model,
          [{ feedbackId: moved, vector, dim: vector.byteLength / 4 }],
          new Date().toISOString(),
        ),
      );
      const afterEmbed = await themesOf();
      expect(counting.stored).toBe(2);
      expect(afterEmbed.analyzed).toBe(afterDelete.analyzed);
      expect(await themeItemIds(themeAbout(afterEmbed, DARK_MODE)?.id ?? '')).toContain(moved);
      expect(await checkoutItems(afterEmbed)).not.toContain(moved);
    });
  });
}
