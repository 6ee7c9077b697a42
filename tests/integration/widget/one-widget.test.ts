import { requireChromiumOrSkip } from '@hearback/test-utils';
import type { HearbackGlobal } from '@hearback/widget';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness, widget } from './harness.js';

const available = requireChromiumOrSkip('one widget per page');

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.close();
});

type WithHearback = { Hearback: HearbackGlobal };

function collectWarnings(page: Page) {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' && message.text().includes('[hearback]')) warnings.push(message.text());
  });
  return warnings;
}

describe.skipIf(!available)('one widget per page', () => {
  it('two script tags: one widget, and one console warning about the other tag', async () => {
    const page = await harness.newPage();
    const warnings = collectWarnings(page);
    const { url, inboxKey, collectKey } = harness.hearback;
    const tag = (type: string) =>
      `<script src="/widget.js?${type}" data-inbox-key="${inboxKey}" data-key="${collectKey}" data-type="${type}" async></script>`;
    // The snippet pasted twice (say by a CMS plugin and by hand), as two separate downloads.
    await page.route(`${url}/two-tags.html`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><title>Two tags</title>${tag('nps')}${tag('stars')}`,
      }),
    );
    await page.goto(`${url}/two-tags.html`);
    await widget(page).launcher.waitFor();
    await expect.poll(() => warnings.length).toBe(1);
    expect(warnings[0]).toMatch(/widget\.js is on this page twice/);
    expect(await page.locator('hearback-widget').count()).toBe(1);
    expect(await page.locator('hearback-widget .l').count()).toBe(1);
  });

  it('a page that calls init() before the DOM is ready keeps its widget over the tag’s', async () => {
    const page = await harness.newPage();
    const { url, inboxKey, collectKey } = harness.hearback;
    // widget.js without async in the head; the page's own script runs before DOMContentLoaded.
    await page.route(`${url}/init-early.html`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><title>Early init</title>
<script src="/widget.js" data-inbox-key="${inboxKey}" data-key="${collectKey}" data-type="nps"></script>
<body><script>Hearback.init({ inboxKey: '${inboxKey}', apiKey: '${collectKey}', type: 'stars' });</script></body>`,
      }),
    );
    await page.goto(`${url}/init-early.html`);
    const ui = widget(page);
    await ui.launcher.click();
    await ui.score('5 of 5 stars').waitFor();
    expect(await page.locator('hearback-widget').count()).toBe(1);
  });

  it('init() twice without destroy() replaces the widget; bad options keep the current one', async () => {
    const page = await harness.newPage();
    const warnings = collectWarnings(page);
    await page.goto(harness.pageUrl('index.html', { type: 'nps' }));
    await widget(page).launcher.waitFor();
    const { inboxKey, collectKey } = harness.hearback;
    // A single-page app initialising on every route change.
    for (const type of ['thumbs', 'stars'] as const) {
      await page.evaluate(
        ([inbox, key, kind]) =>
          (window as unknown as WithHearback).Hearback.init({ inboxKey: inbox, apiKey: key, type: kind }),
        [inboxKey, collectKey, type] as const,
      );
    }
    expect(await page.locator('hearback-widget').count()).toBe(1);
    const refused = await page.evaluate(() => {
      try {
        (window as unknown as WithHearback).Hearback.init({ inboxKey: '', apiKey: '' });
        return '';
      } catch (error) {
        return `${error}`;
      }
    });
    expect(refused).toMatch(/inboxKey/);
    expect(await page.locator('hearback-widget').count()).toBe(1);

    // The one left is the last init's: stars, and it sends.
    const ui = widget(page);
    await ui.launcher.click();
    await ui.score('4 of 5 stars').click();
    await ui.comment.fill('After three inits');
    await ui.send.click();
    await ui.outcome.waitFor();
    const [row] = await harness.rows((candidate) => candidate.comment === 'After three inits');
    expect(row).toMatchObject({ type: 'stars', score: 4 });
    expect(warnings).toEqual([]);
  });
});
