import { requireChromiumOrSkip } from '@hearback/test-utils';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DashboardHarness, type Person, SCREENSHOT_DIR, startDashboardHarness } from './harness.js';

const available = requireChromiumOrSkip('dashboard');

const ADA: Person = { name: 'Ada Lovelace', email: 'ada@example.com', password: 'analytical-engine-1843' };
/** A short window: Insights and the audit log are several windows tall in it. */
const WINDOW_HEIGHT = 520;

/**
 * What is drawn at the window's left edge, a little above its bottom: inside the sidebar (the
 * navigation or something in it), or something else (the frame, the page's own background).
 */
const bottomLeftIsSidebar = (page: Page) =>
  page.evaluate(() => {
    const element = document.elementFromPoint(8, window.innerHeight - 8);
    return element?.closest('nav.sidebar') !== null && element !== null;
  });

const sidebarBackground = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.querySelector('nav.sidebar') as Element).backgroundColor);
const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

/** Where the sidebar's box begins and ends on the page (not in the window), in whole CSS pixels. */
const sidebarSpan = (page: Page) =>
  page.evaluate(() => {
    const box = (document.querySelector('nav.sidebar') as Element).getBoundingClientRect();
    return { top: Math.round(box.top + window.scrollY), bottom: Math.round(box.bottom + window.scrollY) };
  });

describe.skipIf(!available)('the sidebar on a screen taller than the window', () => {
  let harness: DashboardHarness;
  let page: Page;
  beforeAll(async () => {
    harness = await startDashboardHarness();
    page = await harness.newPage({ height: WINDOW_HEIGHT });
    await harness.signUp(page, ADA);
    await page.waitForURL(/\/inbox/);
    // Each act is a line in the audit log.
    for (let index = 0; index < 30; index += 1) {
      await harness.api('/inboxes', { method: 'POST', body: JSON.stringify({ name: `Inbox ${index}` }) });
    }
  });
  afterAll(async () => {
    await harness?.close();
  });

  for (const [screen, link, heading] of [
    ['insights', 'Insights', 'Insights'],
    ['audit-log', 'Settings', 'Audit log'],
  ] as const) {
    it(`keeps its background down to the window's bottom, scrolled to the end of ${screen}`, async () => {
      await page.getByRole('navigation', { name: 'Organization' }).getByRole('link', { name: link }).click();
      if (heading === 'Audit log') {
        await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: heading }).click();
      }
      await expect.poll(() => page.getByRole('heading', { level: 1, name: heading }).isVisible()).toBe(true);
      // The screen's rows arrive after its heading: wait until they make it taller than the window.
      const overflow = () => page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
      await expect.poll(overflow, { message: 'the screen is taller than the window' }).toBeGreaterThan(200);
      await page.waitForLoadState('networkidle');
      const scrollable = await overflow();

      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
      expect(await bottomLeftIsSidebar(page), 'the sidebar at the bottom-left, scrolled to the end').toBe(true);
      expect(await sidebarBackground(page)).not.toBe(await bodyBackground(page));
      // The box that draws the background spans the page from top to bottom, so a full-page
      // screenshot (which does not scroll) shows it all the way down too.
      expect(await sidebarSpan(page)).toEqual({ top: 0, bottom: scrollable + WINDOW_HEIGHT });
      await page.screenshot({ path: `${SCREENSHOT_DIR}sidebar-scrolled-${screen}.png`, animations: 'disabled' });
      await harness.screenshot(page, `sidebar-full-${screen}`);
    });
  }
});
