import { requireChromiumOrSkip } from '@hearback/test-utils';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, KINDS, startHarness, widget } from './harness.js';

const available = requireChromiumOrSkip('widget keyboard');

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.close();
});

/** What has focus inside the widget: its class, or its accessible name for score buttons. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const active = document.querySelector('hearback-widget')?.shadowRoot?.activeElement as HTMLElement | null;
    if (document.activeElement?.tagName !== 'HEARBACK-WIDGET' || !active) return null;
    return active.getAttribute('aria-label') ?? active.className ?? active.tagName;
  });

describe.skipIf(!available)('the widget with the keyboard and assistive technology', () => {
  it('is operable with the keyboard alone, with focus trapped in the dialog', async () => {
    const page = await harness.newPage();
    await page.goto(harness.pageUrl('index.html', { type: 'stars' }));
    await widget(page).launcher.waitFor();
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('l');
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toBe('1 of 5 stars');
    // The stars are one Tab stop; arrow keys move along them and pick.
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await focused(page)).toBe('4 of 5 stars');
    await page.keyboard.press('Tab');
    expect(
      await page.evaluate(() => document.querySelector('hearback-widget')?.shadowRoot?.activeElement?.tagName),
    ).toBe('TEXTAREA');
    await page.keyboard.type('Typed without a mouse');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('s');
    await harness.screenshot(page, 'keyboard-focus-send');
    // Past the last control focus wraps to the first (close), and back.
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('Close');
    await page.keyboard.press('Shift+Tab');
    expect(await focused(page)).toBe('s');
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toBe('ok');
    await harness.screenshot(page, 'keyboard-sent');
    await page.keyboard.press('Escape');
    await widget(page).closed();
    expect(await focused(page)).toBe('l');
    const [row] = await harness.rows((candidate) => candidate.comment === 'Typed without a mouse');
    expect(row).toMatchObject({ type: 'stars', score: 4 });
  });

  it.each(KINDS)('sends %s with the keyboard alone, focus visible on every stop', async (kind) => {
    const page = await harness.newPage();
    await page.goto(harness.pageUrl('index.html', { type: kind }));
    await widget(page).launcher.waitFor();
    /** The focused control's outline: a visible ring on every Tab stop. */
    const ring = () =>
      page.evaluate(() => {
        const active = document.querySelector('hearback-widget')?.shadowRoot?.activeElement;
        return active ? getComputedStyle(active).outlineStyle : 'nothing focused';
      });
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await widget(page).dialog.waitFor();
    const comment = `${kind} by keyboard`;
    if (kind !== 'text') {
      await expect.poll(ring).toBe('solid');
      // The second option, picked by the arrow key that reaches it.
      await page.keyboard.press('ArrowRight');
      const picked = page.locator('hearback-widget [role=radio][aria-checked=true]');
      expect(await picked.count()).toBe(1);
      expect(await picked.evaluate((option) => option === (option.getRootNode() as ShadowRoot).activeElement)).toBe(
        true,
      );
      expect(await ring()).toBe('solid');
      await page.keyboard.press('Tab');
    }
    await page.keyboard.type(comment);
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('s');
    expect(await ring()).toBe('solid');
    await page.keyboard.press('Enter');
    const [row] = await harness.rows((candidate) => candidate.comment === comment);
    expect(row?.type).toBe(kind);
  });

  it('names its parts for assistive technology', async () => {
    const page = await harness.newPage();
    await page.goto(harness.pageUrl('index.html', { type: 'nps' }));
    const ui = widget(page);
    expect(await ui.launcher.getAttribute('aria-haspopup')).toBe('dialog');
    expect(await ui.launcher.getAttribute('aria-expanded')).toBe('false');
    await ui.launcher.click();
    // The dialog's chunk loads first: the launcher says it is open once it is.
    await expect.poll(() => ui.launcher.getAttribute('aria-expanded')).toBe('true');
    const dialog = page.getByRole('dialog', { name: 'How likely are you to recommend us to a friend?' });
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    expect(
      await page.getByRole('radiogroup', { name: 'How likely are you to recommend us to a friend?' }).count(),
    ).toBe(1);
    expect(await page.getByRole('button', { name: 'Close' }).count()).toBe(1);
    await ui.score('7').click();
    await expect.poll(() => ui.score('7').getAttribute('aria-checked')).toBe('true');
    expect(await page.getByRole('textbox', { name: 'Tell us more (optional)' }).count()).toBe(1);
  });

  it('returns focus to the page’s own button that opened it (launcher: false)', async () => {
    const page = await harness.newPage();
    await page.goto(harness.pageUrl('programmatic.html', { type: 'stars' }));
    const rate = page.getByRole('button', { name: 'Rate checkout' });
    await rate.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toBe('1 of 5 stars');
    await page.keyboard.press('Escape');
    await widget(page).closed();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('rate');
  });

  it('keeps Escape and Tab working after a click on the dialog’s text', async () => {
    const page = await harness.newPage();
    await page.goto(harness.pageUrl('index.html', { type: 'nps' }));
    const ui = widget(page);
    await ui.launcher.click();
    await ui.settled();
    // A click on the question (not a control) leaves focus in the dialog, not on the page's body.
    await ui.title.click();
    await page.keyboard.press('Shift+Tab');
    // The last control: the comment box (Send waits for a score).
    expect(
      await page.evaluate(() => document.querySelector('hearback-widget')?.shadowRoot?.activeElement?.tagName),
    ).toBe('TEXTAREA');
    await ui.title.click();
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('Close');
    await ui.title.click();
    expect(await ui.dialog.evaluate((dialog) => getComputedStyle(dialog).outlineStyle)).toBe('none');
    await harness.screenshot(page, 'dialog-clicked-text');
    await page.keyboard.press('Escape');
    await ui.closed();
    expect(await focused(page)).toBe('l');
  });

  it('closes when the page outside it is clicked', async () => {
    const page = await harness.newPage();
    await page.goto(harness.pageUrl('index.html', { type: 'thumbs' }));
    await widget(page).launcher.click();
    await widget(page).dialog.waitFor();
    await page.mouse.click(100, 600);
    await widget(page).closed();
  });
});
