import { requireChromiumOrSkip } from '@hearback/test-utils';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DashboardHarness, type Person, startDashboardHarness } from './harness.js';

const available = requireChromiumOrSkip('dashboard');

const ADA: Person = { name: 'Ada Lovelace', email: 'ada@example.com', password: 'analytical-engine-1843' };

/** Longer than a poll's default second: the list is read again once the stream is open. */
const ARRIVAL = { timeout: 10_000 };

describe.skipIf(!available)('the inbox list: complete after another screen', () => {
  let harness: DashboardHarness;
  let page: Page;
  const rows = () => page.locator('li.feedback-row');
  const badge = () => page.locator('.stream-state');
  const goTo = async (link: string) => {
    await page.getByRole('navigation', { name: 'Organization' }).getByRole('link', { name: link }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1, name: link }).isVisible()).toBe(true);
  };

  beforeAll(async () => {
    harness = await startDashboardHarness();
    page = await harness.newPage();
    await harness.signUp(page, ADA);
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('shows, back from Insights, what arrived meanwhile, then what arrives live, each once', async () => {
    await page.waitForURL(/\/inbox/);
    await expect.poll(() => page.getByText('No feedback yet').isVisible()).toBe(true);
    await expect.poll(() => badge().innerText()).toBe('Live');

    await goTo('Insights');
    await harness.collect({ type: 'thumbs', score: 1, comment: 'Arrived while on Insights' });
    await goTo('Inbox');
    await expect.poll(() => page.getByText('Arrived while on Insights').isVisible(), ARRIVAL).toBe(true);
    await expect.poll(() => badge().innerText()).toBe('Live');

    await harness.collect({ type: 'thumbs', score: 1, comment: 'Arrived while on the Inbox' });
    await expect.poll(() => page.getByText('Arrived while on the Inbox').isVisible(), ARRIVAL).toBe(true);
    expect(await rows().allInnerTexts()).toEqual([
      expect.stringContaining('Arrived while on the Inbox'),
      expect.stringContaining('Arrived while on Insights'),
    ]);

    // Away and back again: both still there, once each, and what came meanwhile on top.
    await goTo('Insights');
    await harness.collect({ type: 'thumbs', score: 1, comment: 'Arrived on the second visit to Insights' });
    await goTo('Inbox');
    await expect.poll(() => rows().count(), ARRIVAL).toBe(3);
    expect(await rows().first().innerText()).toContain('Arrived on the second visit to Insights');
    await harness.screenshot(page, 'inbox-back-from-insights-light');
    expect(harness.errors(page)).toEqual([]);
  });
});
