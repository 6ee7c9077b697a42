import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  type FeedbackRow,
  launchChromium,
  type StaticServer,
  serveStatic,
  startHearback,
  type TestHearback,
} from '@hearback/test-utils';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';

export const EXAMPLE_DIR = fileURLToPath(new URL('../../../../examples/script-tag/', import.meta.url));
const DIST_DIR = fileURLToPath(new URL('../../dist/browser/', import.meta.url));
export const SCREENSHOT_DIR = fileURLToPath(new URL('../../test-output/screenshots/', import.meta.url));

/** The real server, the example pages with the built widget.js, and Debian's Chromium. */
export interface Harness {
  hearback: TestHearback;
  site: StaticServer;
  browser: Browser;
  /** A fresh browser context (own localStorage) and page. */
  newPage(options?: { colorScheme?: 'light' | 'dark'; width?: number; height?: number }): Promise<Page>;
  /** Waits until the organization holds `count` rows matching `filter`, and returns them. */
  rows(filter: (row: FeedbackRow) => boolean, count?: number): Promise<FeedbackRow[]>;
  screenshot(page: Page, name: string): Promise<void>;
  close(): Promise<void>;
}

export async function startHarness(): Promise<Harness> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const hearback = await startHearback();
  const site = await serveStatic({
    mounts: { '/': EXAMPLE_DIR, '/widget/': DIST_DIR },
    placeholders: {
      WIDGET_SRC: '/widget/widget.js',
      HEARBACK_URL: hearback.url,
      INBOX_KEY: hearback.inboxKey,
      COLLECT_KEY: hearback.collectKey,
      TYPE: 'thumbs',
      POSITION: 'bottom-right',
      THEME: 'system',
    },
  });
  const browser = await launchChromium();
  const contexts: BrowserContext[] = [];
  return {
    hearback,
    site,
    browser,
    async newPage({ colorScheme = 'light', width = 1000, height = 720 } = {}) {
      const context = await browser.newContext({ colorScheme, viewport: { width, height } });
      contexts.push(context);
      const page = await context.newPage();
      page.on('pageerror', (error) => console.error('page error:', error));
      return page;
    },
    async rows(filter, count = 1) {
      const matching = async () => (await hearback.listFeedback()).filter(filter);
      await expect.poll(async () => (await matching()).length, { timeout: 10_000 }).toBe(count);
      return matching();
    },
    async screenshot(page, name) {
      await page.screenshot({ path: `${SCREENSHOT_DIR}${name}.png`, animations: 'disabled' });
    },
    async close() {
      for (const context of contexts) await context.close();
      await browser.close();
      await site.close();
      await hearback.close();
    },
  };
}

/** Locators inside the widget's shadow root (Playwright's CSS pierces open shadow roots). */
export const widget = (page: Page) => ({
  launcher: page.locator('hearback-widget .l'),
  dialog: page.locator('hearback-widget .d'),
  score: (name: string) => page.locator('hearback-widget').getByRole('button', { name, exact: true }),
  comment: page.locator('hearback-widget textarea'),
  send: page.locator('hearback-widget .s'),
  title: page.locator('hearback-widget #hb-t'),
  outcome: page.locator('hearback-widget .ok'),
});
