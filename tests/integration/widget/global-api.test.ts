import { requireChromiumOrSkip } from '@hearback/test-utils';
import type { HearbackGlobal } from '@hearback/widget';
import widgetPackage from '@hearback/widget/package.json' with { type: 'json' };
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness, widget } from './harness.js';

const available = requireChromiumOrSkip('widget global API');

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.close();
});

type WithHearback = { Hearback: HearbackGlobal };
const isOpen = (page: Page) => page.evaluate(() => (window as unknown as WithHearback).Hearback.widget?.isOpen);

describe.skipIf(!available)('window.Hearback on a script-tag page', () => {
  it("reports the widget package's version", async () => {
    const page = await harness.newPage();
    await page.goto(harness.pageUrl('index.html', { type: 'nps' }));
    await widget(page).launcher.waitFor();
    const version = await page.evaluate(() => (window as unknown as WithHearback).Hearback.version);
    expect(version).toBe(widgetPackage.version);
    expect(version).not.toBe('0.0.0');
  });

  it('opens and closes the script tag’s widget, and sets its context', async () => {
    const page = await harness.newPage();
    await page.goto(harness.pageUrl('index.html', { type: 'nps' }));
    const ui = widget(page);
    await ui.launcher.waitFor();

    await page.evaluate(() => (window as unknown as WithHearback).Hearback.open());
    await ui.dialog.waitFor();
    expect(await ui.launcher.getAttribute('aria-expanded')).toBe('true');
    expect(await isOpen(page)).toBe(true);
    await page.evaluate(() => (window as unknown as WithHearback).Hearback.close());
    await ui.closed();
    expect(await isOpen(page)).toBe(false);

    // `null` removes a key the script tag's data-context set.
    await page.evaluate(() =>
      (window as unknown as WithHearback).Hearback.setContext({ plan: 'pro', page: null, userId: 'u_99' }),
    );
    await page.evaluate(() => (window as unknown as WithHearback).Hearback.open());
    await ui.score('8').click();
    await ui.comment.fill('Through the global API');
    await ui.send.click();
    await ui.outcome.waitFor();
    await harness.screenshot(page, 'global-api-sent');
    const [row] = await harness.rows((candidate) => candidate.comment === 'Through the global API');
    expect(row).toMatchObject({ type: 'nps', score: 8 });
    // The page's viewport (the harness's default window) rides along, as the option's docs promise.
    expect(row?.context).toMatchObject({ plan: 'pro', userId: 'u_99', viewport: { width: 1000, height: 720 } });
    expect(row?.context).not.toHaveProperty('page');
  });

  it('destroys the widget; calls without one do nothing; init creates another', async () => {
    const page = await harness.newPage();
    await page.goto(harness.pageUrl('index.html', { type: 'thumbs' }));
    await widget(page).launcher.waitFor();
    await page.evaluate(() => (window as unknown as WithHearback).Hearback.destroy());
    expect(await page.locator('hearback-widget').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as WithHearback).Hearback.widget)).toBeUndefined();

    await page.evaluate(async () => {
      const { Hearback } = window as unknown as WithHearback;
      await Hearback.open();
      Hearback.close();
      Hearback.setContext({ ignored: true });
      Hearback.destroy();
    });
    expect(await page.locator('hearback-widget').count()).toBe(0);

    const { inboxKey, collectKey } = harness.hearback;
    await page.evaluate(
      ([inbox, key]) =>
        (window as unknown as WithHearback).Hearback.init({ inboxKey: inbox, apiKey: key, type: 'stars' }),
      [inboxKey, collectKey] as const,
    );
    await page.evaluate(() => (window as unknown as WithHearback).Hearback.open());
    const ui = widget(page);
    await ui.score('5 of 5 stars').click();
    await ui.comment.fill('After destroy and init');
    await ui.send.click();
    await ui.outcome.waitFor();
    const [row] = await harness.rows((candidate) => candidate.comment === 'After destroy and init');
    expect(row).toMatchObject({ type: 'stars', score: 5 });
    expect(row?.context).not.toHaveProperty('ignored');
  });
});
