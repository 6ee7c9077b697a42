import { requireChromiumOrSkip } from '@hearback/test-utils';
import type { HearbackGlobal } from '@hearback/widget';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness, widget } from './harness.js';

const available = requireChromiumOrSkip('widget motion');

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.close();
});

type WithHearback = { Hearback: HearbackGlobal };

/** The dialog's running animations: their names and durations. */
const animations = (page: Page) =>
  widget(page).dialog.evaluate((dialog) =>
    dialog.getAnimations().map((animation) => ({
      name: (animation as CSSAnimation).animationName,
      duration: Number(animation.effect?.getTiming().duration),
    })),
  );

/** Closes through the global API and reports, in the same task, whether the dialog is still there. */
const closeAndLook = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as WithHearback).Hearback.close();
    const dialog = document.querySelector('hearback-widget')?.shadowRoot?.querySelector('.d');
    return { present: !!dialog, inert: !!dialog?.closest('[inert]') };
  });

describe.skipIf(!available)('the widget’s motion', () => {
  it('fades in and out', async () => {
    const page = await harness.newPage();
    await page.goto(harness.pageUrl('index.html', { type: 'nps' }));
    await widget(page).launcher.click();
    await widget(page).dialog.waitFor();
    const [entrance] = await animations(page);
    expect(entrance?.duration).toBeGreaterThan(0);
    await widget(page).settled();
    // Closing plays the transition out: the dialog stays a moment, taking no input, then goes.
    expect(await closeAndLook(page)).toEqual({ present: true, inert: true });
    await widget(page).closed();
  });

  it('does not move under prefers-reduced-motion', async () => {
    const page = await harness.newPage();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(harness.pageUrl('index.html', { type: 'nps' }));
    await widget(page).launcher.click();
    await widget(page).dialog.waitFor();
    expect(await animations(page)).toEqual([]);
    expect(await closeAndLook(page)).toEqual({ present: false, inert: false });
  });
});

describe.skipIf(!available)('the thank-you', () => {
  async function sendOn(page: Page, comment: string) {
    const ui = widget(page);
    await ui.launcher.click();
    await ui.score('Yes').click();
    await ui.comment.fill(comment);
    await ui.send.click();
    await ui.outcome.waitFor();
  }

  it('closes itself after four seconds, returning focus to the launcher', async () => {
    const page = await harness.newPage();
    await page.clock.install();
    await page.goto(harness.pageUrl('index.html', { type: 'thumbs' }));
    await sendOn(page, 'Closes itself');
    await page.clock.runFor(3_900);
    expect(await widget(page).outcome.count()).toBe(1);
    await page.clock.runFor(200);
    await widget(page).closed();
    expect(await widget(page).launcher.getAttribute('aria-expanded')).toBe('false');
    expect(
      await page.evaluate(() => document.querySelector('hearback-widget')?.shadowRoot?.activeElement?.className),
    ).toBe('l');
  });

  it('stays as long as autoClose says, or until closed with autoClose: false', async () => {
    const page = await harness.newPage();
    await page.clock.install();
    await page.goto(harness.pageUrl('index.html', { type: 'thumbs' }));
    await widget(page).launcher.waitFor();
    const { inboxKey, collectKey } = harness.hearback;
    for (const autoClose of [10_000, false] as const) {
      await page.evaluate(
        ({ inboxKey, apiKey, autoClose }) => {
          const { Hearback } = window as unknown as WithHearback;
          Hearback.destroy();
          Hearback.init({ inboxKey, apiKey, type: 'thumbs', autoClose });
        },
        { inboxKey, apiKey: collectKey, autoClose },
      );
      await sendOn(page, `autoClose ${autoClose}`);
      await page.clock.runFor(9_000);
      expect(await widget(page).outcome.count()).toBe(1);
      await page.clock.runFor(2_000);
      if (autoClose) await widget(page).closed();
      else expect(await widget(page).outcome.count()).toBe(1);
    }
  });
});
