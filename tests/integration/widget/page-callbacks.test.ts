import { requireChromiumOrSkip } from '@hearback/test-utils';
import type { HearbackGlobal, SubmitOutcome } from '@hearback/widget';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness, widget } from './harness.js';

const available = requireChromiumOrSkip('widget page callbacks');

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness({ fastAnimations: true });
});
afterAll(async () => {
  await harness?.close();
});

/** What the test page keeps: the window's `error` events and its unhandled rejections. */
type TestPage = { Hearback: HearbackGlobal; errors: string[]; rejections: string[] };

/** The page's own widget whose `callback` throws, with the window's error reporting recorded. */
async function pageWithThrowing(page: Page, callback: 'onSuccess' | 'onError', apiKey: string) {
  await page.goto(harness.pageUrl('index.html', { type: 'nps' }));
  await widget(page).launcher.waitFor();
  await page.evaluate(
    ([callback, inboxKey, apiKey]) => {
      const test = window as unknown as TestPage;
      test.errors = [];
      test.rejections = [];
      addEventListener('error', (event) => test.errors.push(`${event.error?.message}`));
      addEventListener('unhandledrejection', (event) => test.rejections.push(`${event.reason?.message}`));
      test.Hearback.init({
        inboxKey,
        apiKey,
        type: 'nps',
        autoClose: false,
        [callback]: () => {
          throw new Error(`the page’s ${callback} broke`);
        },
      });
    },
    [callback, harness.hearback.inboxKey, apiKey] as const,
  );
}

const recorded = (page: Page) =>
  page.evaluate(() => {
    const { errors, rejections } = window as unknown as TestPage;
    return { errors, rejections };
  });

describe.skipIf(!available)('a page callback that throws', () => {
  it('onSuccess: the feedback is stored and thanked for, submit() resolves, the window gets the error', async () => {
    const page = await harness.newPage();
    await pageWithThrowing(page, 'onSuccess', harness.hearback.collectKey);
    const ui = widget(page);
    await ui.launcher.click();
    await ui.settled();
    await ui.score('9').click();
    await ui.comment.fill('onSuccess throws, from the dialog');
    await ui.send.click();
    await ui.outcome.waitFor();
    expect(await ui.title.textContent()).toBe('Thanks for your feedback!');
    const outcome = await page.evaluate(() =>
      (window as unknown as TestPage).Hearback.widget?.submit({ score: 3, comment: 'onSuccess throws, by submit()' }),
    );
    expect(outcome).toMatchObject({ status: 'sent' });
    await expect
      .poll(() => recorded(page))
      .toEqual({ errors: ['the page’s onSuccess broke', 'the page’s onSuccess broke'], rejections: [] });
    await harness.rows((row) => row.comment?.startsWith('onSuccess throws') ?? false, 2);
  });

  it('onError: the failure stays the failure, with Try again, submit() resolves it, the window gets the error', async () => {
    const page = await harness.newPage();
    await pageWithThrowing(page, 'onError', 'hb_not_a_key');
    const ui = widget(page);
    await ui.launcher.click();
    await ui.settled();
    await ui.score('9').click();
    await ui.send.click();
    await page.locator('hearback-widget [role=alert]').getByText('Your feedback couldn’t be sent.').waitFor();
    expect(await ui.send.textContent()).toBe('Try again');
    // An Error does not cross to Node with its own fields: the outcome is read in the page.
    const outcome = await page.evaluate(async () => {
      const result = (await (window as unknown as TestPage).Hearback.widget?.submit({ score: 3 })) as SubmitOutcome;
      return result.status === 'sent'
        ? { status: result.status }
        : { status: result.status, code: result.error.code, apiCode: result.error.apiCode };
    });
    expect(outcome).toEqual({ status: 'failed', code: 'rejected', apiCode: 'invalid_api_key' });
    await expect
      .poll(() => recorded(page))
      .toEqual({ errors: ['the page’s onError broke', 'the page’s onError broke'], rejections: [] });
  });
});
