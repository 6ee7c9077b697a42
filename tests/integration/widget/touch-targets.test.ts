import { requireChromiumOrSkip } from '@hearback/test-utils';
import type { FeedbackKind } from '@hearback/widget';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness, widget } from './harness.js';

const available = requireChromiumOrSkip('widget touch targets');

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness({ fastAnimations: true });
});
afterAll(async () => {
  await harness?.close();
});

const optionBoxes = (page: Page) =>
  page.locator('hearback-widget [role=radio]').evaluateAll((options) =>
    options.map((option) => {
      const box = option.getBoundingClientRect();
      return { width: box.width, height: box.height, top: box.top };
    }),
  );

async function openOn(page: Page, kind: FeedbackKind) {
  await page.goto(harness.pageUrl('index.html', { type: kind }));
  await widget(page).launcher.click();
  await widget(page).settled();
}

describe.skipIf(!available)('the widget on a phone', () => {
  it('keeps NPS buttons at least 24 px wide and 44 px tall at 320 px, on two rows', async () => {
    const page = await harness.newPage({ width: 320, height: 640 });
    await openOn(page, 'nps');
    const boxes = await optionBoxes(page);
    expect(boxes).toHaveLength(11);
    for (const box of boxes) {
      expect(box.width).toBeGreaterThanOrEqual(24);
      expect(box.height).toBeGreaterThanOrEqual(44);
    }
    // 0–5 on the first row, 6–10 on the second.
    expect(new Set(boxes.slice(0, 6).map((box) => box.top)).size).toBe(1);
    expect(boxes[6]?.top).toBeGreaterThan(boxes[0]?.top ?? 0);
    await harness.screenshot(page, 'touch-nps-320');
  });

  it.each<[number, number]>([
    [390, 844],
    [1000, 720],
  ])('keeps NPS buttons at least 24 px wide at %i px', async (width, height) => {
    const page = await harness.newPage({ width, height });
    await openOn(page, 'nps');
    for (const box of await optionBoxes(page)) expect(box.width).toBeGreaterThanOrEqual(24);
  });

  it.each<FeedbackKind>(['thumbs', 'stars', 'csat', 'emoji'])(
    'gives %s options 44 px tall targets at 320 px',
    async (kind) => {
      const page = await harness.newPage({ width: 320, height: 640 });
      await openOn(page, kind);
      for (const box of await optionBoxes(page)) {
        expect(box.width).toBeGreaterThanOrEqual(24);
        expect(box.height).toBeGreaterThanOrEqual(44);
      }
    },
  );

  it('writes comments in 16 px text, so iOS does not zoom in', async () => {
    const page = await harness.newPage({ width: 375, height: 667 });
    await openOn(page, 'text');
    const size = await widget(page).comment.evaluate((box) => Number.parseFloat(getComputedStyle(box).fontSize));
    expect(size).toBeGreaterThanOrEqual(16);
  });

  it('keeps Send in view on a landscape phone; the form scrolls above it', async () => {
    const page = await harness.newPage({ width: 740, height: 360 });
    await openOn(page, 'nps');
    const ui = widget(page);
    await ui.score('8').click();
    const send = await ui.send.boundingBox();
    const dialog = await ui.dialog.boundingBox();
    expect(dialog?.y).toBeGreaterThanOrEqual(0);
    expect((send?.y ?? 0) + (send?.height ?? 0)).toBeLessThanOrEqual(360);
    // The dialog takes the height it has (not a fixed cap), and the form scrolls inside it.
    expect(dialog?.height).toBeGreaterThan(240);
    const body = await page
      .locator('hearback-widget .b')
      .evaluate((element) => ({ scrollHeight: element.scrollHeight, clientHeight: element.clientHeight }));
    expect(body.scrollHeight).toBeGreaterThan(body.clientHeight);
    await ui.comment.fill('Typed on a landscape phone');
    await harness.screenshot(page, 'touch-landscape-740x360');
    await ui.send.click();
    await ui.outcome.waitFor();
    await harness.rows((row) => row.comment === 'Typed on a landscape phone');
  });
});

describe.skipIf(!available)('the widget’s layout', () => {
  it.each<[FeedbackKind, string, number]>([
    ['stars', '3 of 5 stars', 1000],
    ['nps', '9', 1000],
    ['thumbs', 'No', 375],
    ['emoji', 'Bad', 375],
  ])('does not move the question when %s gets %j and a comment (%i px wide)', async (kind, option, width) => {
    const page = await harness.newPage({ width, height: 720 });
    await openOn(page, kind);
    const ui = widget(page);
    const questionY = async () => (await ui.title.boundingBox())?.y ?? Number.NaN;
    const before = await questionY();
    await ui.score(option).click();
    await ui.comment.fill('A comment long enough\nto take\nthree lines');
    expect(Math.abs((await questionY()) - before)).toBeLessThanOrEqual(2);
  });
});
