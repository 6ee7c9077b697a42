import { UNTRUSTED_NOTICE, UNTRUSTED_TAG } from '@hearback/mcp';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { BootstrappedOrganization } from '../src/services/organizations.js';
import { createBrand } from './support/api.js';
import { createApiKey, createInbox, expectJson } from './support/api-assertions.js';
import { collectAt } from './support/collect-at.js';
import { describeEachDatabase } from './support/harness.js';
import { callTool, connectMcp, textOf, toolProblem } from './support/mcp-client.js';
import { THEME_CORPUS } from './support/theme-corpus.js';

interface ThemeSummary {
  id: string;
  label: string;
  size: number;
}
interface RestThemePage {
  theme: ThemeSummary;
  data: { id: string; type: string; comment: string | null }[];
  nextCursor: string | null;
}
interface ToolThemes {
  from: string;
  to: string;
  themes: (ThemeSummary & { representatives: { id: string }[] })[];
}
interface ToolThemePage {
  from: string;
  to: string;
  theme: ThemeSummary;
  items: { id: string; type: string; comment: string | null }[];
  nextCursor: string | null;
}

const FROM = '2026-11-09T00:00:00.000Z';
const TO = '2026-11-16T00:00:00.000Z';
const PERIOD = { from: FROM, to: TO };

describeEachDatabase(
  "a theme's items over MCP",
  (bed) => {
    let checkoutIds: string[];
    let admin: Client;
    let mobile: Client;

    const restPages = async (themeId: string, query: Record<string, string>, org: BootstrappedOrganization) => {
      const pages: RestThemePage[] = [];
      let cursor: string | null = null;
      do {
        const search = new URLSearchParams({ ...query, ...(cursor && { cursor }) });
        const path = `/organizations/${org.organization.id}/feedback/themes/${themeId}/feedback?${search}`;
        const page: RestThemePage = await expectJson<RestThemePage>(
          await bed().request(path, { key: org.adminKey }),
          200,
        );
        pages.push(page);
        cursor = page.nextCursor;
      } while (cursor);
      return pages;
    };
    /** Every page of get_theme_feedback, following `nextCursor`. */
    const toolPages = async (client: Client, args: Record<string, unknown>) => {
      const pages: ToolThemePage[] = [];
      let cursor: string | null = null;
      do {
        const result = await callTool(client, 'get_theme_feedback', { ...args, ...(cursor && { cursor }) });
        expect(result.isError, textOf(result)).toBeFalsy();
        const page = result.structuredContent as unknown as ToolThemePage;
        pages.push(page);
        cursor = page.nextCursor;
      } while (cursor);
      return pages;
    };
    const isCheckout = (theme: ToolThemes['themes'][number]) =>
      theme.representatives.some((item) => checkoutIds.includes(item.id));
    const themesOf = async (client: Client, args: Record<string, unknown> = {}) => {
      const result = await callTool(client, 'get_feedback_themes', { ...PERIOD, limit: 12, ...args });
      expect(result.isError, textOf(result)).toBeFalsy();
      return { structured: result.structuredContent as unknown as ToolThemes, text: textOf(result) };
    };

    beforeAll(async () => {
      const { orgA, orgB } = bed();
      const brand = await createBrand(bed(), orgA, 'Mobile');
      const mobileInbox = await createInbox(bed(), orgA, { name: 'mobile', brandId: brand.id });
      const mobileKey = (await createApiKey(bed(), orgA, { scopes: ['read'], brandId: brand.id })).secret;
      checkoutIds = await collectAt(bed(), orgA, FROM, THEME_CORPUS.checkout, { score: 1 });
      await collectAt(bed(), orgA, '2026-11-10T00:00:00Z', THEME_CORPUS.darkMode);
      await collectAt(bed(), orgA, '2026-11-11T00:00:00Z', THEME_CORPUS.slowLoading, {
        inboxKey: mobileInbox.inboxKey,
      });
      await collectAt(bed(), orgA, '2026-11-14T00:00:00Z', THEME_CORPUS.noise);
      await collectAt(bed(), orgB, FROM, THEME_CORPUS.darkMode);
      await bed().runtime.jobs.runUntilIdle();
      admin = await connectMcp(bed(), orgA.adminKey);
      mobile = await connectMcp(bed(), mobileKey);
    }, 120_000);
    afterAll(async () => {
      await Promise.all([admin?.close(), mobile?.close()]);
    });

    it('offers both theme tools with search on', async () => {
      const names = (await admin.listTools()).tools.map((tool) => tool.name);
      expect(names).toContain('get_feedback_themes');
      expect(names.indexOf('get_theme_feedback')).toBe(names.indexOf('get_feedback_themes') + 1);
    });

    it("get_feedback_themes gives each theme's id, as GET /feedback/themes does, and says how to read its items", async () => {
      const { structured, text } = await themesOf(admin);
      const rest = await expectJson<{ themes: ThemeSummary[] }>(
        await bed().request(
          `/organizations/${bed().orgA.organization.id}/feedback/themes?${new URLSearchParams({ ...PERIOD, limit: '12' })}`,
          { key: bed().orgA.adminKey },
        ),
        200,
      );
      expect(structured.themes).toHaveLength(3);
      expect(structured.themes.map((theme) => theme.id)).toEqual(rest.themes.map((theme) => theme.id));
      for (const theme of structured.themes) expect(text).toContain(`· id ${theme.id}`);
      expect(text).toContain('get_theme_feedback');
    });

    it('get_theme_feedback pages through exactly the items of GET …/themes/{themeId}/feedback, with the same theme', async () => {
      const { structured } = await themesOf(admin);
      for (const theme of structured.themes) {
        const pages = await toolPages(admin, { themeId: theme.id, from: structured.from, to: structured.to, limit: 7 });
        expect(pages).toHaveLength(Math.ceil(theme.size / 7));
        const items = pages.flatMap((page) => page.items);
        const rest = await restPages(theme.id, { ...PERIOD, limit: '7' }, bed().orgA);
        expect(items.map((item) => item.id)).toEqual(rest.flatMap((page) => page.data.map((item) => item.id)));
        expect(items.map((item) => item.comment)).toEqual(
          rest.flatMap((page) => page.data.map((item) => item.comment)),
        );
        expect(items).toHaveLength(theme.size);
        const { representatives: _representatives, ...summary } = theme;
        for (const page of pages) expect(page).toMatchObject({ from: FROM, to: TO, theme: summary });
      }
    });

    it('renders the theme, its items as untrusted text, and how to read on', async () => {
      const checkout = (await themesOf(admin)).structured.themes.find(isCheckout);
      const result = await callTool(admin, 'get_theme_feedback', { themeId: checkout?.id, ...PERIOD, limit: 2 });
      const text = textOf(result);
      // Every checkout comment came with one star: the lowest rating, -1.
      expect(text.split('\n')[0]).toBe(
        `Theme ${checkout?.id} from ${FROM} to ${TO}: ${JSON.stringify(checkout?.label)}: ${checkout?.size} items, new, average rating -1 on −1…+1.`,
      );
      expect(text).toContain('2 feedback items on this page, newest first. More items exist: call again with cursor');
      expect(text).toContain(UNTRUSTED_NOTICE);
      expect(text.match(new RegExp(`<${UNTRUSTED_TAG}>\n`, 'g'))).toHaveLength(2);
    });

    it('keeps to the filters of the themes call: stars only is the checkout theme', async () => {
      const { structured } = await themesOf(admin, { type: 'stars' });
      expect(structured.themes).toHaveLength(1);
      const [theme] = structured.themes;
      const pages = await toolPages(admin, { themeId: theme?.id, ...PERIOD, type: 'stars', limit: 100 });
      const items = pages.flatMap((page) => page.items);
      expect(items).toHaveLength(theme?.size ?? -1);
      expect(items.every((item) => item.type === 'stars' && checkoutIds.includes(item.id))).toBe(true);
    });

    it('answers an id the period has no theme of with the tool error theme_not_found', async () => {
      const unknown = await callTool(admin, 'get_theme_feedback', { themeId: 'thm_0000000000000000', ...PERIOD });
      expect(toolProblem(unknown)).toMatchObject({ status: 404, code: 'theme_not_found' });
      expect(textOf(unknown)).toMatch(/found anew/);
      // A theme of this week is no theme of a quiet week.
      const [theme] = (await themesOf(admin)).structured.themes;
      const quiet = await callTool(admin, 'get_theme_feedback', {
        themeId: theme?.id,
        from: '2025-01-01',
        to: '2025-01-08',
      });
      expect(toolProblem(quiet)).toMatchObject({ status: 404, code: 'theme_not_found' });
    });

    it("keeps to the key's brand and tenant: another brand's or organization's theme is not found", async () => {
      const [own] = (await themesOf(mobile)).structured.themes;
      const ownItems = (await toolPages(mobile, { themeId: own?.id, ...PERIOD, limit: 100 })).flatMap(
        (page) => page.items,
      );
      expect(ownItems).toHaveLength(own?.size ?? -1);
      const checkout = (await themesOf(admin)).structured.themes.find(isCheckout);
      const outside = await callTool(mobile, 'get_theme_feedback', { themeId: checkout?.id, ...PERIOD });
      expect(toolProblem(outside)).toMatchObject({ status: 404, code: 'theme_not_found' });

      const orgB = await connectMcp(bed(), bed().orgB.adminKey);
      try {
        const darkMode = (await themesOf(admin)).structured.themes.find((theme) => theme.label.includes('dark'));
        const theirs = await callTool(orgB, 'get_theme_feedback', { themeId: darkMode?.id, ...PERIOD });
        expect(toolProblem(theirs)).toMatchObject({ status: 404, code: 'theme_not_found' });
      } finally {
        await orgB.close();
      }
    });

    it('needs the read scope, as the REST operation does', async () => {
      const collectOnly = await connectMcp(bed(), bed().orgA.collectKey);
      try {
        const [theme] = (await themesOf(admin)).structured.themes;
        const result = await callTool(collectOnly, 'get_theme_feedback', { themeId: theme?.id, ...PERIOD });
        expect(toolProblem(result)).toMatchObject({ status: 403, code: 'insufficient_scope', requiredScope: 'read' });
      } finally {
        await collectOnly.close();
      }
    });
  },
  { search: { embedder: 'local', idleMs: 0 } },
);
