import { requireChromiumOrSkip } from '@hearback/test-utils';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DashboardHarness, type Person, startDashboardHarness } from './harness.js';

const available = requireChromiumOrSkip('dashboard');

const ADA: Person = { name: 'Ada Lovelace', email: 'ada@example.com', password: 'analytical-engine-1843' };

const QUESTIONS = [
  { id: 'stars', type: 'star_rating', title: 'Star rating' },
  { id: 'faces', type: 'emoji_rating', title: 'Emoji rating' },
  { id: 'nps', type: 'nps', title: 'Net Promoter Score' },
  { id: 'csat', type: 'csat', title: 'Satisfaction' },
  {
    id: 'plan',
    type: 'single_choice',
    title: 'Single choice',
    options: [
      { value: 'a', label: 'Option 1' },
      { value: 'b', label: 'Option 2' },
    ],
  },
];

/** How a rating's choice looks: its box, its star's colour and whether its radio shows. */
async function looksOf(choice: Locator) {
  return choice.evaluate((label) => {
    const box = label.getBoundingClientRect();
    const input = label.querySelector('input') as HTMLInputElement;
    const inputStyle = getComputedStyle(input);
    const symbol = label.querySelector('span') as HTMLElement;
    return {
      width: Math.round(box.width),
      height: Math.round(box.height),
      radioShown: inputStyle.opacity === '1' && inputStyle.position !== 'absolute' && input.offsetWidth > 0,
      color: getComputedStyle(symbol).color,
      fontSize: getComputedStyle(symbol).fontSize,
    };
  });
}

describe.skipIf(!available)("the page builder's preview", () => {
  let harness: DashboardHarness;
  let page: Page;
  let pageId: string;

  beforeAll(async () => {
    harness = await startDashboardHarness();
    page = await harness.newPage();
    await harness.signUp(page, ADA);
    pageId = (
      await harness.api<{ id: string }>('/feedback-pages', {
        method: 'POST',
        body: JSON.stringify({ title: 'Checkout survey', questions: QUESTIONS }),
      })
    ).id;
    await harness.api(`/feedback-pages/${pageId}/publish`, { method: 'POST' });
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('draws the ratings as the published page does: amber stars, a radio in each choice, the same sizes', async () => {
    const organization = await harness.api<{ slug: string }>('');
    const { slug } = await harness.api<{ slug: string }>(`/feedback-pages/${pageId}`);
    const published = await harness.newPage();
    await published.goto(`${harness.hearback.url}/f/${organization.slug}/${slug}`);
    const publicGroup = (title: string) => published.locator('fieldset', { hasText: title });

    await page.goto(`${harness.hearback.url}/app/orgs/${harness.hearback.orgId}/pages/${pageId}`);
    const preview = page.locator('.page-preview');
    await expect.poll(() => preview.getByText('Star rating').isVisible()).toBe(true);
    const previewGroup = (title: string) => preview.locator('fieldset', { hasText: title });

    for (const title of ['Star rating', 'Emoji rating', 'Net Promoter Score', 'Satisfaction']) {
      const shown = await looksOf(publicGroup(title).locator('label').first());
      // The preview showed teal stars (the page's primary colour), no radios and smaller choices.
      expect(await looksOf(previewGroup(title).locator('label').first()), title).toEqual(shown);
    }
    // An option spans the form's width, narrower in the preview's column: all else is the same.
    const { width: _publicWidth, ...option } = await looksOf(publicGroup('Single choice').locator('label').first());
    const { width: _previewWidth, ...previewed } = await looksOf(
      previewGroup('Single choice').locator('label').first(),
    );
    expect(previewed).toEqual(option);
    expect((await looksOf(publicGroup('Star rating').locator('label').first())).radioShown).toBe(true);
    await harness.screenshot(page, 'page-preview-builder-light');
    await harness.screenshot(published, 'page-preview-public-light');

    await page.getByRole('radio', { name: 'Dark' }).check();
    await expect.poll(() => preview.getAttribute('data-scheme')).toBe('dark');
    await harness.screenshot(page, 'page-preview-builder-dark');
  });
});
