import { requireChromiumOrSkip } from '@hearback/test-utils';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DashboardHarness, type Person, startDashboardHarness } from './harness.js';

const available = requireChromiumOrSkip('dashboard');

const KAY: Person = { name: 'Kay Thumbs', email: 'kay@example.com', password: 'up-and-down-again-1' };

/** Each listed item's badge: what it shows (its text, or that it draws an icon) and what it says to screen readers. */
const badges = (page: Page) =>
  page
    .getByRole('region', { name: 'Feedback' })
    .getByRole('listitem')
    .evaluateAll((items) =>
      items.map((item) => {
        const shown = item.querySelector('.score [aria-hidden]');
        const icon = shown?.querySelector('svg');
        return {
          comment: item.querySelector('.feedback-row-comment')?.textContent,
          text: shown?.textContent ?? '',
          icon: icon ? getComputedStyle(icon).transform : null,
          label: item.querySelector('.score .visually-hidden')?.textContent,
        };
      }),
    );

/**
 * Thumbs scores were the characters 👍 and 👎: where no emoji font is installed (headless Chromium
 * here, many Linux desktops) they showed as a missing-glyph box. They are drawn now, the widget's
 * thumb (upside down for down), and still read as "thumbs: up" / "thumbs: down".
 */
describe.skipIf(!available)('score badges', () => {
  let harness: DashboardHarness;
  let page: Page;
  beforeAll(async () => {
    harness = await startDashboardHarness();
    page = await harness.newPage();
    await harness.signUp(page, KAY);
    await page.waitForURL(/\/inbox/);
    await harness.collect({ type: 'thumbs', score: 1, comment: 'Up' });
    await harness.collect({ type: 'thumbs', score: 0, comment: 'Down' });
    await harness.collect({ type: 'stars', score: 4, comment: 'Four stars' });
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('draws thumbs as an icon with the score in words, and keeps the other scores as they were', async () => {
    await page.reload();
    await expect.poll(async () => (await badges(page)).length).toBe(3);
    const byComment = Object.fromEntries((await badges(page)).map(({ comment, ...badge }) => [comment, badge]));
    expect(byComment).toEqual({
      Up: { text: '', icon: 'none', label: 'thumbs: up' },
      // Flipped upside down: scaleY(-1).
      Down: { text: '', icon: 'matrix(1, 0, 0, -1, 0, 0)', label: 'thumbs: down' },
      'Four stars': { text: '4/5', icon: null, label: 'stars: 4 of 5' },
    });
    await harness.screenshot(page, 'score-badges-light');
  });
});
