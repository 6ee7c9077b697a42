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
import { collectAt as collectAtClock } from '../../../test/support/collect-at.js';
import { describeEachDatabase } from '../../../test/support/harness.js';
import { callTool, connectMcp, textOf } from '../../../test/support/mcp-client.js';
import { THEME_CORPUS } from '../../../test/support/theme-corpus.js';
import type { BootstrappedOrganization } from '../../services/organizations.js';

interface Theme {
  id: string;
  label: string;
  terms: string[];
  size: number;
  share: number;
  previousSize: number;
  change: number | null;
  sentiment: { scored: number; average: number | null };
  representatives: { id: string; orgId: string; comment: string | null }[];
}
interface Themes {
  from: string;
  to: string;
  previousFrom: string;
  analyzed: number;
  truncated: boolean;
  previousAnalyzed: number;
  unindexed: number;
  unclustered: number;
  themes: Theme[];
}

type Topic = keyof typeof THEME_CORPUS;

const FROM = '2026-11-09T00:00:00.000Z';
const TO = '2026-11-16T00:00:00.000Z';
const PREVIOUS_FROM = '2026-11-02T00:00:00.000Z';
const HOUR = 3_600_000;

describeEachDatabase(
  'feedback themes',
  (bed) => {
    /** Ids of the current period's items per topic. */
    const ids = {} as Record<Topic, string[]>;
    let mobileInbox: CreatedInbox;
    let mobileKey: string;

    const collectAt = (
      org: BootstrappedOrganization,
      start: string,
      comments: readonly string[],
      options?: { inboxKey?: string; score?: number },
    ) => collectAtClock(bed(), org, start, comments, options);

    const themes = (query: Record<string, string>, key = bed().orgA.adminKey, org = bed().orgA) =>
      bed().request(`/organizations/${org.organization.id}/feedback/themes?${new URLSearchParams(query)}`, { key });
    const themesOf = async (
      query: Record<string, string> = { from: FROM, to: TO },
      key?: string,
      org?: BootstrappedOrganization,
    ) => expectJson<Themes>(await themes(query, key, org), 200);
    const themeWith = (body: Themes, topic: Topic) =>
      body.themes.find((theme) => theme.representatives.some((item) => ids[topic].includes(item.id)));

    beforeAll(async () => {
      const { orgA, orgB } = bed();
      const brand = await createBrand(bed(), orgA, 'Mobile');
      mobileInbox = await createInbox(bed(), orgA, { name: 'mobile', brandId: brand.id });
      mobileKey = (await createApiKey(bed(), orgA, { scopes: ['read'], brandId: brand.id })).secret;
      // This week: three topics (slow loading from the mobile brand) and one-off comments.
      ids.checkout = await collectAt(orgA, FROM, THEME_CORPUS.checkout, { score: 1 });
      ids.darkMode = await collectAt(orgA, '2026-11-10T00:00:00Z', THEME_CORPUS.darkMode);
      ids.slowLoading = await collectAt(orgA, '2026-11-11T00:00:00Z', THEME_CORPUS.slowLoading, {
        inboxKey: mobileInbox.inboxKey,
      });
      ids.noise = await collectAt(orgA, '2026-11-14T00:00:00Z', THEME_CORPUS.noise);
      // The week before: half the checkout complaints, as many dark mode requests, no slow loading.
      await collectAt(orgA, PREVIOUS_FROM, THEME_CORPUS.checkout.slice(0, 10), { score: 1 });
      await collectAt(orgA, '2026-11-04T00:00:00Z', THEME_CORPUS.darkMode);
      // Another tenant, the same week.
      await collectAt(orgB, FROM, THEME_CORPUS.darkMode.slice(0, 5));
      await bed().runtime.jobs.runUntilIdle();
    }, 120_000);

    it('finds the three topics, labelled by their own words, with their sizes and most central items', async () => {
      const body = await themesOf();
      expect(body).toMatchObject({ from: FROM, to: TO, previousFrom: PREVIOUS_FROM, truncated: false, unindexed: 0 });
      expect(body.analyzed).toBe(66);
      expect(body.themes).toHaveLength(3);
      const labels: Record<string, RegExp> = {
        checkout: /checkout|payment/,
        darkMode: /dark mode/,
        slowLoading: /load|slow/,
      };
      for (const [topic, words] of Object.entries(labels)) {
        const theme = themeWith(body, topic as Topic);
        expect(theme?.label, topic).toMatch(words);
        expect(theme?.terms.join(' '), topic).toMatch(words);
        // Each topic whole, give or take a comment phrased far from the rest; nothing of another topic.
        expect(theme?.size, topic).toBeGreaterThanOrEqual(18);
        expect(theme?.size, topic).toBeLessThanOrEqual(20);
        expect(theme?.representatives).toHaveLength(3);
        for (const item of theme?.representatives ?? []) expect(ids[topic as Topic]).toContain(item.id);
        expect(theme?.share).toBeCloseTo((theme?.size ?? 0) / body.analyzed, 3);
        expect(theme?.id).toMatch(/^thm_[0-9a-f]{16}$/);
      }
      expect(body.themes.map((theme) => theme.size)).toEqual(
        [...body.themes.map((theme) => theme.size)].sort((a, b) => b - a),
      );
      const clustered = body.themes.reduce((sum, theme) => sum + theme.size, 0);
      expect(body.unclustered).toBe(body.analyzed - clustered);
      expect(body.unclustered).toBeGreaterThanOrEqual(THEME_CORPUS.noise.length - 1);
      // The same feedback gives the same themes.
      expect(await themesOf()).toEqual(body);
    });

    it('compares each theme with the week before: more, as many, or new', async () => {
      const body = await themesOf();
      expect(body.previousAnalyzed).toBe(30);
      const checkout = themeWith(body, 'checkout');
      const darkMode = themeWith(body, 'darkMode');
      const slowLoading = themeWith(body, 'slowLoading');
      // The same comments last week count as the theme's own items count this week.
      expect(darkMode?.previousSize).toBe(darkMode?.size);
      expect(darkMode?.change).toBe(0);
      expect(checkout?.previousSize).toBeGreaterThanOrEqual(9);
      expect(checkout?.previousSize).toBeLessThanOrEqual(10);
      expect(checkout?.change).toBeCloseTo(
        ((checkout?.size ?? 0) - (checkout?.previousSize ?? 0)) / (checkout?.previousSize ?? 1),
        3,
      );
      expect(checkout?.change).toBeGreaterThan(0.75);
      expect(slowLoading).toMatchObject({ previousSize: 0, change: null });
    });

    it("summarises how each theme's scored items rated, on one scale", async () => {
      const body = await themesOf();
      const checkout = themeWith(body, 'checkout');
      expect(checkout?.sentiment).toEqual({ scored: checkout?.size, average: -1 }); // one star each
      expect(themeWith(body, 'darkMode')?.sentiment).toEqual({ scored: 0, average: null });
    });

    it("keeps to the key's tenant and brand, and to the list filters", async () => {
      const byBrand = await themesOf({ from: FROM, to: TO }, mobileKey);
      expect(byBrand.analyzed).toBe(20);
      expect(byBrand.themes).toHaveLength(1);
      expect(byBrand.themes[0]?.label).toMatch(/load|slow/);
      expect(byBrand.themes[0]?.representatives.every((item) => ids.slowLoading.includes(item.id))).toBe(true);

      const byInbox = await themesOf({ from: FROM, to: TO, inboxId: mobileInbox.id });
      expect(byInbox.themes.map((theme) => theme.label)).toEqual(byBrand.themes.map((theme) => theme.label));
      const stars = await themesOf({ from: FROM, to: TO, type: 'stars' });
      expect(stars.analyzed).toBe(20);
      expect(stars.themes.map((theme) => theme.label)).toEqual([expect.stringMatching(/checkout|payment/)]);

      const { orgB } = bed();
      const other = await themesOf({ from: FROM, to: TO }, orgB.adminKey, orgB);
      expect(other.analyzed).toBe(5);
      expect(
        other.themes.flatMap((theme) => theme.representatives).every((item) => item.orgId === orgB.organization.id),
      ).toBe(true);
      // Another tenant's path: as if absent.
      await expectProblem(await themes({ from: FROM, to: TO }, orgB.adminKey), 404, 'not_found');
    });

    it('returns the largest themes first, as many as asked', async () => {
      const all = await themesOf();
      const [largest] = (await themesOf({ from: FROM, to: TO, limit: '1' })).themes;
      expect(largest).toEqual(all.themes[0]);
    });

    it('answers an empty period with no themes', async () => {
      // `to` a date: that day included, so these are the 7 days from the 1st.
      const body = await themesOf({ from: '2025-01-01', to: '2025-01-07' });
      expect(body).toEqual({
        from: '2025-01-01T00:00:00.000Z',
        to: '2025-01-08T00:00:00.000Z',
        previousFrom: '2024-12-25T00:00:00.000Z',
        analyzed: 0,
        truncated: false,
        previousAnalyzed: 0,
        unindexed: 0,
        unclustered: 0,
        themes: [],
      });
    });

    it('covers the last 7 days up to now by default', async () => {
      const before = Date.now();
      const body = await themesOf({});
      const to = Date.parse(body.to);
      expect(to).toBeGreaterThanOrEqual(before);
      expect(to).toBeLessThanOrEqual(Date.now());
      expect(to - Date.parse(body.from)).toBe(7 * 24 * HOUR);
      expect(Date.parse(body.from) - Date.parse(body.previousFrom)).toBe(7 * 24 * HOUR);
      // Only `from`: up to now.
      const since = await themesOf({ from: '2026-01-01' });
      expect(since.from).toBe('2026-01-01T00:00:00.000Z');
      expect(Date.parse(since.to)).toBeGreaterThanOrEqual(to);
    });

    it.each([
      [{ from: TO, to: FROM }, 'from'],
      [{ from: FROM, to: FROM }, 'from'],
      [{ from: 'last week' }, 'from'],
      [{ to: '2026-02-30' }, 'to'],
      [{ limit: '0' }, 'limit'],
      [{ limit: '13' }, 'limit'],
      [{ type: 'poll' }, 'type'],
    ])('refuses %j with 400 naming %s', async (query, field) => {
      const problem = await expectProblem(await themes(query), 400, 'validation_failed');
      expect(errorPaths(problem)).toContain(field);
    });

    it('get_feedback_themes (MCP) answers the themes of GET /feedback/themes, for the same key', async () => {
      const client = await connectMcp(bed(), mobileKey);
      try {
        const result = await callTool(client, 'get_feedback_themes', { from: FROM, to: TO, limit: 12 });
        expect(result.isError).toBeFalsy();
        const rest = await themesOf({ from: FROM, to: TO }, mobileKey);
        const structured = result.structuredContent as { analyzed: number; themes: { label: string; size: number }[] };
        expect(structured.analyzed).toBe(rest.analyzed);
        expect(structured.themes.map(({ label, size }) => ({ label, size }))).toEqual(
          rest.themes.map(({ label, size }) => ({ label, size })),
        );
        expect(textOf(result)).toContain(
          `1. ${JSON.stringify(rest.themes[0]?.label)}: ${rest.themes[0]?.size} items, new`,
        );
      } finally {
        await client.close();
      }
    });

    it('counts comments not embedded yet as unindexed, and leaves them out', async () => {
      const [waiting] = await collectAt(bed().orgA, '2026-11-15T00:00:00Z', [
        'Checkout failed again with a payment error',
      ]);
      const body = await themesOf();
      expect(body.unindexed).toBe(1);
      expect(body.analyzed).toBe(66);
      expect(body.themes.flatMap((theme) => theme.representatives).map((item) => item.id)).not.toContain(waiting);
    });
  },
  { search: { embedder: 'local', idleMs: 0 } },
);

describeEachDatabase('feedback themes with search off', (bed) => {
  it('answers 503 search_unavailable: themes need the vectors search makes', async () => {
    const { orgA } = bed();
    const response = await bed().request(`/organizations/${orgA.organization.id}/feedback/themes`, {
      key: orgA.adminKey,
    });
    await expectProblem(response, 503, 'search_unavailable');
  });
});
