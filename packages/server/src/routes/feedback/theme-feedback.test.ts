import { beforeAll, expect, it } from 'vitest';
import { createBrand } from '../../../test/support/api.js';
import {
  type CreatedInbox,
  createApiKey,
  createInbox,
  errorPaths,
  expectJson,
  expectProblem,
} from '../../../test/support/api-assertions.js';
import { collectAt } from '../../../test/support/collect-at.js';
import { describeEachDatabase } from '../../../test/support/harness.js';
import { THEME_CORPUS } from '../../../test/support/theme-corpus.js';
import type { BootstrappedOrganization } from '../../services/organizations.js';

interface Item {
  id: string;
  orgId: string;
  inboxId: string;
  type: string;
}
interface ThemeSummary {
  id: string;
  label: string;
  size: number;
  change: number | null;
}
interface Themes {
  analyzed: number;
  unclustered: number;
  themes: (ThemeSummary & { representatives: Item[] })[];
}
interface ThemePage {
  from: string;
  to: string;
  theme: ThemeSummary;
  data: Item[];
  nextCursor: string | null;
}

type Topic = keyof typeof THEME_CORPUS;

const FROM = '2026-11-09T00:00:00.000Z';
const TO = '2026-11-16T00:00:00.000Z';
const PERIOD = { from: FROM, to: TO };

describeEachDatabase(
  "a theme's items",
  (bed) => {
    /** Ids of the period's items per topic. */
    const ids = {} as Record<Topic, string[]>;
    let mobileInbox: CreatedInbox;
    let mobileKey: string;

    const orgPath = (org: BootstrappedOrganization) => `/organizations/${org.organization.id}/feedback`;
    const themesOf = async (query: Record<string, string>, key = bed().orgA.adminKey, org = bed().orgA) =>
      expectJson<Themes>(
        await bed().request(`${orgPath(org)}/themes?${new URLSearchParams({ limit: '12', ...query })}`, { key }),
        200,
      );
    const themePage = (themeId: string, query: Record<string, string>, key = bed().orgA.adminKey, org = bed().orgA) =>
      bed().request(`${orgPath(org)}/themes/${themeId}/feedback?${new URLSearchParams(query)}`, { key });
    /** Every page of the theme, following `nextCursor`, `limit` items a page. */
    async function allPages(
      themeId: string,
      query: Record<string, string>,
      key?: string,
      org?: BootstrappedOrganization,
    ) {
      const pages: ThemePage[] = [];
      let cursor: string | null = null;
      do {
        const page: ThemePage = await expectJson<ThemePage>(
          await themePage(themeId, { ...query, ...(cursor && { cursor }) }, key, org),
          200,
        );
        pages.push(page);
        cursor = page.nextCursor;
      } while (cursor);
      return pages;
    }
    const topicOf = (theme: { representatives: Item[] }) =>
      (Object.keys(ids) as Topic[]).find((topic) => ids[topic].includes(theme.representatives[0]?.id ?? ''));

    beforeAll(async () => {
      const { orgA, orgB } = bed();
      const brand = await createBrand(bed(), orgA, 'Mobile');
      mobileInbox = await createInbox(bed(), orgA, { name: 'mobile', brandId: brand.id });
      mobileKey = (await createApiKey(bed(), orgA, { scopes: ['read'], brandId: brand.id })).secret;
      ids.checkout = await collectAt(bed(), orgA, FROM, THEME_CORPUS.checkout, { score: 1 });
      ids.darkMode = await collectAt(bed(), orgA, '2026-11-10T00:00:00Z', THEME_CORPUS.darkMode);
      ids.slowLoading = await collectAt(bed(), orgA, '2026-11-11T00:00:00Z', THEME_CORPUS.slowLoading, {
        inboxKey: mobileInbox.inboxKey,
      });
      ids.noise = await collectAt(bed(), orgA, '2026-11-14T00:00:00Z', THEME_CORPUS.noise);
      // Another tenant, the same week and the same words.
      await collectAt(bed(), orgB, FROM, THEME_CORPUS.darkMode);
      await bed().runtime.jobs.runUntilIdle();
    }, 120_000);

    it('pages through exactly the members of each theme, newest first, with the theme as the themes call shows it', async () => {
      const listed = await themesOf(PERIOD);
      expect(listed.themes).toHaveLength(3);
      const seen = new Set<string>();
      for (const theme of listed.themes) {
        const pages = await allPages(theme.id, { ...PERIOD, limit: '7' });
        const members = pages.flatMap((page) => page.data.map((item) => item.id));
        expect(pages.length).toBe(Math.ceil(theme.size / 7));
        expect(members).toHaveLength(theme.size);
        expect(members).toEqual([...members].sort().reverse());
        // Its items are of its own topic, and its most central ones among them.
        const topic = topicOf(theme);
        expect(topic).toBeDefined();
        for (const id of members) expect(ids[topic as Topic]).toContain(id);
        for (const item of theme.representatives) expect(members).toContain(item.id);
        const { representatives: _representatives, ...summary } = theme;
        for (const page of pages) expect(page).toMatchObject({ from: FROM, to: TO, theme: summary });
        for (const id of members) {
          expect(seen.has(id)).toBe(false);
          seen.add(id);
        }
      }
      // No item in two themes; the rest of those analyzed is unclustered.
      expect(seen.size).toBe(listed.analyzed - listed.unclustered);
    });

    it('finds a theme beyond the largest few the themes call was asked for', async () => {
      const all = await themesOf(PERIOD);
      const smallest = all.themes.at(-1);
      const [largest] = (await themesOf({ ...PERIOD, limit: '1' })).themes;
      expect(largest?.id).not.toBe(smallest?.id);
      const page = await expectJson<ThemePage>(await themePage(smallest?.id ?? '', PERIOD), 200);
      expect(page.data).toHaveLength(smallest?.size ?? -1);
      expect(page.nextCursor).toBeNull();
    });

    it('keeps to the list filters: stars only is the checkout theme, every item a star rating', async () => {
      const stars = await themesOf({ ...PERIOD, type: 'stars' });
      expect(stars.themes).toHaveLength(1);
      const [theme] = stars.themes;
      const page = await expectJson<ThemePage>(await themePage(theme?.id ?? '', { ...PERIOD, type: 'stars' }), 200);
      expect(page.data).toHaveLength(theme?.size ?? -1);
      expect(page.data.every((item) => item.type === 'stars' && ids.checkout.includes(item.id))).toBe(true);
    });

    it("keeps to the key's brand: the brand's one theme, and another brand's theme is not found", async () => {
      const byBrand = await themesOf(PERIOD, mobileKey);
      expect(byBrand.themes).toHaveLength(1);
      const [own] = byBrand.themes;
      const page = await expectJson<ThemePage>(await themePage(own?.id ?? '', PERIOD, mobileKey), 200);
      expect(page.data).toHaveLength(own?.size ?? -1);
      expect(page.data.every((item) => item.inboxId === mobileInbox.id)).toBe(true);

      const checkout = (await themesOf(PERIOD)).themes.find((theme) => topicOf(theme) === 'checkout');
      await expectProblem(await themePage(checkout?.id ?? '', PERIOD, mobileKey), 404, 'theme_not_found');
    });

    it("never shows another tenant's items: its own themes hold its own, its path is as if absent", async () => {
      const { orgA, orgB } = bed();
      const theirs = await themesOf(PERIOD, orgB.adminKey, orgB);
      expect(theirs.themes.length).toBeGreaterThan(0);
      for (const theme of theirs.themes) {
        const pages = await allPages(theme.id, PERIOD, orgB.adminKey, orgB);
        const items = pages.flatMap((page) => page.data);
        expect(items).toHaveLength(theme.size);
        expect(items.every((item) => item.orgId === orgB.organization.id)).toBe(true);
      }
      // Org A's dark mode theme, asked of org B (the same comments, another tenant): org B's themes
      // are found among org B's items alone, labelled against its own comments, and hold no such id.
      const darkMode = (await themesOf(PERIOD)).themes.find((theme) => topicOf(theme) === 'darkMode');
      await expectProblem(await themePage(darkMode?.id ?? '', PERIOD, orgB.adminKey, orgB), 404, 'theme_not_found');
      // Org B's key on org A's path: 404 as for anything of another organization.
      await expectProblem(await themePage(darkMode?.id ?? '', PERIOD, orgB.adminKey, orgA), 404, 'not_found');
    });

    it('answers 404 theme_not_found for an id the period has no theme of, saying themes change', async () => {
      const problem = await expectProblem(await themePage('thm_0000000000000000', PERIOD), 404, 'theme_not_found');
      expect(problem.detail).toMatch(/found anew/);
      // A theme of this week is no theme of a quiet week.
      const [theme] = (await themesOf(PERIOD)).themes;
      await expectProblem(
        await themePage(theme?.id ?? '', { from: '2025-01-01', to: '2025-01-08' }),
        404,
        'theme_not_found',
      );
    });

    it.each([
      [{ cursor: 'not-a-cursor' }, 'cursor'],
      [{ limit: '0' }, 'limit'],
      [{ limit: '201' }, 'limit'],
      [{ from: TO, to: FROM }, 'from'],
      [{ type: 'poll' }, 'type'],
    ])('refuses %j with 400 naming %s', async (query, field) => {
      const [theme] = (await themesOf(PERIOD)).themes;
      const problem = await expectProblem(
        await themePage(theme?.id ?? '', { ...PERIOD, ...query }),
        400,
        'validation_failed',
      );
      expect(errorPaths(problem)).toContain(field);
    });
  },
  { search: { embedder: 'local', idleMs: 0 } },
);

describeEachDatabase("a theme's items with search off", (bed) => {
  it('answers 503 search_unavailable: themes need the vectors search makes', async () => {
    const { orgA } = bed();
    const response = await bed().request(
      `/organizations/${orgA.organization.id}/feedback/themes/thm_0000000000000000/feedback`,
      { key: orgA.adminKey },
    );
    await expectProblem(response, 503, 'search_unavailable');
  });
});
