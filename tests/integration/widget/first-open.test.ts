import { requireChromiumOrSkip } from '@hearback/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness, widget } from './harness.js';

const available = requireChromiumOrSkip('widget first open');

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.close();
});

const notice = (page: import('playwright-core').Page) => page.locator('hearback-widget .m');

describe.skipIf(!available)('the first open of the widget', () => {
  it('offline before the first open: the launcher says so; back online, it opens the form', async () => {
    const page = await harness.newPage();
    await page.goto(harness.pageUrl('index.html', { type: 'nps' }));
    const ui = widget(page);
    await ui.launcher.waitFor();
    await page.context().setOffline(true);
    await ui.launcher.click();
    await notice(page).waitFor();
    expect(await notice(page).textContent()).toBe('You’re offline. Try again once you’re back online.');
    expect(await notice(page).getAttribute('role')).toBe('alert');
    expect(await ui.launcher.getAttribute('aria-expanded')).toBe('true');
    expect(await ui.dialog.count()).toBe(0);
    await harness.screenshot(page, 'first-open-offline');
    // The launcher closes the message again, and tells assistive technology so.
    await ui.launcher.click();
    expect(await notice(page).count()).toBe(0);
    expect(await ui.launcher.getAttribute('aria-expanded')).toBe('false');

    await page.context().setOffline(false);
    await ui.launcher.click();
    await ui.dialog.waitFor();
    expect(await notice(page).count()).toBe(0);
    expect(await ui.launcher.getAttribute('aria-expanded')).toBe('true');
  });

  it('a slow first open shows Loading… (aria-busy) until the dialog arrives', async () => {
    const page = await harness.newPage();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/widget-dialog.*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(harness.pageUrl('index.html', { type: 'nps' }));
    const ui = widget(page);
    await ui.launcher.click();
    await notice(page).waitFor();
    expect(await notice(page).textContent()).toBe('Loading…');
    expect(await notice(page).getAttribute('role')).toBe('status');
    expect(await notice(page).getAttribute('aria-busy')).toBe('true');
    expect(await ui.launcher.getAttribute('aria-expanded')).toBe('true');
    await harness.screenshot(page, 'first-open-loading');
    release();
    await ui.dialog.waitFor();
    expect(await notice(page).count()).toBe(0);
  });
});
