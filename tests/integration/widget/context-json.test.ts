import { requireChromiumOrSkip } from '@hearback/test-utils';
import type { HearbackGlobal } from '@hearback/widget';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness, widget } from './harness.js';

const available = requireChromiumOrSkip('widget context JSON');

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness({ fastAnimations: true });
});
afterAll(async () => {
  await harness?.close();
});

/** What the test page keeps: what onError heard. */
type TestPage = { Hearback: HearbackGlobal; errors: string[] };

describe.skipIf(!available)('a context that cannot become JSON', () => {
  it('fails as invalid input naming the context, sends nothing, and never blames an ad blocker', async () => {
    const page = await harness.newPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(harness.pageUrl('index.html', { type: 'nps' }));
    const ui = widget(page);
    await ui.launcher.waitFor();
    await page.evaluate(
      ([inboxKey, apiKey]) => {
        const test = window as unknown as TestPage;
        test.errors = [];
        test.Hearback.init({
          inboxKey,
          apiKey,
          type: 'nps',
          onError: (error) => test.errors.push(`${error.code} ${error.message}`),
        });
        // A page that hands over its own state object, which points back at itself.
        const cart: Record<string, unknown> = { items: 2 };
        cart.self = cart;
        test.Hearback.setContext({ cart });
      },
      [harness.hearback.inboxKey, harness.hearback.collectKey] as const,
    );
    await ui.launcher.click();
    await ui.settled();
    await ui.score('9').click();
    await ui.send.click();
    await page.locator('hearback-widget [role=alert]').getByText('Your feedback couldn’t be sent.').waitFor();
    const [error] = await page.evaluate(() => (window as unknown as TestPage).errors);
    expect(error).toMatch(/^invalid_input context: TypeError: Converting circular structure to JSON/);
    expect(requested.filter((path) => path === '/collect' || path === '/healthz')).toEqual([]);
  });
});
