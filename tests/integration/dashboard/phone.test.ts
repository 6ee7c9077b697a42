import { requireChromiumOrSkip } from '@hearback/test-utils';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLOW_MACHINE_MS } from '../support/slow-machine.js';
import { filterLayout } from './filter-layout.js';
import { type DashboardHarness, type Person, PHONE, seriousViolations, startDashboardHarness } from './harness.js';

const available = requireChromiumOrSkip('dashboard on a phone');

const ADA: Person = { name: 'Ada Lovelace', email: 'ada@example.com', password: 'analytical-engine-1843' };

/** `expect.poll` with room for a loaded machine (its default gives up after one second). */
const eventually = <T>(check: () => T | Promise<T>, message?: string) =>
  expect.poll(check, { timeout: SLOW_MACHINE_MS, ...(message && { message }) });

/** Text without a place to break, as people paste it: the layout must wrap it, not widen. */
const UNBROKEN = 'https://shop.example.com/checkout/step-3?session=8f2c1a7e9b4d4c0f8a1e2b3c4d5e6f708192a3b4c5d6e7f8';

/**
 * How wide the page lays out against the phone's width (the page must never scroll sideways), and
 * the outermost elements reaching past it, so a failure names its culprit.
 */
const widths = (page: Page) =>
  page.evaluate((width) => {
    // Within a box that scrolls (or clips) sideways is fine: only that box moves. An absolutely
    // positioned element escapes every such box up to its positioned ancestor.
    const clipped = (element: Element) => {
      let escapes = ['absolute', 'fixed'].includes(getComputedStyle(element).position);
      for (let box = element.parentElement; box; box = box.parentElement) {
        const style = getComputedStyle(box);
        if (escapes && style.position !== 'static') escapes = false;
        if (!escapes && style.overflowX !== 'visible') return true;
      }
      return false;
    };
    const past = [...document.querySelectorAll('body *')].filter(
      (element) =>
        element.checkVisibility() && element.getBoundingClientRect().right > width + 0.5 && !clipped(element),
    );
    const outermost = past.filter((element) => !past.some((other) => other !== element && other.contains(element)));
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      tooWide: outermost.map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`),
    };
  }, PHONE.width);

/**
 * Each link of the organization's navigation with its box in the viewport (null when it has none,
 * as Playwright's `boundingBox` answers), read in one round trip rather than two per link: 34
 * screens of a phone's navigation were 5 s of this file's time.
 */
const navLinkBoxes = (page: Page) =>
  page
    .getByRole('navigation', { name: 'Organization' })
    .getByRole('link')
    .evaluateAll((links) =>
      links.map((link) => {
        const rect = link.getBoundingClientRect();
        return {
          text: link.textContent,
          box: link.getClientRects().length === 0 ? null : { x: rect.x, right: rect.right },
        };
      }),
    );

/** What {@link widths} answers for a page that fits. */
const FITS = { scrollWidth: PHONE.width, innerWidth: PHONE.width, tooWide: [] };

/**
 * What every screen owes a phone: no sideways scroll (a phone's browser would zoom out to show the
 * overflow, so `innerWidth` stays the phone's only if nothing overflows), every link of the
 * organization's navigation on screen, no serious accessibility violation, nothing the CSP blocks.
 */
async function expectPhoneScreen(harness: DashboardHarness, page: Page, name: string) {
  await harness.screenshot(page, name);
  expect(await widths(page), name).toEqual(FITS);
  const links = await navLinkBoxes(page);
  expect(links.length, name).toBeGreaterThanOrEqual(5);
  for (const link of links) {
    expect(link.box, `${name}: ${link.text}`).not.toBeNull();
    expect(link.box?.x, name).toBeGreaterThanOrEqual(0);
    expect(link.box?.right, name).toBeLessThanOrEqual(PHONE.width);
  }
  expect(await seriousViolations(page), name).toEqual([]);
  expect(await harness.cspViolations(page), name).toEqual([]);
}

describe.skipIf(!available)('the dashboard on a phone (390 × 844, touch)', () => {
  let harness: DashboardHarness;
  let itemId: string;
  let pageId: string;
  let automationId: string;

  /** Every main screen: its name, its path under the organization, and what shows it is ready. */
  const screens = () =>
    [
      ['inbox-item', `/inbox?item=${itemId}`, (page: Page) => page.getByRole('complementary', { name: 'Comment' })],
      ['insights', '/insights', (page: Page) => page.getByRole('heading', { name: 'Volume' })],
      ['pages-list', '/pages', (page: Page) => page.getByRole('link', { name: 'Checkout survey', exact: true })],
      ['pages-builder', `/pages/${pageId}`, (page: Page) => page.getByRole('heading', { name: 'Preview' })],
      ['pages-share', `/pages/${pageId}/share`, (page: Page) => page.getByRole('heading', { name: 'QR code' })],
      ['pages-responses', `/pages/${pageId}/responses`, (page: Page) => page.getByText('Card', { exact: true })],
      ['pages-analytics', `/pages/${pageId}/analytics`, (page: Page) => page.getByText('By question', { exact: true })],
      [
        'automations-list',
        '/automations',
        (page: Page) => page.getByRole('link', { name: 'Detractors to the support desk', exact: true }),
      ],
      ['automations-editor', `/automations/${automationId}`, (page: Page) => page.getByLabel('URL', { exact: true })],
      [
        'automations-deliveries',
        `/automations/${automationId}/deliveries`,
        (page: Page) => page.getByRole('heading', { name: /^Deliveries/, level: 1 }),
      ],
      ['setup', '/setup', (page: Page) => page.getByRole('heading', { name: 'Set up feedback collection' })],
      ['team', '/team', (page: Page) => page.getByRole('row').filter({ hasText: ADA.email })],
      ['settings-general', '/settings/general', (page: Page) => page.getByLabel('Name', { exact: true })],
      ['settings-inboxes', '/settings/inboxes', (page: Page) => page.getByRole('row').filter({ hasText: 'Default' })],
      ['settings-brands', '/settings/brands', (page: Page) => page.getByRole('heading', { name: 'Brands', level: 1 })],
      ['settings-keys', '/settings/api-keys', (page: Page) => page.getByRole('row').nth(1)],
      ['settings-audit', '/settings/audit-log', (page: Page) => page.getByRole('row').nth(1)],
    ] as const;

  beforeAll(async () => {
    harness = await startDashboardHarness();
    itemId = (
      await harness.collect({
        type: 'nps',
        score: 3,
        comment: `Checkout broke at step 3, see ${UNBROKEN} — and the coupon field rejects lowercase codes.`,
        context: { url: UNBROKEN, userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)' },
      })
    ).id;
    for (const [type, score] of [
      ['stars', 4],
      ['thumbs', 1],
      ['nps', 10],
    ] as const) {
      await harness.collect({ type, score, comment: `A ${type} comment` });
    }
    pageId = (
      await harness.api<{ id: string }>('/feedback-pages', {
        method: 'POST',
        body: JSON.stringify({
          title: 'Checkout survey',
          description: 'Three questions about paying for your order.',
          questions: [
            { id: 'recommend', type: 'nps', title: 'How likely are you to recommend us to a friend?', required: true },
            {
              id: 'method',
              type: 'single_choice',
              title: 'How did you pay?',
              options: [
                { value: 'card', label: 'Card' },
                { value: 'invoice', label: 'Invoice' },
              ],
            },
            { id: 'why', type: 'long_text', title: 'What should we change first?' },
          ],
        }),
      })
    ).id;
    await harness.api(`/feedback-pages/${pageId}/publish`, { method: 'POST', body: '{}' });
    await harness.api(`/feedback-pages/${pageId}/responses`, {
      method: 'POST',
      body: JSON.stringify({
        answers: { recommend: 4, method: 'card', why: `The card form forgets the address when I go back: ${UNBROKEN}` },
      }),
    });
    automationId = (
      await harness.api<{ id: string }>('/automations', {
        method: 'POST',
        body: JSON.stringify({
          name: 'Detractors to the support desk',
          events: ['feedback.created'],
          filter: { type: 'nps' },
          webhook: {
            url: `https://support.example.com/hooks/hearback/${'a'.repeat(60)}`,
            headers: { authorization: 'Bearer {{secrets.DESK_TOKEN}}' },
            body: { text: 'NPS {{feedback.score}}: {{feedback.comment}}' },
          },
        }),
      })
    ).id;
  });
  afterAll(async () => {
    await harness?.close();
  });

  for (const scheme of ['light', 'dark'] as const) {
    it(`fits every main screen in the width of a phone, ${scheme}`, async () => {
      const page = await harness.newPage({ ...PHONE, colorScheme: scheme });
      if (scheme === 'light') {
        await page.goto(`${harness.hearback.url}/app/sign-up`);
        await eventually(() => page.getByRole('heading', { name: /account/i }).isVisible()).toBe(true);
        await harness.screenshot(page, 'sign-up-phone-light');
        expect(await widths(page)).toEqual(FITS);
        expect(await seriousViolations(page)).toEqual([]);
        await harness.signUp(page, ADA);
      } else {
        await page.goto(`${harness.hearback.url}/app/sign-in`);
        await eventually(() => page.getByRole('button', { name: 'Sign in', exact: true }).isVisible()).toBe(true);
        await harness.screenshot(page, 'sign-in-phone-dark');
        expect(await widths(page)).toEqual(FITS);
        expect(await seriousViolations(page)).toEqual([]);
        await harness.signIn(page, ADA);
      }
      const base = `${harness.hearback.url}/app/orgs/${harness.hearback.orgId}`;
      for (const [name, path, ready] of screens()) {
        await page.goto(`${base}${path}`);
        await eventually(() => ready(page).first().isVisible(), name).toBe(true);
        expect(await page.evaluate(() => document.documentElement.dataset.theme), name).toBe(scheme);
        await expectPhoneScreen(harness, page, `${name}-phone-${scheme}`);
      }
      expect(harness.errors(page)).toEqual([]);
    });
  }

  it('fits a dialog in the screen: a new API key, its secret shown once', async () => {
    const page = await harness.newPage(PHONE);
    await harness.signIn(page, ADA);
    await page.goto(`${harness.hearback.url}/app/orgs/${harness.hearback.orgId}/settings/api-keys`);
    await page.getByRole('button', { name: 'New API key' }).tap();
    const dialog = page.getByRole('dialog');
    await eventually(() => dialog.isVisible()).toBe(true);
    await dialog.getByLabel('Name').fill('Phone key');
    await dialog.getByRole('checkbox', { name: /^collect/ }).tap();
    await dialog.getByRole('button', { name: 'Create key' }).tap();
    await eventually(() => dialog.getByRole('button', { name: 'Done' }).isVisible()).toBe(true);
    expect(await dialog.locator('.secret-value').textContent()).toMatch(/^hb_/);
    const box = await dialog.boundingBox();
    expect(box?.x).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
    expect(await widths(page)).toEqual(FITS);
    await harness.screenshot(page, 'settings-key-secret-phone-light');
    expect(await seriousViolations(page)).toEqual([]);
    expect(await harness.cspViolations(page)).toEqual([]);
  });

  it('lines up the inbox filters: each row of selects fills the width, "Clear filters" under them', async () => {
    const page = await harness.newPage(PHONE);
    await harness.signIn(page, ADA);
    await page.goto(`${harness.hearback.url}/app/orgs/${harness.hearback.orgId}/inbox?type=nps`);
    await eventually(() => page.getByRole('button', { name: 'Clear filters' }).isVisible()).toBe(true);
    await harness.screenshot(page, 'inbox-filtered-phone-light');
    const layout = await filterLayout(page);
    expect(layout.selectRows.length).toBeGreaterThanOrEqual(2);
    expect(layout).toEqual({ clearFiltersInset: 0, selectRows: layout.selectRows.map(() => [0, 0]) });
  });

  for (const scheme of ['light', 'dark'] as const) {
    it(`starts every inbox item’s text at the same x, whatever its score badge says (3/10, 10/10, a thumb), ${scheme}`, async () => {
      const page = await harness.newPage({ ...PHONE, colorScheme: scheme });
      await harness.signIn(page, ADA);
      await page.waitForURL(/\/inbox/);
      const items = page.getByRole('region', { name: 'Feedback' }).getByRole('listitem');
      await eventually(() => items.count()).toBe(4);
      await harness.screenshot(page, `inbox-list-phone-${scheme}`);
      const rows = await items.evaluateAll((elements) =>
        elements.map((item) => {
          const left = (selector: string) => item.querySelector(selector)?.getBoundingClientRect().left;
          return {
            // A thumb is drawn, not written: without an emoji font 👍 was a missing-glyph box.
            badge:
              item.querySelector('.score [aria-hidden]')?.textContent || (item.querySelector('.score svg') && 'svg'),
            label: item.querySelector('.score .visually-hidden')?.textContent,
            badgeTextWidth: item.querySelector('.score [aria-hidden]')?.getBoundingClientRect().width,
            comment: left('.feedback-row-comment'),
            meta: left('.feedback-row-meta'),
          };
        }),
      );
      // The badges' texts differ in width: that is what used to move the text beside them.
      expect(rows.map((row) => row.badge).sort()).toEqual(['10/10', '3/10', '4/5', 'svg']);
      expect(rows.find((row) => row.badge === 'svg')?.label).toBe('thumbs: up');
      expect(new Set(rows.map((row) => Math.round(row.badgeTextWidth ?? 0))).size).toBeGreaterThan(1);
      const [first] = rows;
      for (const row of rows) {
        expect(Math.abs((row.comment ?? 0) - (first?.comment ?? 0)), `comment beside ${row.badge}`).toBeLessThanOrEqual(
          1,
        );
        expect(Math.abs((row.meta ?? 0) - (first?.comment ?? 0)), `status beside ${row.badge}`).toBeLessThanOrEqual(1);
      }
      expect(await widths(page)).toEqual(FITS);
      expect(await seriousViolations(page)).toEqual([]);
      expect(await harness.cspViolations(page)).toEqual([]);
    });
  }

  it('moves between screens by touch, and opens an item from the list', async () => {
    const page = await harness.newPage(PHONE);
    await harness.signIn(page, ADA);
    await page.waitForURL(/\/inbox/);
    const nav = page.getByRole('navigation', { name: 'Organization' });
    await nav.getByRole('link', { name: 'Insights', exact: true }).tap();
    await page.waitForURL(/\/insights/);
    await nav.getByRole('link', { name: 'Inbox', exact: true }).tap();
    await page.waitForURL(/\/inbox/);
    // The saved views open within the screen.
    await page.getByText('Views', { exact: true }).tap();
    await eventually(() => page.getByRole('button', { name: 'Save view' }).isVisible()).toBe(true);
    expect(await widths(page)).toEqual(FITS);
    await harness.screenshot(page, 'inbox-views-phone-light');
    await page.getByRole('heading', { name: 'Inbox', level: 1 }).tap();
    await page.locator(`li[data-id="${itemId}"]`).getByRole('button').tap();
    const pane = page.getByRole('complementary', { name: 'Comment' });
    await eventually(() => pane.isVisible()).toBe(true);
    expect(await pane.textContent()).toContain('coupon field rejects lowercase codes');
    // On a phone the pane is below the list: opening an item brings it into view.
    await eventually(() => pane.evaluate((element) => element.getBoundingClientRect().top < window.innerHeight)).toBe(
      true,
    );
    expect(await widths(page)).toEqual(FITS);

    // So does the organization switcher.
    await nav.locator('summary', { hasText: 'Organization: Test' }).tap();
    const newOrganization = page.getByRole('link', { name: 'New organization…' });
    await eventually(() => newOrganization.isVisible()).toBe(true);
    expect(await widths(page)).toEqual(FITS);
    // Its entries fit within the menu (not spilling over the navigation beneath).
    const menu = page.locator('.org-switcher .disclosure-panel');
    expect(await menu.evaluate((panel) => panel.scrollWidth <= panel.clientWidth)).toBe(true);
    await harness.screenshot(page, 'org-switcher-phone-light');
    await page.getByRole('heading', { name: 'Inbox', level: 1 }).tap();
    await eventually(() => newOrganization.isVisible()).toBe(false);

    // The account menu opens on the screen, where its every entry can be reached, and signs out.
    await nav.getByText(ADA.name, { exact: true }).tap();
    const signOut = page.getByRole('button', { name: 'Sign out' });
    await eventually(() => signOut.isVisible()).toBe(true);
    for (const entry of [
      page.getByText(ADA.email, { exact: true }),
      page.getByRole('radio', { name: 'Dark' }),
      signOut,
    ]) {
      // From the top of the page: nothing above it can be scrolled to.
      const top = await entry.evaluate((element) => element.getBoundingClientRect().top + window.scrollY);
      expect(top, (await entry.textContent()) ?? undefined).toBeGreaterThanOrEqual(0);
    }
    expect(await widths(page)).toEqual(FITS);
    await harness.screenshot(page, 'account-menu-phone-light');
    await signOut.tap();
    await page.waitForURL(/\/app\/sign-in/);
  });
});
