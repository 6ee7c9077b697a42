import { requireChromiumOrSkip } from '@hearback/test-utils';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DashboardHarness, type Person, startDashboardHarness } from './harness.js';

const available = requireChromiumOrSkip('dashboard');

const GRACE: Person = { name: 'Grace Hopper', email: 'grace@example.com', password: 'compiler-a0-1952' };

const DARK_MODE = [
  'Please add a dark mode',
  'Dark mode would be easier on my eyes at night',
  'I want a dark mode for the app',
  'The screen is too bright at night, dark mode please',
  'Any plans for dark mode?',
  'Dark mode please, my eyes hurt',
  'Would love a dark mode option',
  'Add dark mode to the settings',
];
const SPEED = [
  'The app is very slow to load',
  'Pages take forever to load',
  'Loading is so slow on my phone',
  'Everything loads slowly since the update',
  'Slow loading times all day',
  'It takes ages for the page to load',
  'Why is loading so slow lately',
  'The dashboard is slow to load every morning',
];
/** Comments of no topic: their nearest items are few and far, the long word among them. */
const VAGUE = ['Supercalifragilisticexpialidocious', 'Meh'];
/** One word of 335 characters (an underscore breaks no line), the first of them its start. */
const LONG_WORD = `Supercalifragilisticexpialidocious_${'y'.repeat(300)}`;
/** A long comment (about 20 lines in a theme's card), central to the dark mode theme: every dark mode request in one. */
const LONG_COMMENT = Array.from({ length: 3 }, () => DARK_MODE.join('. ')).join('. ');

interface Themes {
  unindexed: number;
  themes: { label: string; representatives: { id: string; comment: string | null }[] }[];
}

/** How far `inner` reaches past the right edge of `outer`, in CSS pixels (0 or less: inside). */
async function overhang(inner: Locator, outer: Locator): Promise<number> {
  const a = await inner.boundingBox();
  const b = await outer.boundingBox();
  if (!a || !b) throw new Error('not laid out');
  return a.x + a.width - (b.x + b.width);
}

/** The lines `element` shows: its height in its own line height. */
const linesOf = (element: Locator) =>
  element.evaluate((node) =>
    Math.round(node.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(node).lineHeight)),
  );

describe.skipIf(!available)('long comments in lists and cards, with the local model', () => {
  let harness: DashboardHarness;
  let page: Page;
  const ids = new Map<string, string>();

  beforeAll(async () => {
    harness = await startDashboardHarness({ embedComments: true });
    for (const comment of [...DARK_MODE, ...SPEED, ...VAGUE, LONG_WORD, LONG_COMMENT])
      ids.set(comment, (await harness.collect({ type: 'text', comment })).id);
    // Every comment embedded (expect.poll is for tests, not hooks): similar items and themes answer from all.
    const deadline = Date.now() + 120_000;
    while ((await harness.api<Themes>('/feedback/themes')).unindexed > 0) {
      if (Date.now() > deadline) throw new Error('the comments were not indexed in 2 minutes');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    page = await harness.newPage();
    await harness.signUp(page, GRACE);
  });
  afterAll(async () => {
    await harness?.close();
  });

  it("keeps a long word of a similar item within the item's pane, cut to a few lines", async () => {
    const inbox = `${harness.hearback.url}/app/orgs/${harness.hearback.orgId}/inbox`;
    // An item the long word is one of the similar items of (the model ranks them; the API says which).
    let opened: string | undefined;
    for (const comment of [...VAGUE, ...DARK_MODE, LONG_COMMENT]) {
      const id = ids.get(comment);
      const { data } = await harness.api<{ data: { feedback: { comment: string | null } }[] }>(
        `/feedback/${id}/similar?limit=5`,
      );
      if (data.some(({ feedback }) => feedback.comment === LONG_WORD)) {
        opened = id;
        break;
      }
    }
    expect(opened, 'an item has the long word among its similar items').toBeDefined();
    await page.goto(`${inbox}?item=${opened}`);
    const pane = page.getByRole('complementary');
    const similar = pane.getByRole('list').filter({ has: page.getByRole('link', { name: LONG_WORD.slice(0, 40) }) });
    const link = similar.getByRole('link', { name: LONG_WORD.slice(0, 40) });
    await expect.poll(() => link.count(), { timeout: 30_000 }).toBe(1);
    await link.scrollIntoViewIfNeeded();
    // It ran 1,100 px past the pane's edge, on one line.
    expect(await overhang(link, similar)).toBeLessThanOrEqual(0);
    expect(await overhang(similar, pane)).toBeLessThanOrEqual(0);
    expect(await linesOf(link)).toBeLessThanOrEqual(3);
    expect(await pane.evaluate((node) => node.scrollWidth - node.clientWidth)).toBe(0);
    await harness.screenshot(page, 'long-comments-similar-light');

    // The long word's own item: its row cut at the list's edge, its comment wrapped whole in the pane.
    await link.click();
    const comment = pane.getByText(LONG_WORD, { exact: true });
    await expect.poll(() => comment.isVisible()).toBe(true);
    expect(await overhang(comment, pane)).toBeLessThanOrEqual(0);
    expect(await pane.evaluate((node) => node.scrollWidth - node.clientWidth)).toBe(0);
    const row = page.locator(`li.feedback-row[data-id="${ids.get(LONG_WORD)}"]`);
    expect(await overhang(row.locator('.feedback-row-comment'), row)).toBeLessThanOrEqual(0);
    await harness.screenshot(page, 'long-comments-own-light');
  });

  it("cuts a long sample comment of a theme's card to a few lines; it links to the whole text", async () => {
    const themes = await harness.api<Themes>('/feedback/themes');
    const theme = themes.themes.find((candidate) =>
      candidate.representatives.some((item) => item.comment === LONG_COMMENT),
    );
    expect(theme, 'the long comment is a sample of a theme').toBeDefined();

    for (const scheme of ['light', 'dark'] as const) {
      const view = await harness.newPage({ colorScheme: scheme });
      await harness.signIn(view, GRACE);
      await view.goto(`${harness.hearback.url}/app/orgs/${harness.hearback.orgId}/insights`);
      const samples = view.getByRole('list', { name: `Sample comments of ${theme?.label}` });
      const sample = samples.getByRole('link', { name: LONG_COMMENT.slice(0, 40) });
      await expect.poll(() => sample.isVisible(), { timeout: 30_000 }).toBe(true);
      // It filled about 20 lines and stretched the row of cards.
      expect(await linesOf(sample)).toBeLessThanOrEqual(3);
      await harness.screenshot(view, `long-comments-theme-${scheme}`);

      // Its link opens the item, whose pane shows the whole comment.
      await sample.click();
      await view.waitForURL(/\/inbox/);
      await expect
        .poll(() => view.getByRole('complementary').getByText(LONG_COMMENT, { exact: true }).isVisible())
        .toBe(true);
    }
  });
});
