import { requireChromiumOrSkip } from '@hearback/test-utils';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness, widget } from './harness.js';
import { type AnswerLoss, startLossyProxy } from './lossy-proxy.js';

const available = requireChromiumOrSkip('widget try again');

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness({ fastAnimations: true });
});
afterAll(async () => {
  await harness?.close();
});

/**
 * A page whose storage throws, as a browser that blocks third-party storage does for a widget in
 * a cross-site frame: a failed submission cannot be queued, so the dialog says it failed and
 * offers Try again.
 */
async function withoutStorage(page: Page) {
  await page.addInitScript(() =>
    Object.defineProperty(window, 'localStorage', {
      get() {
        throw new DOMException('Access is denied for this document.', 'SecurityError');
      },
    }),
  );
}

const rowsWith = async (comment: string) =>
  (await harness.hearback.listFeedback()).filter((row) => row.comment === comment);

describe.skipIf(!available)('Try again after the server stored the feedback but its answer was lost', () => {
  it.each<AnswerLoss>(['connection-reset', 'gateway-timeout'])(
    '%s: the retry repeats the first request, and one row is stored',
    async (loss) => {
      const proxy = await startLossyProxy(harness.hearback.url, loss);
      try {
        const page = await harness.newPage();
        await withoutStorage(page);
        const keys: string[] = [];
        page.on('request', (request) => {
          if (request.url().endsWith('/collect')) keys.push(request.headers()['idempotency-key'] ?? '');
        });
        // The page, widget.js and /collect all go through the proxy, as behind a real one.
        await page.goto(harness.pageUrl('index.html', { type: 'nps' }).replace(harness.hearback.url, proxy.url));
        const ui = widget(page);
        const comment = `Stored, answer lost (${loss})`;
        await ui.launcher.click();
        await ui.settled();
        await ui.score('7').click();
        await ui.comment.fill(comment);
        await ui.send.click();
        await page.locator('hearback-widget [role=alert]').getByText('Your feedback couldn’t be sent.').waitFor();
        expect(await ui.send.textContent()).toBe('Try again');
        // The server has it; only the browser does not know.
        expect(await rowsWith(comment)).toHaveLength(1);

        // Meanwhile the page moves on (a single-page app's route): the retry still carries the
        // first attempt's context, so the server takes it for the same request.
        await page.evaluate(() => history.pushState(null, '', '#checkout'));
        await ui.send.click();
        await ui.outcome.waitFor();
        expect(await ui.title.textContent()).toBe('Thanks for your feedback!');
        await harness.screenshot(page, `try-again-${loss}-sent`);

        const rows = await rowsWith(comment);
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({ type: 'nps', score: 7 });
        expect(proxy.collects).toBe(2);
        expect(keys).toHaveLength(2);
        expect(keys[1]).toBe(keys[0]);
        expect(rows[0]?.context.url).not.toContain('#checkout');
      } finally {
        await proxy.close();
      }
    },
  );

  it('a changed score after the failure is new feedback: a new key, a second row', async () => {
    const proxy = await startLossyProxy(harness.hearback.url, 'connection-reset');
    try {
      const page = await harness.newPage();
      await withoutStorage(page);
      await page.goto(harness.pageUrl('index.html', { type: 'nps' }).replace(harness.hearback.url, proxy.url));
      const ui = widget(page);
      const comment = 'Changed my mind after the failure';
      await ui.launcher.click();
      await ui.settled();
      await ui.score('3').click();
      await ui.comment.fill(comment);
      await ui.send.click();
      await page.locator('hearback-widget [role=alert]').getByText('Your feedback couldn’t be sent.').waitFor();
      await ui.score('4').click();
      await ui.send.click();
      await ui.outcome.waitFor();
      const rows = await rowsWith(comment);
      expect(rows.map((row) => row.score).sort()).toEqual([3, 4]);
    } finally {
      await proxy.close();
    }
  });
});
