import { requireChromiumOrSkip } from '@hearback/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, KINDS, SCREENSHOT_DIR, startHarness, widget } from './harness.js';

const available = requireChromiumOrSkip('widget gallery');

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness({ fastAnimations: true });
});
afterAll(async () => {
  await harness?.close();
});

const DEVICES = { desktop: { width: 1000, height: 720 }, phone: { width: 375, height: 667 } };

// Screenshots of every kind, light and dark, desktop and phone, in test-output/screenshots
// (gallery-<kind>-<scheme>-<device>-open|picked.png), to look at side by side.
describe.skipIf(!available)(`every kind, light and dark, desktop and phone (screenshots in ${SCREENSHOT_DIR})`, () => {
  it.each(KINDS)('shows %s whole, inside the screen', async (kind, option) => {
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const [device, size] of Object.entries(DEVICES)) {
        const page = await harness.newPage({ colorScheme, ...size });
        await page.goto(harness.pageUrl('index.html', { type: kind }));
        const ui = widget(page);
        await ui.launcher.click();
        await ui.settled();
        const name = `gallery-${kind}-${colorScheme}-${device}`;
        await harness.screenshot(page, `${name}-open`);
        if (option) await ui.score(option).click();
        await ui.comment.fill('The export button is hard to find.');
        await page.mouse.move(0, 0);
        const dialog = await ui.dialog.boundingBox();
        expect(dialog?.x).toBeGreaterThanOrEqual(0);
        expect(dialog?.y).toBeGreaterThanOrEqual(0);
        expect((dialog?.x ?? 0) + (dialog?.width ?? 0)).toBeLessThanOrEqual(size.width);
        expect(await ui.send.isEnabled()).toBe(true);
        await harness.screenshot(page, `${name}-picked`);
        await page.close();
      }
    }
  });
});
