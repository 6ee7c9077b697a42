import { requireChromiumOrSkip } from '@hearback/test-utils';
import type { FeedbackKind } from '@hearback/widget';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contrast } from './contrast.js';
import { type Harness, startHarness, widget } from './harness.js';

const available = requireChromiumOrSkip('widget look');

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness({ fastAnimations: true });
});
afterAll(async () => {
  await harness?.close();
});

const SCHEMES = ['light', 'dark'] as const;

async function openOn(page: Page, kind: FeedbackKind, values: Record<string, string> = {}) {
  await page.goto(harness.pageUrl('index.html', { type: kind, ...values }));
  await widget(page).launcher.click();
  await widget(page).settled();
}

const style = (locator: Locator) =>
  locator.evaluate((element) => {
    const computed = getComputedStyle(element);
    return {
      color: computed.color,
      background: computed.backgroundColor,
      border: computed.borderTopColor,
      borderWidth: Number.parseFloat(computed.borderTopWidth),
      outline: computed.outlineColor,
      outlineStyle: computed.outlineStyle,
      outlineWidth: Number.parseFloat(computed.outlineWidth),
      outlineOffset: Number.parseFloat(computed.outlineOffset),
    };
  });

const dialogBackground = async (page: Page) => (await style(widget(page).dialog)).background;

describe.skipIf(!available)('the widget’s look, measured', () => {
  it('spaces the dialog by the spacing token: 20 px padding and 16 px between its parts by default', async () => {
    const page = await harness.newPage();
    await openOn(page, 'nps');
    const spacing = await widget(page).dialog.evaluate((dialog) => {
      const computed = getComputedStyle(dialog);
      return { padding: computed.paddingTop, gap: computed.rowGap };
    });
    expect(spacing).toEqual({ padding: '20px', gap: '16px' });
  });

  it.each(SCHEMES)('gives option buttons an edge of 3:1 against the dialog (%s)', async (colorScheme) => {
    const page = await harness.newPage({ colorScheme });
    await openOn(page, 'csat');
    const option = await style(widget(page).score('3'));
    expect(option.borderWidth).toBeGreaterThanOrEqual(1);
    expect(contrast(option.border, await dialogBackground(page))).toBeGreaterThanOrEqual(3);
  });

  it.each(SCHEMES)('draws stars as outlines without boxes, picked ones at 3:1 (%s)', async (colorScheme) => {
    const page = await harness.newPage({ colorScheme });
    await openOn(page, 'stars');
    const ui = widget(page);
    await ui.score('3 of 5 stars').click();
    await page.mouse.move(0, 0);
    const background = await dialogBackground(page);
    const lit = await style(ui.score('3 of 5 stars'));
    const unlit = await style(ui.score('4 of 5 stars'));
    for (const star of [lit, unlit]) {
      expect(star.background).toBe('rgba(0, 0, 0, 0)');
      expect(star.borderWidth).toBe(0);
    }
    expect(contrast(lit.color, background)).toBeGreaterThanOrEqual(3);
    expect(contrast(unlit.color, background)).toBeGreaterThanOrEqual(3);
    expect(lit.color).not.toBe(unlit.color);
    const fills = await page
      .locator('hearback-widget .o-stars svg')
      .evaluateAll((stars) => stars.map((star) => getComputedStyle(star).fill));
    expect(fills.slice(0, 3)).toEqual([lit.color, lit.color, lit.color]);
    expect(fills.slice(3)).toEqual(['none', 'none']);
  });

  it.each(SCHEMES)('colours the five faces apart, each at 3:1 (%s)', async (colorScheme) => {
    const page = await harness.newPage({ colorScheme });
    await openOn(page, 'emoji');
    const background = await dialogBackground(page);
    const colors = await page
      .locator('hearback-widget .o-emoji svg')
      .evaluateAll((faces) => faces.map((face) => getComputedStyle(face).stroke));
    expect(new Set(colors).size).toBe(5);
    for (const color of colors) expect(contrast(color, background)).toBeGreaterThanOrEqual(3);
  });

  it.each(SCHEMES)('rings the text box and Send in focus at 3:1, clear of the button (%s)', async (colorScheme) => {
    const page = await harness.newPage({ colorScheme });
    await openOn(page, 'nps');
    const ui = widget(page);
    await ui.score('9').click();
    const background = await dialogBackground(page);
    await page.keyboard.press('Tab');
    for (const control of [ui.comment, ui.send]) {
      if (control === ui.send) await page.keyboard.press('Tab');
      const ring = await style(control);
      expect(ring.outlineStyle).toBe('solid');
      expect(ring.outlineWidth).toBeGreaterThanOrEqual(2);
      // The ring stands off the control, on the dialog's background.
      expect(ring.outlineOffset).toBeGreaterThanOrEqual(2);
      expect(contrast(ring.outline, background)).toBeGreaterThanOrEqual(3);
    }
    await harness.screenshot(page, `look-focus-send-${colorScheme}`);
  });

  it.each(SCHEMES)('draws the outcome icons at 3:1: sent, saved for later, blocked (%s)', async (colorScheme) => {
    const outcomes = [
      ['sent', undefined],
      ['queued', (page: Page) => page.context().setOffline(true)],
      ['blocked', (page: Page) => page.route('**/collect', (route) => route.abort('blockedbyclient'))],
    ] as const;
    for (const [outcome, failure] of outcomes) {
      const page = await harness.newPage({ colorScheme });
      await openOn(page, 'thumbs');
      await failure?.(page);
      const ui = widget(page);
      await ui.score('Yes').click();
      await ui.send.click();
      await ui.outcome.waitFor();
      const icon = await style(ui.outcome.locator('svg'));
      expect(contrast(icon.color, await dialogBackground(page)), outcome).toBeGreaterThanOrEqual(3);
      await harness.screenshot(page, `look-outcome-${outcome}-${colorScheme}`);
      await page.context().setOffline(false);
    }
  });

  it('shows an SVG icon on the launcher, a cross while the dialog is open', async () => {
    const page = await harness.newPage();
    await page.goto(harness.pageUrl('index.html', { type: 'thumbs' }));
    const ui = widget(page);
    const shownPaths = () =>
      ui.launcher
        .locator('svg path')
        .evaluateAll((paths) =>
          paths.filter((path) => getComputedStyle(path).display !== 'none').map((path) => path.getAttribute('d')),
        );
    const closedIcon = await shownPaths();
    expect(closedIcon).toHaveLength(1);
    expect((await ui.launcher.locator('svg').boundingBox())?.width).toBe(20);
    await ui.launcher.click();
    await ui.settled();
    const openIcon = await shownPaths();
    expect(openIcon).toEqual(['M6 6l12 12M18 6L6 18']);
    expect(openIcon).not.toEqual(closedIcon);
    await harness.screenshot(page, 'look-launcher-open');
    await ui.launcher.click();
    await ui.closed();
    expect(await shownPaths()).toEqual(closedIcon);
  });

  it.each(['bottom-left', 'bottom-right'])(
    'keeps the launcher in place at %s in a right-to-left page',
    async (position) => {
      const page = await harness.newPage();
      await page.goto(harness.pageUrl('index.html', { type: 'nps', position }));
      await page.evaluate(() => {
        document.documentElement.dir = 'rtl';
      });
      const ui = widget(page);
      await ui.launcher.waitFor();
      const before = await ui.launcher.boundingBox();
      expect(position === 'bottom-left' ? before?.x : 1000 - (before?.x ?? 0) - (before?.width ?? 0)).toBe(20);
      await ui.launcher.click();
      await ui.settled();
      expect((await ui.launcher.boundingBox())?.x).toBe(before?.x);
      const dialog = await ui.dialog.boundingBox();
      expect(position === 'bottom-left' ? dialog?.x : 1000 - (dialog?.x ?? 0) - (dialog?.width ?? 0)).toBe(20);
      await harness.screenshot(page, `look-rtl-${position}`);
    },
  );
});
