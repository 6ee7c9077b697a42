import { requireChromiumOrSkip } from '@hearback/test-utils';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DashboardHarness, type Person, PHONE, seriousViolations, startDashboardHarness } from './harness.js';

const available = requireChromiumOrSkip('dashboard');

const ADA: Person = { name: 'Ada Lovelace', email: 'ada@example.com', password: 'analytical-engine-1843' };
const VERA: Person = { name: 'Vera Viewer', email: 'vera@example.com', password: 'only-looking-1843' };

const INVOICE = 'Invoices show the wrong VAT';
const ONBOARDING = 'The onboarding email never came';
const UNTAGGED = 'The export button is hard to find';
const MANY = 'Everything about checkout is slow';

/** Tags on feedback items in the inbox: shown in the row and the pane, edited in the pane, filtered by. */
describe.skipIf(!available)('tags in the inbox', () => {
  let harness: DashboardHarness;
  let page: Page;
  const ids: Record<string, string> = {};
  const inboxUrl = () => `${harness.hearback.url}/app/orgs/${harness.hearback.orgId}/inbox`;
  const rows = (of: Page = page) => of.locator('li.feedback-row');
  const row = (comment: string, of: Page = page) => rows(of).filter({ hasText: comment });
  const rowTags = (comment: string, of: Page = page) => row(comment, of).locator('.tag-chip').allInnerTexts();
  const pane = (of: Page = page) => of.locator('aside.pane');
  const paneTags = (of: Page = page) =>
    pane(of).getByRole('list', { name: 'Tags' }).locator('.tag-chip-text').allInnerTexts();
  const tagInput = (of: Page = page) => pane(of).getByRole('combobox', { name: 'Add a tag' });
  const setTags = (id: string, tags: string[]) =>
    harness.api(`/feedback/${id}`, { method: 'PATCH', body: JSON.stringify({ tags }) });
  const openItem = async (of: Page, comment: string) => {
    await of.goto(`${inboxUrl()}?item=${ids[comment]}`);
    await expect.poll(() => pane(of).getByRole('heading', { name: 'Comment' }).isVisible()).toBe(true);
  };
  /** The item's tags changes the page sends (PATCH …/feedback/{id}). */
  const recordPatches = (of: Page) => {
    const sent: string[] = [];
    const record = (request: Request) => {
      if (request.method() === 'PATCH' && new URL(request.url()).pathname.includes('/feedback/')) {
        sent.push(request.postData() ?? '');
      }
    };
    of.on('request', record);
    return { sent, stop: () => of.off('request', record) };
  };

  beforeAll(async () => {
    harness = await startDashboardHarness();
    page = await harness.newPage();
    await harness.signUp(page, ADA);
    for (const comment of [MANY, UNTAGGED, ONBOARDING, INVOICE]) {
      ids[comment] = (await harness.collect({ type: 'thumbs', score: 0, comment })).id;
    }
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('adds two tags in the pane; the row and the pane show them at once, normalized', async () => {
    await openItem(page, INVOICE);
    const patches = recordPatches(page);
    await tagInput().fill('  Billing ');
    await tagInput().press('Enter');
    await expect.poll(() => paneTags()).toEqual(['billing']);
    await tagInput().fill('Tax   Rules');
    await tagInput().press('Enter');
    await expect.poll(() => paneTags()).toEqual(['billing', 'tax rules']);
    // The list shows the change without a reload, as it does a status change.
    await expect.poll(() => rowTags(INVOICE)).toEqual(['billing', 'tax rules']);
    expect(await tagInput().inputValue()).toBe('');
    patches.stop();
    expect(patches.sent.map((body) => JSON.parse(body))).toEqual([
      { tags: ['billing'] },
      { tags: ['billing', 'tax rules'] },
    ]);
    // What the server stored, too.
    expect((await harness.api<{ tags: string[] }>(`/feedback/${ids[INVOICE]}`)).tags).toEqual(['billing', 'tax rules']);
    await harness.screenshot(page, 'tags-added-light');
    expect(await seriousViolations(page)).toEqual([]);
    expect(harness.errors(page)).toEqual([]);
  });

  it('removes a tag from the keyboard with its named × button', async () => {
    const remove = pane().getByRole('button', { name: 'Remove tag tax rules' });
    await remove.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => paneTags()).toEqual(['billing']);
    await expect.poll(() => rowTags(INVOICE)).toEqual(['billing']);
    expect((await harness.api<{ tags: string[] }>(`/feedback/${ids[INVOICE]}`)).tags).toEqual(['billing']);
    // Tab reaches it: the × is a real button.
    await tagInput().focus();
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Remove tag billing');
  });

  it('says beside the field why a 33-character tag is refused, and sends nothing', async () => {
    const patches = recordPatches(page);
    await tagInput().fill('x'.repeat(33));
    await tagInput().press('Enter');
    const error = pane().locator('.tags-field .field-error');
    await expect.poll(() => error.isVisible()).toBe(true);
    expect(await error.innerText()).toBe('At most 32 characters.');
    expect(await tagInput().getAttribute('aria-invalid')).toBe('true');
    expect(await tagInput().getAttribute('aria-describedby')).toBe(await error.getAttribute('id'));
    // The typed text stays, to be put right.
    expect(await tagInput().inputValue()).toBe('x'.repeat(33));
    await harness.screenshot(page, 'tags-refused-light');
    patches.stop();
    expect(patches.sent).toEqual([]);
    expect(await paneTags()).toEqual(['billing']);
    // Put right, the error goes.
    await tagInput().fill('x'.repeat(32));
    await expect.poll(() => error.count()).toBe(0);
    await tagInput().fill('');
  });

  it('filters the list by a tag from the filter bar, kept in the URL, and from a link', async () => {
    await setTags(ids[ONBOARDING] as string, ['onboarding', 'email']);
    await page.goto(inboxUrl());
    await expect.poll(() => rows().count()).toBe(4);
    const filter = page.getByRole('combobox', { name: 'Filter by tag' });
    // The organization's tags are offered.
    await expect
      .poll(() => filter.locator('option').allInnerTexts())
      .toEqual(expect.arrayContaining(['Any tag', 'billing', 'onboarding', 'email']));
    await filter.selectOption({ label: 'billing' });
    await page.waitForURL((url) => url.searchParams.get('tag') === 'billing');
    await expect.poll(() => rows().allInnerTexts()).toEqual([expect.stringContaining(INVOICE)]);
    await harness.screenshot(page, 'tags-filtered-light');

    // A link with the tag: the same list, and the filter says which tag.
    const other = await harness.newPage();
    await harness.signIn(other, ADA);
    const streams: string[] = [];
    other.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith('/feedback/stream')) streams.push(url.searchParams.getAll('tag').join(','));
    });
    await other.goto(`${inboxUrl()}?tag=onboarding`);
    await expect.poll(() => rows(other).allInnerTexts()).toEqual([expect.stringContaining(ONBOARDING)]);
    expect(
      await other
        .getByRole('combobox', { name: 'Filter by tag' })
        .evaluate((select: HTMLSelectElement) => select.value),
    ).toBe('onboarding');
    // The live list takes the filter: its stream is of tagged items, and a change of one shows.
    await expect.poll(() => other.locator('.stream-state').innerText()).toBe('Live');
    expect(streams).toEqual(['onboarding']);
    await setTags(ids[ONBOARDING] as string, ['onboarding', 'email', 'urgent']);
    await expect.poll(() => rowTags(ONBOARDING, other), { timeout: 10_000 }).toEqual(['email', 'onboarding', 'urgent']);
    // Untagged in the pane, the item leaves the list, as a resolved one leaves "New".
    await row(ONBOARDING, other).getByRole('button').click();
    await pane(other).getByRole('button', { name: 'Remove tag onboarding' }).click();
    await expect.poll(() => rows(other).count()).toBe(0);
    await expect.poll(() => paneTags(other)).toEqual(['email', 'urgent']);
    expect(harness.errors(other)).toEqual([]);
    expect(harness.errors(page)).toEqual([]);
  });

  it('shows a viewer the tags without any control to change them', async () => {
    const viewer = await harness.join(page, VERA, 'viewer');
    await openItem(viewer, INVOICE);
    await expect.poll(() => paneTags(viewer)).toEqual(['billing']);
    expect(await rowTags(INVOICE, viewer)).toEqual(['billing']);
    expect(await pane(viewer).getByRole('combobox', { name: 'Add a tag' }).count()).toBe(0);
    expect(await viewer.getByRole('button', { name: /^Remove tag/ }).count()).toBe(0);
    await harness.screenshot(viewer, 'tags-viewer');
    expect(harness.errors(viewer)).toEqual([]);
  });

  for (const [name, options] of [
    ['dark', { colorScheme: 'dark' as const }],
    ['phone', PHONE],
  ] as const) {
    it(`reads in a row (a few, then +N) and in the pane, ${name}`, async () => {
      await setTags(ids[MANY] as string, [
        'checkout',
        'performance',
        'mobile',
        'payments',
        'a rather long tag name here',
      ]);
      const viewer = await harness.newPage(options);
      await harness.signIn(viewer, ADA);
      await openItem(viewer, MANY);
      await expect
        .poll(() => rowTags(MANY, viewer))
        .toEqual(['a rather long tag name here', 'checkout', 'mobile', expect.stringMatching(/^\+2/)]);
      expect(await paneTags(viewer)).toHaveLength(5);
      // Nothing wider than the screen.
      expect(await viewer.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await harness.screenshot(viewer, `tags-${name}`);
      expect(await seriousViolations(viewer)).toEqual([]);
      expect(harness.errors(viewer)).toEqual([]);
    });
  }
});
