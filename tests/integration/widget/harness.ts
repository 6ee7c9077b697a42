import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  type FeedbackRow,
  type HearbackPages,
  launchChromium,
  serveHearbackPages,
  type TestHearback,
} from '@hearback/test-utils';
import type { FeedbackKind } from '@hearback/widget';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';

export const EXAMPLE_DIR = fileURLToPath(new URL('../../../examples/script-tag/', import.meta.url));
/** Every kind with the option a test picks in it (its accessible name); text has none. */
export const KINDS: [FeedbackKind, string | null][] = [
  ['thumbs', 'Yes'],
  ['stars', '4 of 5 stars'],
  ['nps', '9'],
  ['csat', '4'],
  ['emoji', 'Good'],
  ['text', null],
];

export const SCREENSHOT_DIR = fileURLToPath(new URL('../test-output/screenshots/', import.meta.url));

/** The real server serving the example pages (`--public-dir`) and its built widget.js, and Debian's Chromium. */
export interface Harness {
  hearback: TestHearback;
  site: HearbackPages;
  browser: Browser;
  /**
   * The URL of an example page as the server serves it, rendered with the test organization's
   * keys; `values` fill its other placeholders (`{ type: 'nps' }` fills `{{TYPE}}`).
   */
  pageUrl(file: string, values?: Record<string, string>): string;
  /** A fresh browser context (own localStorage) and page. */
  newPage(options?: { colorScheme?: 'light' | 'dark'; width?: number; height?: number }): Promise<Page>;
  /** Waits until the organization holds `count` rows matching `filter`, and returns them. */
  rows(filter: (row: FeedbackRow) => boolean, count?: number): Promise<FeedbackRow[]>;
  screenshot(page: Page, name: string): Promise<void>;
  close(): Promise<void>;
}

/** How much faster {@link HarnessOptions.fastAnimations} plays animations: the widget's 0.2 s entrance in 20 ms. */
const FAST_ANIMATION_RATE = 10;

export interface HarnessOptions {
  /**
   * Plays every page's CSS animations 10 times faster (Chromium's DevTools playback rate), for
   * suites that wait for an animation's end state and look at it, not at the motion: the
   * dialog's entrance still runs and ends as it does for a visitor, about 150 ms sooner per open.
   * Off by default; motion.test.ts measures the animations themselves.
   */
  fastAnimations?: boolean;
}

export async function startHarness({ fastAnimations = false }: HarnessOptions = {}): Promise<Harness> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const site = await serveHearbackPages(EXAMPLE_DIR, { TYPE: 'thumbs', POSITION: 'bottom-right', THEME: 'system' });
  const { hearback } = site;
  const browser = await launchChromium();
  const contexts: BrowserContext[] = [];
  return {
    hearback,
    site,
    browser,
    pageUrl(file, values = {}) {
      const upper = Object.fromEntries(Object.entries(values).map(([name, value]) => [name.toUpperCase(), value]));
      return site.page(file, upper);
    },
    async newPage({ colorScheme = 'light', width = 1000, height = 720 } = {}) {
      const context = await browser.newContext({ colorScheme, viewport: { width, height } });
      contexts.push(context);
      const page = await context.newPage();
      if (fastAnimations) {
        // Set once per page: the rate holds across its navigations.
        const devtools = await context.newCDPSession(page);
        await devtools.send('Animation.setPlaybackRate', { playbackRate: FAST_ANIMATION_RATE });
      }
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
    },
  };
}

/** Locators inside the widget's shadow root (Playwright's CSS pierces open shadow roots). */
export const widget = (page: Page) => ({
  launcher: page.locator('hearback-widget .l'),
  dialog: page.locator('hearback-widget .d'),
  score: (name: string) => page.locator('hearback-widget').getByRole('radio', { name, exact: true }),
  comment: page.locator('hearback-widget textarea'),
  send: page.locator('hearback-widget .s'),
  title: page.locator('hearback-widget #hb-t'),
  outcome: page.locator('hearback-widget .ok'),
  /** Waits until the dialog has gone, its exit transition included. */
  closed: () => expect.poll(() => page.locator('hearback-widget .d').count(), { timeout: 5_000 }).toBe(0),
  /** Waits for the dialog, then for its entrance transition to end (colours and boxes are final). */
  settled: async () => {
    const dialog = page.locator('hearback-widget .d');
    await dialog.waitFor();
    await dialog.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
  },
});
