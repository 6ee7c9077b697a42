import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { launchChromium, type StartHearbackOptions, startHearback, type TestHearback } from '@hearback/test-utils';
import type { Browser, BrowserContext, Page } from 'playwright-core';

export { seriousViolations } from '../support/serious-violations.js';

export const SCREENSHOT_DIR = fileURLToPath(new URL('../test-output/screenshots/dashboard/', import.meta.url));

/** A person with an account, as the tests sign them up. */
export interface Person {
  name: string;
  email: string;
  password: string;
}

/** The browser a page opens in: desktop by default; {@link PHONE} for a phone. */
export interface NewPageOptions {
  colorScheme?: 'light' | 'dark';
  width?: number;
  height?: number;
  /** A phone's browser: the meta viewport is honoured and touch events fire. */
  isMobile?: boolean;
  hasTouch?: boolean;
  deviceScaleFactor?: number;
}

/** A phone in portrait, 390 × 844 CSS pixels at two device pixels each (an iPhone 12 to 14). */
export const PHONE = {
  width: 390,
  height: 844,
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
} as const satisfies NewPageOptions;

/** The real server (SQLite, real HTTP, the built dashboard at /app) and Debian's Chromium. */
export interface DashboardHarness {
  hearback: TestHearback;
  /** A page in a fresh browser context (its own cookies), recording CSP violations and errors. */
  newPage(options?: NewPageOptions): Promise<Page>;
  /** Signs `person` up through the sign-up screen (or the one at `path`) and waits for the signed-in app. */
  signUp(page: Page, person: Person, path?: string): Promise<void>;
  /** Signs `person` in through the sign-in screen and waits for the signed-in app. */
  signIn(page: Page, person: Person): Promise<void>;
  /**
   * `person` joins the organization as `role`: `inviter`'s session invites them (through the API:
   * the Team screens have their own suite), then, on a new page, they sign up from the invitation's
   * link and accept it. Resolves with their page, on the inbox.
   */
  join(inviter: Page, person: Person, role: 'viewer' | 'member' | 'admin'): Promise<Page>;
  /** `POST /collect` with the bootstrapped inbox and collect key, as a site's widget would. */
  collect(body: Record<string, unknown>): Promise<{ id: string }>;
  /** An API call with the bootstrapped admin key, under the organization's path. */
  api<T = Record<string, unknown>>(path: string, init?: RequestInit): Promise<T>;
  /**
   * The link of the latest account mail to `to` whose subject matches: without SMTP the server
   * logs each one for the operator (README, "Mail"), and the harness reads that log.
   */
  mailedLink(to: string, subject: RegExp): string | undefined;
  /** CSP violations the page reported so far (directive and blocked URL). */
  cspViolations(page: Page): Promise<string[]>;
  /** Uncaught errors and console errors so far; after a 5xx, what the server logged too. */
  errors(page: Page): string[];
  /** A full-page screenshot in test-output/screenshots/dashboard/. */
  screenshot(page: Page, name: string): Promise<void>;
  close(): Promise<void>;
}

/** `options` go to the server (e.g. `deliverWebhooksLocally` for automations). */
export async function startDashboardHarness(options: StartHearbackOptions = {}): Promise<DashboardHarness> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const hearback = await startHearback(options);
  const browser: Browser = await launchChromium();
  const contexts: BrowserContext[] = [];
  const errors = new WeakMap<Page, string[]>();
  const harness: DashboardHarness = {
    hearback,
    async newPage({ colorScheme = 'light', width = 1280, height = 860, ...device } = {}) {
      const context = await browser.newContext({
        colorScheme,
        viewport: { width, height },
        locale: 'en-US',
        ...device,
      });
      contexts.push(context);
      // Runs before the app's own scripts, through the DevTools protocol (the page's CSP does not apply to it).
      await context.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
        document.addEventListener('securitypolicyviolation', (event) =>
          seen.push(`${event.violatedDirective} ${event.blockedURI}`),
        );
      });
      const page = await context.newPage();
      const seen: string[] = [];
      errors.set(page, seen);
      page.on('pageerror', (error) => seen.push(String(error)));
      page.on('console', (message) => {
        // A signed-out visitor's `GET /account` is answered 401: how the app learns to show sign-in.
        const signedOutProbe = message.location().url.endsWith('/account') && message.text().includes('401');
        // With the resource's address: "Failed to load resource: … 500" alone does not say which.
        if (message.type() === 'error' && !signedOutProbe) {
          const { url } = message.location();
          seen.push(url ? `${message.text()} (${url})` : message.text());
        }
      });
      return page;
    },
    async signUp(page, person, path = '/app/sign-up') {
      await page.goto(`${hearback.url}${path}`);
      await page.getByLabel('Name').fill(person.name);
      await page.getByLabel('Work email').fill(person.email);
      await page.getByLabel('Password').fill(person.password);
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.waitForURL((url) => !url.pathname.startsWith('/app/sign-up'));
    },
    async signIn(page, person) {
      await page.goto(`${hearback.url}/app/sign-in`);
      await page.getByLabel('Email').fill(person.email);
      await page.getByLabel('Password').fill(person.password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForURL((url) => !url.pathname.startsWith('/app/sign-in'));
    },
    async join(inviter, person, role) {
      const acceptUrl = await inviter.evaluate(
        async ({ orgId, email, role }) => {
          const response = await fetch(`/organizations/${orgId}/invites`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email, role }),
          });
          return ((await response.json()) as { acceptUrl: string }).acceptUrl;
        },
        { orgId: hearback.orgId, email: person.email, role },
      );
      const accept = new URL(acceptUrl);
      const page = await harness.newPage();
      const redirect = `${accept.pathname.replace(/^\/app/, '')}${accept.search}`;
      await harness.signUp(page, person, `/app/sign-up?redirect=${encodeURIComponent(redirect)}`);
      await page.getByRole('button', { name: 'Accept invitation' }).click();
      await page.waitForURL(/\/inbox/);
      return page;
    },
    async collect(body) {
      const response = await fetch(`${hearback.url}/collect`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-service-key': hearback.collectKey },
        body: JSON.stringify({ inboxKey: hearback.inboxKey, ...body }),
      });
      if (response.status !== 201) throw new Error(`collect: ${response.status} ${await response.text()}`);
      return (await response.json()) as { id: string };
    },
    async api(path, init = {}) {
      const response = await fetch(`${hearback.url}/organizations/${hearback.orgId}${path}`, {
        ...init,
        headers: { 'x-service-key': hearback.adminKey, 'content-type': 'application/json' },
      });
      if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`);
      return response.json();
    },
    mailedLink: (to, subject) =>
      hearback.log
        .filter((entry) => entry.fields.to === to && subject.test(String(entry.fields.subject)))
        .map((entry) => String(entry.fields.link))
        .at(-1),
    cspViolations: (page) => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations),
    errors(page) {
      const seen = errors.get(page) ?? [];
      // A 5xx alone says nothing of its cause; the server logged it (with its stack) in memory.
      if (!seen.some((error) => /status of 5\d\d/.test(error))) return seen;
      const failures = hearback.log
        .filter((entry) => entry.level === 'error')
        .map((entry) => `server logged "${entry.message}": ${JSON.stringify(entry.fields)}`);
      return [...seen, ...failures];
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
  return harness;
}
