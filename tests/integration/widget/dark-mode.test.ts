import { requireChromiumOrSkip } from '@hearback/test-utils';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness, widget } from './harness.js';

const available = requireChromiumOrSkip('widget dark-mode');

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.close();
});

const colors = (page: Page) =>
  widget(page).dialog.evaluate((element) => {
    const style = getComputedStyle(element);
    return { background: style.backgroundColor, text: style.color };
  });
const isDark = (page: Page) => page.locator('hearback-widget').evaluate((host) => host.hasAttribute('data-dark'));

describe.skipIf(!available)('the widget in dark mode', () => {
  it('follows the emulated color scheme live', async () => {
    const page = await harness.newPage({ colorScheme: 'light' });
    await page.goto(harness.pageUrl('index.html', { type: 'csat' }));
    await widget(page).launcher.click();
    await widget(page).score('4').click();
    expect(await isDark(page)).toBe(false);
    expect(await colors(page)).toEqual({ background: 'rgb(255, 255, 255)', text: 'rgb(24, 24, 27)' });
    await harness.screenshot(page, 'scheme-light');

    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => isDark(page)).toBe(true);
    expect(await colors(page)).toEqual({ background: 'rgb(28, 28, 33)', text: 'rgb(244, 244, 245)' });
    await harness.screenshot(page, 'scheme-dark');

    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => isDark(page)).toBe(false);
  });

  it('stays dark with data-theme="dark" whatever the system says', async () => {
    const page = await harness.newPage({ colorScheme: 'light' });
    await page.goto(harness.pageUrl('index.html', { type: 'nps', theme: 'dark' }));
    await widget(page).launcher.click();
    expect(await isDark(page)).toBe(true);
    expect((await colors(page)).background).toBe('rgb(28, 28, 33)');
  });

  it('applies dark theme tokens from a theme JSON in dark mode', async () => {
    const page = await harness.newPage({ colorScheme: 'dark' });
    await page.goto(harness.pageUrl('inline.html', { type: 'thumbs' }));
    const ui = widget(page);
    await ui.score('Yes').click();
    const pressed = await ui.score('Yes').evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(pressed).toBe('rgb(45, 212, 191)');
    await harness.screenshot(page, 'inline-theme-dark');
  });
});
