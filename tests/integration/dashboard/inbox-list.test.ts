import { requireChromiumOrSkip } from '@hearback/test-utils';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type DashboardHarness,
  type Person,
  PHONE,
  SCREENSHOT_DIR,
  seriousViolations,
  startDashboardHarness,
} from './harness.js';

const available = requireChromiumOrSkip('dashboard');

const ADA: Person = { name: 'Ada Lovelace', email: 'ada@example.com', password: 'analytical-engine-1843' };

/** Longer than a poll's default second: the list is read again once the stream is open. */
const ARRIVAL = { timeout: 10_000 };

describe.skipIf(!available)('the inbox list: after another screen, a reversed score range, the bulk bar', () => {
  let harness: DashboardHarness;
  let page: Page;
  const inboxUrl = () => `${harness.hearback.url}/app/orgs/${harness.hearback.orgId}/inbox`;
  const rows = (of: Page = page) => of.locator('li.feedback-row');
  const badge = (of: Page = page) => of.locator('.stream-state');
  const goTo = async (link: string) => {
    await page.getByRole('navigation', { name: 'Organization' }).getByRole('link', { name: link }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1, name: link }).isVisible()).toBe(true);
  };

  beforeAll(async () => {
    harness = await startDashboardHarness();
    page = await harness.newPage();
    await harness.signUp(page, ADA);
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('shows, back from Insights, what arrived meanwhile, then what arrives live, each once', async () => {
    await page.waitForURL(/\/inbox/);
    await expect.poll(() => page.getByText('No feedback yet').isVisible()).toBe(true);
    await expect.poll(() => badge().innerText()).toBe('Live');

    await goTo('Insights');
    await harness.collect({ type: 'thumbs', score: 1, comment: 'Arrived while on Insights' });
    await goTo('Inbox');
    await expect.poll(() => page.getByText('Arrived while on Insights').isVisible(), ARRIVAL).toBe(true);
    await expect.poll(() => badge().innerText()).toBe('Live');

    await harness.collect({ type: 'thumbs', score: 1, comment: 'Arrived while on the Inbox' });
    await expect.poll(() => page.getByText('Arrived while on the Inbox').isVisible(), ARRIVAL).toBe(true);
    expect(await rows().allInnerTexts()).toEqual([
      expect.stringContaining('Arrived while on the Inbox'),
      expect.stringContaining('Arrived while on Insights'),
    ]);

    // Away and back again: both still there, once each, and what came meanwhile on top.
    await goTo('Insights');
    await harness.collect({ type: 'thumbs', score: 1, comment: 'Arrived on the second visit to Insights' });
    await goTo('Inbox');
    await expect.poll(() => rows().count(), ARRIVAL).toBe(3);
    expect(await rows().first().innerText()).toContain('Arrived on the second visit to Insights');
    await harness.screenshot(page, 'inbox-back-from-insights-light');
    expect(harness.errors(page)).toEqual([]);
  });

  for (const scheme of ['light', 'dark'] as const) {
    it(`says beside the field that a reversed score range is wrong, and asks the API nothing, ${scheme}`, async () => {
      const viewer = scheme === 'light' ? page : await harness.newPage({ colorScheme: scheme });
      if (viewer !== page) await harness.signIn(viewer, ADA);
      await viewer.goto(inboxUrl());
      await expect.poll(() => badge(viewer).innerText()).toBe('Live');
      const reversed: string[] = [];
      const record = (request: Request) => {
        const url = new URL(request.url());
        const reversedRange = url.searchParams.get('scoreMin') === '9' && url.searchParams.get('scoreMax') === '2';
        // The API's, not the screen's own address (which holds the filters).
        if (reversedRange && url.pathname.startsWith('/organizations/')) reversed.push(url.pathname);
      };
      viewer.on('request', record);

      if (scheme === 'light') {
        // Typed in, as the person would.
        await viewer.getByRole('combobox', { name: 'Filter by type' }).selectOption({ label: 'NPS' });
        await viewer.getByLabel('Score from').fill('9');
        await viewer.getByLabel('Score from').press('Enter');
        await viewer.getByLabel('to', { exact: true }).fill('2');
        await viewer.getByLabel('to', { exact: true }).press('Enter');
      } else {
        // A link with the range the wrong way round: the same, from the first load.
        await viewer.goto(`${inboxUrl()}?type=nps&scoreMin=9&scoreMax=2`);
      }

      const to = viewer.getByLabel('to', { exact: true });
      await expect.poll(() => to.getAttribute('aria-invalid')).toBe('true');
      const error = viewer.locator('.range-filters .field-error');
      expect(await error.innerText()).toBe('Must be at least the lowest score.');
      expect(await to.getAttribute('aria-describedby')).toBe(await error.getAttribute('id'));
      expect(await viewer.getByText('The query string is invalid').count()).toBe(0);
      expect(await badge(viewer).innerText()).toBe('Not live');
      await harness.screenshot(viewer, `inbox-reversed-score-range-${scheme}`);
      expect(await seriousViolations(viewer)).toEqual([]);

      // Put right, the list and its stream come back.
      await to.fill('10');
      await to.press('Enter');
      await expect.poll(() => to.getAttribute('aria-invalid')).toBe(null);
      await expect.poll(() => badge(viewer).innerText()).toBe('Live');
      viewer.off('request', record);
      expect(reversed).toEqual([]);
      expect(harness.errors(viewer)).toEqual([]);
    });
  }

  it('says the stream is not live, not "Reconnecting…", when the server refuses it', async () => {
    const viewer = await harness.newPage();
    await harness.signIn(viewer, ADA);
    await viewer.route('**/feedback/stream**', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/problem+json',
        body: JSON.stringify({ status: 400, code: 'validation_failed', title: 'Refused for this test' }),
      }),
    );
    await viewer.goto(inboxUrl());
    await expect.poll(() => badge(viewer).innerText()).toBe('Not live');
    // The browser does not try a refused stream again: the badge stays so.
    expect(await rows(viewer).count()).toBe(3);
    expect(await badge(viewer).innerText()).toBe('Not live');
  });

  for (const scheme of ['light', 'dark'] as const) {
    it(`keeps the bulk bar in the window when rows far down are checked, not over them, on a phone, ${scheme}`, async () => {
      if (scheme === 'light') {
        for (let index = 0; index < 30; index += 1) {
          await harness.collect({ type: 'nps', score: index % 11, comment: `Row ${index} of a long inbox` });
        }
      }
      const phone = await harness.newPage({ ...PHONE, colorScheme: scheme });
      await harness.signIn(phone, ADA);
      await phone.goto(inboxUrl());
      await expect.poll(() => rows(phone).count()).toBeGreaterThanOrEqual(30);
      const boxes = phone.getByRole('checkbox', { name: /Select for bulk changes/ });
      const last = boxes.last();
      await last.scrollIntoViewIfNeeded();
      await last.tap();
      await boxes.nth(-2).tap();
      const bar = phone.getByRole('region', { name: 'Bulk changes' });
      await expect.poll(() => bar.isVisible()).toBe(true);
      expect(await phone.evaluate(() => window.scrollY)).toBeGreaterThan(1000);

      const barBox = await bar.boundingBox();
      expect(barBox?.y).toBeGreaterThanOrEqual(0);
      expect((barBox?.y ?? 0) + (barBox?.height ?? 0)).toBeLessThanOrEqual(PHONE.height);
      expect(await bar.getByText('2 selected').isVisible()).toBe(true);
      // The rows just checked are still in sight and reachable: the bar is not over them.
      for (const box of [last, boxes.nth(-2)]) {
        expect(
          await box.evaluate((input) => {
            const { x, y, width, height } = input.getBoundingClientRect();
            return document.elementFromPoint(x + width / 2, y + height / 2) === input;
          }),
        ).toBe(true);
      }
      // What the window shows (a full-page shot would not show where the bar stays).
      await phone.screenshot({ path: `${SCREENSHOT_DIR}inbox-bulk-bar-phone-${scheme}.png`, animations: 'disabled' });
      expect(await seriousViolations(phone)).toEqual([]);

      await bar.getByRole('combobox', { name: 'Set status' }).selectOption({ label: 'Triaged' });
      await expect.poll(() => bar.isVisible()).toBe(false);
      expect(harness.errors(phone)).toEqual([]);
    });
  }

  it('keeps the bulk bar in view beside an open item on a desktop, over neither the item nor the rows', async () => {
    const desk = await harness.newPage();
    await harness.signIn(desk, ADA);
    await desk.goto(inboxUrl());
    await expect.poll(() => rows(desk).count()).toBeGreaterThanOrEqual(30);
    const boxes = desk.getByRole('checkbox', { name: /Select for bulk changes/ });
    await boxes.last().scrollIntoViewIfNeeded();
    await boxes.last().check();
    await rows(desk).last().getByText('Arrived while on Insights').click();
    await expect.poll(() => new URL(desk.url()).searchParams.get('item')).toBeTruthy();
    const bar = desk.getByRole('region', { name: 'Bulk changes' });
    const pane = desk.locator('aside.pane');
    await expect.poll(() => pane.getByText('Arrived while on Insights').first().isVisible()).toBe(true);
    // Opening the item kept the page where it was; the bar, come in above the rows, pushed the
    // checked row down to the window's foot: back to it.
    await boxes.last().scrollIntoViewIfNeeded();
    expect(await desk.evaluate(() => window.scrollY)).toBeGreaterThan(500);

    const barBox = await bar.boundingBox();
    const paneBox = await pane.boundingBox();
    expect(barBox?.y).toBeGreaterThanOrEqual(0);
    // Side by side: the bar ends left of where the open item starts.
    expect((barBox?.x ?? 0) + (barBox?.width ?? 0)).toBeLessThanOrEqual(paneBox?.x ?? 0);
    expect(
      await boxes.last().evaluate((input) => {
        const { x, y, width, height } = input.getBoundingClientRect();
        return document.elementFromPoint(x + width / 2, y + height / 2) === input;
      }),
    ).toBe(true);
    await desk.screenshot({ path: `${SCREENSHOT_DIR}inbox-bulk-bar-desktop-light.png`, animations: 'disabled' });
    expect(harness.errors(desk)).toEqual([]);
  });

  it('keeps its place in a long list while items are opened by click and by j/k on a desktop', async () => {
    const desk = await harness.newPage();
    await harness.signIn(desk, ADA);
    await desk.goto(inboxUrl());
    await expect.poll(() => rows(desk).count()).toBeGreaterThanOrEqual(30);
    const far = rows(desk).nth(25);
    await far.scrollIntoViewIfNeeded();
    await desk.evaluate(() => window.scrollBy(0, 200));
    const scrolled = await desk.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(1000);
    const pane = desk.getByRole('complementary', { name: 'Comment' });
    const paneShows = async (row: number) =>
      (await pane.locator('.pane-comment').textContent()) ===
      (await rows(desk).nth(row).locator('.feedback-row-comment').textContent());
    const rowTop = () => far.evaluate((row) => row.getBoundingClientRect().top);
    const before = await rowTop();

    await far.getByRole('button').click();
    await expect.poll(() => paneShows(25)).toBe(true);
    // The list stays where it was: the row just pressed is under the pointer still, marked as open.
    expect(await desk.evaluate(() => window.scrollY)).toBe(scrolled);
    expect(await rowTop()).toBe(before);
    expect(await far.getByRole('button').getAttribute('aria-current')).toBe('true');
    // The open item is in its pane beside the list, in the window.
    const paneBox = await pane.boundingBox();
    expect(paneBox?.y).toBeGreaterThanOrEqual(0);
    expect(paneBox?.y).toBeLessThan(860);
    await desk.screenshot({ path: `${SCREENSHOT_DIR}inbox-open-far-down-desktop-light.png`, animations: 'disabled' });

    // Moving with the keyboard keeps the place as well.
    await desk.keyboard.press('j');
    await expect.poll(() => paneShows(26)).toBe(true);
    expect(await desk.evaluate(() => window.scrollY)).toBe(scrolled);
    await desk.keyboard.press('k');
    await expect.poll(() => paneShows(25)).toBe(true);
    expect(await desk.evaluate(() => window.scrollY)).toBe(scrolled);
    expect(harness.errors(desk)).toEqual([]);
  });

  it('brings the item opened far down a long list into view on a phone, not a sliver of it', async () => {
    const phone = await harness.newPage(PHONE);
    await harness.signIn(phone, ADA);
    await phone.goto(inboxUrl());
    await expect.poll(() => rows(phone).count()).toBeGreaterThanOrEqual(30);
    // Far down, where the pane (below the list on a phone) has only its top edge in the window.
    const placeholder = phone.getByRole('complementary', { name: 'Feedback item' });
    await placeholder.scrollIntoViewIfNeeded();
    await phone.evaluate(
      (top) => window.scrollBy(0, top - (window.innerHeight - 40)),
      await placeholder.evaluate((element) => element.getBoundingClientRect().top),
    );
    expect(await phone.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    const last = rows(phone).last();
    const comment = await last.locator('.feedback-row-comment').textContent();

    await last.getByRole('button').tap();
    const pane = phone.getByRole('complementary', { name: 'Comment' });
    await expect.poll(() => pane.locator('.pane-comment').textContent()).toBe(comment);
    // The item's heading, comment and triage fields are in the window, not under its foot.
    await expect.poll(() => pane.evaluate((element) => element.getBoundingClientRect().top >= 0)).toBe(true);
    for (const part of [
      pane.getByRole('heading', { name: 'Comment' }),
      pane.locator('.pane-comment'),
      pane.getByLabel('Status'),
    ]) {
      const box = await part.boundingBox();
      expect(box?.y).toBeGreaterThanOrEqual(0);
      expect((box?.y ?? PHONE.height) + (box?.height ?? 0)).toBeLessThanOrEqual(PHONE.height);
    }
    await phone.screenshot({ path: `${SCREENSHOT_DIR}inbox-open-far-down-phone-light.png`, animations: 'disabled' });
    expect(harness.errors(phone)).toEqual([]);
  });
});
