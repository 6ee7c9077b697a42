import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { launchChromium, startHearback, type TestHearback } from '@hearback/test-utils';
import type { Browser, BrowserContext, Page } from 'playwright-core';

export { seriousViolations } from '../support/serious-violations.js';

export const SCREENSHOT_DIR = fileURLToPath(new URL('../test-output/screenshots/feedback-pages/', import.meta.url));

/** A page created and published through the API, with its public URL. */
export interface PublishedPage {
  id: string;
  url: string;
}

/** The real server (SQLite, real HTTP) and Debian's Chromium, for the public feedback pages. */
export interface PageHarness {
  hearback: TestHearback;
  /** Creates and publishes a page through the API. */
  publish(body: Record<string, unknown>): Promise<PublishedPage>;
  /** The page's stored responses, newest first, as the API lists them. */
  responses(pageId: string): Promise<Record<string, unknown>[]>;
  newPage(options?: { colorScheme?: 'light' | 'dark'; width?: number; height?: number }): Promise<Page>;
  /** The console errors of a page so far (a refused script, style or worker shows up here). */
  consoleErrors(page: Page): string[];
  screenshot(page: Page, name: string): Promise<void>;
  close(): Promise<void>;
}

export async function startPageHarness(): Promise<PageHarness> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const hearback = await startHearback();
  const browser: Browser = await launchChromium();
  const contexts: BrowserContext[] = [];
  const errors = new WeakMap<Page, string[]>();
  const api = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`${hearback.url}/v1/organizations/${hearback.orgId}${path}`, {
      ...init,
      headers: { 'x-service-key': hearback.adminKey, 'content-type': 'application/json' },
    });
    if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  const { slug: orgSlug } = await api('');
  let pages = 0;
  return {
    hearback,
    async publish(body) {
      const page = await api('/feedback-pages', {
        method: 'POST',
        body: JSON.stringify({ slug: `page-${++pages}`, ...body }),
      });
      await api(`/feedback-pages/${page.id}/publish`, { method: 'POST' });
      return { id: page.id, url: `${hearback.url}/f/${orgSlug}/${page.slug}` };
    },
    async responses(pageId) {
      return (await api(`/feedback-pages/${pageId}/responses`)).data;
    },
    async newPage({ colorScheme = 'light', width = 800, height = 900 } = {}) {
      const context = await browser.newContext({ colorScheme, viewport: { width, height }, locale: 'en-US' });
      contexts.push(context);
      const page = await context.newPage();
      const seen: string[] = [];
      errors.set(page, seen);
      page.on('pageerror', (error) => seen.push(String(error)));
      page.on('console', (message) => {
        if (message.type() === 'error') seen.push(message.text());
      });
      return page;
    },
    consoleErrors(page) {
      return errors.get(page) ?? [];
    },
    async screenshot(page, name) {
      await page.screenshot({ path: `${SCREENSHOT_DIR}${name}.png`, fullPage: true, animations: 'disabled' });
    },
    async close() {
      for (const context of contexts) await context.close();
      await browser.close();
      await hearback.close();
    },
  };
}
