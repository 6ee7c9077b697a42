import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { requireChromiumOrSkip } from '@hearback/test-utils';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness, widget } from './harness.js';

const available = requireChromiumOrSkip('widget CSP');

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.close();
});

/** Records every CSP violation the page reports (init scripts come from the browser, so no policy applies to them). */
async function countViolations(page: Page) {
  await page.addInitScript(() => {
    const violations: string[] = [];
    (window as unknown as { violations: string[] }).violations = violations;
    document.addEventListener(
      'securitypolicyviolation',
      (event) => violations.push(`${event.violatedDirective} ${event.blockedURI}`),
      true,
    );
  });
  return () => page.evaluate(() => (window as unknown as { violations: string[] }).violations);
}

async function submitNps(page: Page, comment: string) {
  const ui = widget(page);
  await ui.launcher.click();
  await ui.score('10').click();
  await ui.comment.fill(comment);
  await ui.send.click();
  await ui.outcome.waitFor();
  await harness.rows((row) => row.comment === comment && row.score === 10);
}

/** The policy is really in force: a `<style>` without a nonce is refused and reported. */
async function expectStylesRefused(page: Page, violations: () => Promise<string[]>) {
  await page.evaluate(() => {
    const style = document.createElement('style');
    style.textContent = 'body { background: red }';
    document.head.append(style);
  });
  await expect.poll(violations).toEqual([expect.stringMatching(/^style-src/)]);
}

describe.skipIf(!available)('the widget on a strict-CSP page', () => {
  it('works on a strict-CSP page (nonce only, no unsafe-inline or unsafe-eval) with zero violations', async () => {
    const page = await harness.newPage();
    const violations = await countViolations(page);
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await page.goto(harness.pageUrl('csp.html', { type: 'nps' }));
    await submitNps(page, 'Strict CSP, still fine');
    await harness.screenshot(page, 'csp-sent');
    expect(await violations()).toEqual([]);
    expect(consoleErrors.filter((text) => /Content Security Policy/i.test(text))).toEqual([]);
    await expectStylesRefused(page, violations);
  });

  it('falls back to nonce’d <style> elements where constructed stylesheets are missing', async () => {
    const page = await harness.newPage();
    const violations = await countViolations(page);
    // As in a browser without constructed stylesheets (Safari before 16.4).
    await page.addInitScript(() => {
      delete (CSSStyleSheet.prototype as Partial<CSSStyleSheet>).replaceSync;
    });
    await page.goto(harness.pageUrl('csp.html', { type: 'nps' }));
    await submitNps(page, 'Strict CSP, older browser');
    expect(await page.locator('hearback-widget').evaluate((host) => host.shadowRoot?.adoptedStyleSheets.length)).toBe(
      0,
    );
    expect(await page.locator('hearback-widget style').count()).toBe(2);
    expect(await violations()).toEqual([]);
  });

  const nonce = randomBytes(16).toString('base64');
  it.each([
    ["style-src 'self'; script-src 'self'", ''],
    [`script-src 'nonce-${nonce}' 'strict-dynamic'; style-src 'self'`, nonce],
  ])('is styled under `%s` (no nonce for styles) with zero violations', async (policy, scriptNonce) => {
    const page = await harness.newPage();
    const violations = await countViolations(page);
    const { url, inboxKey, collectKey } = harness.hearback;
    // A document of the server's origin, sent with the policy as a response header.
    await page.route(`${url}/csp-header.html`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        headers: { 'content-security-policy': policy },
        body: `<!doctype html><html lang="en"><title>CSP header</title><h1>Policy: ${policy}</h1>
<script src="/widget.js" nonce="${scriptNonce}" data-inbox-key="${inboxKey}" data-key="${collectKey}" data-type="nps" async></script>`,
      }),
    );
    await page.goto(`${url}/csp-header.html`);
    const ui = widget(page);
    await ui.launcher.waitFor();
    const corner = page.locator('hearback-widget .r');
    expect(await corner.evaluate((element) => getComputedStyle(element).position)).toBe('fixed');
    expect(await ui.launcher.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(79, 70, 229)');
    await submitNps(page, `Styled under ${policy}`);
    // Unstyled, the dialog would be transparent and static.
    expect(await ui.dialog.evaluate((element) => getComputedStyle(element).backgroundColor)).not.toBe(
      'rgba(0, 0, 0, 0)',
    );
    await harness.screenshot(page, `csp-header-${scriptNonce ? 'strict-dynamic' : 'self'}`);
    expect(await violations()).toEqual([]);
    await expectStylesRefused(page, violations);
  });

  it('works on another origin’s page under exactly the directives the README names', async () => {
    const page = await harness.newPage();
    const violations = await countViolations(page);
    const { url, inboxKey, collectKey } = harness.hearback;
    // The same server under another name is another origin: the shop's page comes from
    // localhost, widget.js, the dialog script and /collect from 127.0.0.1.
    const shop = url.replace('127.0.0.1', 'localhost');
    const policy = `default-src 'none'; script-src 'self' ${url}; style-src 'self'; connect-src ${url}`;
    writeFileSync(
      join(harness.site.publicDir, 'shop-csp.html'),
      `<!doctype html><html lang="en"><meta http-equiv="Content-Security-Policy" content="${policy}">
<title>Shop</title><h1>Shop</h1>
<script src="${url}/widget.js" data-inbox-key="${inboxKey}" data-key="${collectKey}" data-type="nps" async></script>`,
    );
    await page.goto(`${shop}/shop-csp.html`);
    await submitNps(page, 'Another origin under a strict policy');
    expect(await violations()).toEqual([]);
    await expectStylesRefused(page, violations);
  });
});
