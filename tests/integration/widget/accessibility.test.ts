import { requireChromiumOrSkip } from '@hearback/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { widgetViolations } from './axe.js';
import { type Harness, KINDS, startHarness, widget } from './harness.js';

const available = requireChromiumOrSkip('widget accessibility');

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness({ fastAnimations: true });
});
afterAll(async () => {
  await harness?.close();
});

describe.skipIf(!available)('axe-core on the widget', () => {
  it.each(KINDS)('finds nothing in %s: open, picked, sent, light and dark', async (kind, option) => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await harness.newPage({ colorScheme });
      await page.goto(harness.pageUrl('index.html', { type: kind }));
      const ui = widget(page);
      await ui.launcher.waitFor();
      expect(await widgetViolations(page), 'launcher').toEqual([]);
      await ui.launcher.click();
      await ui.settled();
      expect(await widgetViolations(page), 'open').toEqual([]);
      if (option) await ui.score(option).click();
      await ui.comment.fill(`axe ${kind} ${colorScheme}`);
      expect(await widgetViolations(page), 'picked').toEqual([]);
      await ui.send.click();
      await ui.outcome.waitFor();
      expect(await widgetViolations(page), 'sent').toEqual([]);
    }
  });

  it.each(['light', 'dark'] as const)(
    'finds nothing with a submission saved for later, offline (%s)',
    async (colorScheme) => {
      const page = await harness.newPage({ colorScheme });
      await page.goto(harness.pageUrl('index.html', { type: 'stars' }));
      const ui = widget(page);
      await ui.launcher.click();
      await ui.settled();
      await page.context().setOffline(true);
      await ui.score('4 of 5 stars').click();
      await ui.send.click();
      await ui.outcome.waitFor();
      expect(await ui.title.textContent()).toBe('Saved for later');
      expect(await widgetViolations(page), 'queued').toEqual([]);
      await page.context().setOffline(false);
    },
  );

  it.each(KINDS)('finds nothing in %s with an error shown', async (kind, option) => {
    const page = await harness.newPage();
    // A key the server does not know: it refuses the submission (401), and the dialog says so.
    await page.goto(harness.pageUrl('index.html', { type: kind, collect_key: 'hb_unknown_secret' }));
    const ui = widget(page);
    await ui.launcher.click();
    await ui.settled();
    if (option) await ui.score(option).click();
    else {
      // Text feedback first refuses to send an empty box.
      await ui.send.click();
      await page.locator('hearback-widget [role=alert]').waitFor();
      expect(await ui.comment.getAttribute('aria-invalid')).toBe('true');
      expect(await widgetViolations(page), 'empty text').toEqual([]);
      await ui.comment.fill('Refused');
    }
    await ui.send.click();
    await page.locator('hearback-widget [role=alert]').getByText('Your feedback couldn’t be sent.').waitFor();
    expect(await widgetViolations(page), 'refused').toEqual([]);
  });
});
