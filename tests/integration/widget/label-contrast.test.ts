import { textColorOn } from '@hearback/spec';
import { requireChromiumOrSkip } from '@hearback/test-utils';
import type { HearbackGlobal, ThemeTokens } from '@hearback/widget';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contrast } from './contrast.js';
import { type Harness, startHarness, widget } from './harness.js';

const available = requireChromiumOrSkip('widget label contrast');

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness({ fastAnimations: true });
});
afterAll(async () => {
  await harness?.close();
});

type WithHearback = { Hearback: HearbackGlobal };

/** A widget of the page's own, with `theme`, in place of the script tag's. */
async function themedWidget(page: Page, theme: ThemeTokens) {
  const { inboxKey, collectKey } = harness.hearback;
  await page.evaluate(
    ({ inboxKey, apiKey, theme }) => {
      const { Hearback } = window as unknown as WithHearback;
      Hearback.destroy();
      Hearback.init({ inboxKey, apiKey, type: 'thumbs', theme });
    },
    { inboxKey, apiKey: collectKey, theme },
  );
}

/**
 * The element's label and background colours as `rgb(r, g, b)`: drawn on a canvas, since the
 * computed label colour may be in another colour space (`color(xyz-d65 …)`).
 */
const labelAndBackground = (element: Locator) =>
  element.evaluate((node) => {
    const style = getComputedStyle(node);
    const context = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
    const rgb = (color: string) => {
      context.fillStyle = color;
      context.fillRect(0, 0, 1, 1);
      const [r, g, b] = context.getImageData(0, 0, 1, 1).data;
      return `rgb(${r}, ${g}, ${b})`;
    };
    return { label: rgb(style.color), background: rgb(style.backgroundColor) };
  });

const isLight = (color: string) => contrast(color, 'rgb(0, 0, 0)') > contrast(color, 'rgb(255, 255, 255)');

describe.skipIf(!available)('labels on a custom primary colour', () => {
  it('turns the launcher’s, the picked option’s and Send’s labels dark on a light primary', async () => {
    const page = await harness.newPage();
    await page.goto(harness.pageUrl('index.html'));
    await widget(page).launcher.waitFor();
    // Yellow and amber want dark labels; teal and the default indigo keep white ones.
    for (const primary of ['#fde047', '#f59e0b', '#0f766e', '#4f46e5']) {
      await themedWidget(page, { colors: { primary } });
      const ui = widget(page);
      await ui.launcher.click();
      await ui.settled();
      await ui.score('Yes').click();
      for (const part of [ui.launcher, ui.score('Yes'), ui.send]) {
        const { label, background } = await labelAndBackground(part);
        expect(contrast(label, background), `${primary}: ${label} on ${background}`).toBeGreaterThanOrEqual(4.5);
        // The rule the server's pages follow for the same colour.
        expect(isLight(label), primary).toBe(textColorOn(primary) === '#ffffff');
      }
      if (primary === '#fde047') await harness.screenshot(page, 'label-on-yellow-primary');
    }
  });

  it('measures any CSS colour, follows the dark primary, and keeps an onPrimary the author set', async () => {
    const page = await harness.newPage({ colorScheme: 'dark' });
    await page.goto(harness.pageUrl('index.html'));
    await widget(page).launcher.waitFor();
    const launcherLabel = async () => (await labelAndBackground(widget(page).launcher)).label;

    await themedWidget(page, { colors: { primary: 'gold' } });
    expect(isLight(await launcherLabel())).toBe(false);

    await themedWidget(page, { colors: { primary: '#1e3a8a' }, dark: { colors: { primary: '#2dd4bf' } } });
    expect(isLight(await launcherLabel())).toBe(false);
    await harness.screenshot(page, 'label-on-dark-theme-primary');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(launcherLabel).toBe('rgb(255, 255, 255)');

    await themedWidget(page, { colors: { primary: '#fde047', onPrimary: '#7c2d12' } });
    expect(await launcherLabel()).toBe('rgb(124, 45, 18)');
  });
});
