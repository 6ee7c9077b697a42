import { requireChromiumOrSkip } from '@hearback/test-utils';
import type { HearbackGlobal } from '@hearback/widget';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness, widget } from './harness.js';

const available = requireChromiumOrSkip('widget focus return');

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness({ fastAnimations: true });
});
afterAll(async () => {
  await harness?.close();
});

/**
 * What has focus, followed into shadow roots: `widget .l` for the launcher (a control of the
 * widget by its class), `#own` for a page element, `rate-button #inner` inside a web component.
 */
const focused = (page: Page) =>
  page.evaluate(() => {
    const describe = (element: Element) => (element.id ? `#${element.id}` : element.tagName.toLowerCase());
    const active = document.activeElement;
    const inner = active?.shadowRoot?.activeElement;
    if (!active || !inner) return active ? describe(active) : 'nothing';
    return active.tagName === 'HEARBACK-WIDGET'
      ? `widget .${inner.className}`
      : `${describe(active)} ${describe(inner)}`;
  });

/** Where each opener is, and the element that gets focus and Enter. */
type Opener = 'launcher' | 'page button' | 'web component';
const OPENED_BY: Record<Opener, string> = {
  launcher: 'widget .l',
  'page button': '#own',
  'web component': 'rate-button #inner',
};

/**
 * The page's own widget (autoClose short, or off) and two controls of its own that call
 * Hearback.open(): a button, and a button inside a web component's shadow root.
 */
async function setUp(page: Page, { launcher = true, autoClose = 200 as number | false } = {}) {
  await page.goto(harness.pageUrl('index.html', { type: 'thumbs' }));
  await widget(page).launcher.waitFor();
  const { inboxKey, collectKey } = harness.hearback;
  await page.evaluate(
    ({ inboxKey, apiKey, launcher, autoClose }) => {
      const { Hearback } = window as unknown as { Hearback: HearbackGlobal };
      Hearback.init({ inboxKey, apiKey, type: 'thumbs', launcher, autoClose });
      const own = document.createElement('button');
      own.id = 'own';
      own.textContent = 'Rate this page';
      own.onclick = () => void Hearback.open();
      const host = document.createElement('rate-button');
      const inner = document.createElement('button');
      inner.id = 'inner';
      inner.textContent = 'Rate us';
      inner.onclick = () => void Hearback.open();
      host.attachShadow({ mode: 'open' }).append(inner);
      document.querySelector('main')?.prepend(own, host);
    },
    { inboxKey, apiKey: collectKey, launcher, autoClose },
  );
}

/** Gives the opener focus as the keyboard would and presses Enter; waits for the dialog's first control. */
async function openWith(page: Page, opener: Opener) {
  if (opener === 'launcher') {
    await widget(page).launcher.focus();
  } else if (opener === 'page button') {
    await page.locator('#own').focus();
  } else {
    await page.locator('rate-button #inner').focus();
  }
  expect(await focused(page)).toBe(OPENED_BY[opener]);
  await page.keyboard.press('Enter');
  await widget(page).settled();
  await expect.poll(() => focused(page)).toBe('widget .c');
}

/** Picks the first option, then Tab, Tab to Send, Enter: the thank-you takes focus. */
async function sendWithKeyboard(page: Page) {
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  expect(await focused(page)).toBe('widget .s');
  await page.keyboard.press('Enter');
  await expect.poll(() => focused(page)).toBe('widget .ok');
}

const CLOSES = ['Escape', 'the close button', 'sending (the thank-you closes itself)', 'Escape after sending'] as const;

describe.skipIf(!available)('focus after the dialog closes', () => {
  const cases = (['launcher', 'page button', 'web component'] as const).flatMap((opener) =>
    CLOSES.map((close) => [opener, close] as const),
  );
  it.each(cases)('returns to what opened it (%s) after %s', async (opener, close) => {
    const page = await harness.newPage();
    await setUp(page, { autoClose: close === 'sending (the thank-you closes itself)' ? 200 : false });
    await openWith(page, opener);
    if (close === 'Escape') {
      await page.keyboard.press('Escape');
    } else if (close === 'the close button') {
      await page.keyboard.press('Shift+Tab');
      expect(await focused(page)).toBe('widget .x');
      await page.keyboard.press('Enter');
    } else {
      await sendWithKeyboard(page);
      if (close === 'Escape after sending') await page.keyboard.press('Escape');
    }
    await widget(page).closed();
    expect(await focused(page)).toBe(OPENED_BY[opener]);
  });

  it('returns to a web component’s button without a launcher, not to the page’s body', async () => {
    const page = await harness.newPage();
    await setUp(page, { launcher: false, autoClose: 200 });
    await openWith(page, 'web component');
    await sendWithKeyboard(page);
    await widget(page).closed();
    expect(await focused(page)).toBe('rate-button #inner');
  });

  it('goes to the launcher when nothing had focus (the page opened it from a timer, say)', async () => {
    const page = await harness.newPage();
    await setUp(page, { autoClose: false });
    expect(await focused(page)).toBe('body');
    await page.evaluate(() => (window as unknown as { Hearback: HearbackGlobal }).Hearback.open());
    await widget(page).settled();
    await expect.poll(() => focused(page)).toBe('widget .c');
    await page.keyboard.press('Escape');
    await widget(page).closed();
    expect(await focused(page)).toBe('widget .l');
  });

  it('falls back to the launcher when the page removed or disabled the control that opened it', async () => {
    const page = await harness.newPage();
    await setUp(page, { autoClose: false });
    for (const change of ['disable', 'remove'] as const) {
      await openWith(page, 'page button');
      await page.evaluate((change) => {
        const own = document.querySelector<HTMLButtonElement>('#own');
        if (change === 'disable' && own) own.disabled = true;
        else own?.remove();
      }, change);
      await page.keyboard.press('Escape');
      await widget(page).closed();
      expect(await focused(page)).toBe('widget .l');
      await page.evaluate(() => {
        const own = document.querySelector<HTMLButtonElement>('#own');
        if (own) own.disabled = false;
      });
    }
  });
});
