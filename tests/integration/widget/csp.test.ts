import { requireChromiumOrSkip } from '@hearback/test-utils';
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

describe.skipIf(!available)('the widget on a strict-CSP page', () => {
  it('works on a strict-CSP page (nonce only, no unsafe-inline or unsafe-eval) with zero violations', async () => {
    const page = await harness.newPage();
    // Init scripts come from the browser, not the page, so the policy does not apply to this one.
    await page.addInitScript(() => {
      const violations: string[] = [];
      (window as unknown as { violations: string[] }).violations = violations;
      document.addEventListener(
        'securitypolicyviolation',
        (event) => violations.push(`${event.violatedDirective} ${event.blockedURI}`),
        true,
      );
    });
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await page.goto(harness.pageUrl('csp.html', { type: 'nps' }));
    const ui = widget(page);
    await ui.launcher.click();
    await ui.score('10').click();
    await ui.comment.fill('Strict CSP, still fine');
    await ui.send.click();
    await ui.outcome.waitFor();
    await harness.screenshot(page, 'csp-sent');
    await harness.rows((row) => row.comment === 'Strict CSP, still fine' && row.score === 10);

    const violations = () => page.evaluate(() => (window as unknown as { violations: string[] }).violations);
    expect(await violations()).toEqual([]);
    expect(consoleErrors.filter((text) => /Content Security Policy/i.test(text))).toEqual([]);

    // The policy is really in force: a style without the nonce is refused and reported.
    await page.evaluate(() => {
      const style = document.createElement('style');
      style.textContent = 'body { background: red }';
      document.head.append(style);
    });
    await expect.poll(violations).toEqual([expect.stringMatching(/^style-src/)]);
  });
});
