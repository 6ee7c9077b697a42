import { requireChromiumOrSkip } from '@hearback/test-utils';
import type { HearbackGlobal } from '@hearback/widget';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness, widget } from './harness.js';

const available = requireChromiumOrSkip('widget onSubmit failure');

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness({ fastAnimations: true });
});
afterAll(async () => {
  await harness?.close();
});

/** What the test page keeps: whether its onSubmit still fails, and what onError heard. */
type TestPage = { Hearback: HearbackGlobal; failing: boolean; errors: string[] };

describe.skipIf(!available)('a page whose onSubmit throws or rejects', () => {
  it.each(['throws', 'rejects'] as const)(
    '%s: nothing is sent, the dialog says it failed, and Try again sends once onSubmit works',
    async (how) => {
      const page = await harness.newPage();
      const warnings: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'warning') warnings.push(message.text());
      });
      let collects = 0;
      page.on('request', (request) => {
        if (request.url().endsWith('/collect')) collects++;
      });
      await page.goto(harness.pageUrl('index.html', { type: 'nps' }));
      const ui = widget(page);
      await ui.launcher.waitFor();
      const { inboxKey, collectKey } = harness.hearback;
      // The page's own widget, with an onSubmit that fails until the page says otherwise (a
      // consent manager not loaded yet, say).
      await page.evaluate(
        ([inbox, key, failure]) => {
          const test = window as unknown as TestPage;
          test.failing = true;
          test.errors = [];
          test.Hearback.init({
            inboxKey: inbox,
            apiKey: key,
            type: 'nps',
            debug: true,
            onSubmit() {
              if (!test.failing) return { context: { consent: 'given' } };
              const error = new Error('consent manager not ready');
              if (failure === 'throws') throw error;
              return Promise.reject(error);
            },
            onError: (error) => test.errors.push(`${error.code}: ${(error.cause as Error | undefined)?.message}`),
          });
        },
        [inboxKey, collectKey, how] as const,
      );
      const comment = `onSubmit ${how}, then works`;
      await ui.launcher.click();
      await ui.settled();
      await ui.score('8').click();
      await ui.comment.fill(comment);
      await ui.send.click();
      await page.locator('hearback-widget [role=alert]').getByText('Your feedback couldn’t be sent.').waitFor();
      expect(await ui.send.textContent()).toBe('Try again');
      expect(await page.evaluate(() => (window as unknown as TestPage).errors)).toEqual([
        'rejected: consent manager not ready',
      ]);
      expect(collects).toBe(0);
      // With debug, the console says what went wrong, the page's own error included.
      expect(warnings.some((text) => text.includes('[hearback]') && text.includes('consent manager not ready'))).toBe(
        true,
      );
      await harness.screenshot(page, `on-submit-${how}-failed`);

      await page.evaluate(() => {
        (window as unknown as TestPage).failing = false;
      });
      await ui.send.click();
      await ui.outcome.waitFor();
      expect(await ui.title.textContent()).toBe('Thanks for your feedback!');
      const [row] = await harness.rows((candidate) => candidate.comment === comment);
      expect(row).toMatchObject({ type: 'nps', score: 8 });
      expect(row?.context).toMatchObject({ consent: 'given' });
      expect(collects).toBe(1);
    },
  );
});
