import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { launchChromium, requireChromiumOrSkip, startHearback, type TestHearback } from '@hearback/test-utils';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const SCREENSHOT_DIR = fileURLToPath(new URL('../test-output/screenshots/', import.meta.url));

const available = requireChromiumOrSkip('API reference');

let hearback: TestHearback;
let browser: Browser;
beforeAll(async () => {
  if (!available) return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  hearback = await startHearback();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await hearback?.close();
});

/**
 * A desktop-width light page on which every request for another host is aborted and recorded, as
 * on a machine with no network but the server; CSP violations and page errors are recorded too.
 */
async function offlinePage() {
  const context = await browser.newContext({ colorScheme: 'light', viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const origin = new URL(hearback.url).origin;
  const elsewhere: string[] = [];
  const errors: string[] = [];
  await page.route('**/*', (route) => {
    const url = route.request().url();
    if (new URL(url).origin === origin) return route.continue();
    elsewhere.push(url);
    return route.abort('internetdisconnected');
  });
  // Requests that never reach the router (a worker's, a beacon) are still seen here.
  page.on('request', (request) => {
    const url = request.url();
    if (!/^(data|blob):/.test(url) && new URL(url).origin !== origin && !elsewhere.includes(url)) elsewhere.push(url);
  });
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  await page.addInitScript(() => {
    const violations: string[] = [];
    (window as unknown as { violations: string[] }).violations = violations;
    document.addEventListener(
      'securitypolicyviolation',
      (event) =>
        violations.push(
          `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}:${event.columnNumber} ${event.sample}`,
        ),
      true,
    );
  });
  const violations = () => page.evaluate(() => (window as unknown as { violations: string[] }).violations);
  return { page, elsewhere, errors, violations, close: () => context.close() };
}

async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: `${SCREENSHOT_DIR}${name}.png`, animations: 'disabled' });
}

describe.skipIf(!available)('the API reference at /docs in Chromium, with no network beyond the server', () => {
  it('renders the operations from the served document, loading nothing from another host', async () => {
    const { page, elsewhere, errors, violations, close } = await offlinePage();
    const response = await page.goto(`${hearback.url}/docs`);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");

    // Operation summaries come from /openapi.json: the renderer ran and read the document.
    await page.getByRole('heading', { name: 'Submit feedback' }).first().waitFor({ timeout: 30_000 });
    for (const tag of ['Feedback', 'API keys', 'Organizations']) {
      await page.getByText(`Open Group - ${tag}`).first().waitFor({ state: 'attached' });
    }
    // "Try it" goes to this server, with the API-key header scheme preselected and no key in it.
    await expect.poll(() => page.getByText(hearback.url).count()).toBeGreaterThan(0);
    await page.getByText('Selected Auth Type: ApiKeyAuth').first().waitFor({ state: 'attached' });
    await page.getByText('X-Service-Key').first().waitFor();
    await screenshot(page, 'api-reference');

    expect(elsewhere).toEqual([]);
    // The bundle's schema library probes once for `eval` (`Function('')` in a try) and, refused,
    // does without: that report is expected; anything else the policy refuses is a failure.
    expect((await violations()).filter((violation) => !violation.startsWith('script-src eval '))).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });

  it('"try it" sends the key pasted into the preselected X-Service-Key field to this server', async () => {
    const { page, elsewhere, close } = await offlinePage();
    const sent: { url: string; key: string | undefined }[] = [];
    page.on('request', (request) => sent.push({ url: request.url(), key: request.headers()['x-service-key'] }));
    await page.goto(`${hearback.url}/docs`);
    await page.getByRole('heading', { name: 'Submit feedback' }).first().waitFor({ timeout: 30_000 });
    // The field is empty (only Scalar's placeholder): the reader pastes a key of their own.
    const keyField = page.getByRole('textbox', { name: 'Value' }).first();
    expect(await keyField.inputValue()).toBe('');
    await keyField.fill(hearback.adminKey);

    await page.getByText('Open Group - Identity').first().click();
    await page.getByText('The API key making the request: its organization, brand and scopes').first().click();
    await page.getByRole('button', { name: /Test Request\s*\(get \/me\)/ }).click({ timeout: 10_000 });
    await page.getByRole('button', { name: /Send get request to/ }).click();
    await page.getByText('200 OK').first().waitFor();
    await page.getByText(hearback.orgId).first().waitFor();
    await screenshot(page, 'api-reference-try-it');

    expect(sent.filter((request) => request.url === `${hearback.url}/me`)).toEqual([
      { url: `${hearback.url}/me`, key: hearback.adminKey },
    ]);
    expect(elsewhere).toEqual([]);
    await close();
  });
});
