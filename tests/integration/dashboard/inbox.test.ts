import { requireChromiumOrSkip } from '@hearback/test-utils';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filterLayout } from './filter-layout.js';
import { type DashboardHarness, type Person, PHONE, seriousViolations, startDashboardHarness } from './harness.js';

const available = requireChromiumOrSkip('dashboard');

const GRACE: Person = { name: 'Grace Hopper', email: 'grace@example.com', password: 'compiler-a0-1952' };

interface FeedbackItem {
  id: string;
  type: string;
  status: string;
  comment: string | null;
}

describe.skipIf(!available)('the inbox: filters, saved views, search, bulk and keyboard', () => {
  let harness: DashboardHarness;
  let page: Page;
  const rows = () => page.locator('li.feedback-row');
  const inboxUrl = () => `${harness.hearback.url}/app/orgs/${harness.hearback.orgId}/inbox`;

  beforeAll(async () => {
    harness = await startDashboardHarness();
    page = await harness.newPage();
    await harness.signUp(page, GRACE);
    await harness.collect({
      type: 'nps',
      score: 2,
      comment: 'Checkout is painfully slow',
      context: { source: 'widget' },
    });
    await harness.collect({ type: 'nps', score: 9, comment: 'Love the new editor', context: { source: 'widget' } });
    await harness.collect({
      type: 'nps',
      score: 5,
      comment: 'Pricing page is confusing',
      context: { source: 'email' },
    });
    await harness.collect({
      type: 'stars',
      score: 1,
      comment: 'The app crashed when paying',
      context: { source: 'email' },
    });
    await harness.collect({ type: 'thumbs', score: 1, comment: 'Great docs' });
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('filters by type and score range, in the URL, and clears', async () => {
    await page.goto(inboxUrl());
    await expect.poll(() => rows().count()).toBe(5);
    await page.getByRole('combobox', { name: 'Filter by type' }).selectOption({ label: 'NPS' });
    await expect.poll(() => rows().count()).toBe(3);
    expect(new URL(page.url()).searchParams.get('type')).toBe('nps');
    await page.getByLabel('to', { exact: true }).fill('6');
    await page.getByLabel('to', { exact: true }).press('Enter');
    await expect.poll(() => rows().count()).toBe(2);
    expect(new URL(page.url()).searchParams.get('scoreMax')).toBe('6');
    await page.getByLabel('Source').fill('email');
    await page.getByLabel('Source').press('Enter');
    await expect.poll(() => rows().count()).toBe(1);
    expect(await rows().first().innerText()).toContain('Pricing page is confusing');
    await harness.screenshot(page, 'inbox-filtered-light');
    expect(await seriousViolations(page)).toEqual([]);
    // "Clear filters" starts a row of its own: its words line up with the fields above it.
    expect((await filterLayout(page)).clearFiltersInset).toBe(0);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => rows().count()).toBe(5);
  });

  it('saves the current filters as a view and opens it again', async () => {
    await page.getByRole('combobox', { name: 'Filter by type' }).selectOption({ label: 'NPS' });
    await page.getByRole('combobox', { name: 'Filter by status' }).selectOption({ label: 'New' });
    await expect.poll(() => rows().count()).toBe(3);
    await page.locator('.saved-views summary').click();
    // A refused name's error belongs to that attempt: the menu closed and opened again, it is gone.
    await page.getByLabel('Save these filters as').fill('   ');
    await page.getByRole('button', { name: 'Save view' }).click();
    const refused = page.locator('.saved-views').getByText('Must not be empty.');
    await expect.poll(() => refused.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await page.locator('.saved-views summary').click();
    expect(await refused.count()).toBe(0);
    await page.getByLabel('Save these filters as').fill('Untriaged NPS');
    await page.getByRole('button', { name: 'Save view' }).click();
    await expect.poll(() => page.getByRole('link', { name: 'Untriaged NPS' }).isVisible()).toBe(true);
    const [view] = (await harness.api<{ data: { name: string; filters: Record<string, unknown> }[] }>('/views')).data;
    expect(view).toMatchObject({ name: 'Untriaged NPS', filters: { type: 'nps', status: 'new' } });

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => rows().count()).toBe(5);
    await page.locator('.saved-views summary').click();
    await page.getByRole('link', { name: 'Untriaged NPS' }).click();
    await expect.poll(() => rows().count()).toBe(3);
    // The choice is made: the menu closes.
    expect(await page.locator('.saved-views').getAttribute('open')).toBeNull();
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toMatchObject({ type: 'nps', status: 'new' });
  });

  it('changes the status of the checked items at once', async () => {
    await page.goto(inboxUrl());
    await expect.poll(() => rows().count()).toBe(5);
    const boxes = page.getByRole('checkbox', { name: /Select for bulk changes/ });
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    await expect.poll(() => page.getByText('2 selected').isVisible()).toBe(true);
    await harness.screenshot(page, 'inbox-bulk-light');
    await page.getByRole('combobox', { name: 'Set status' }).selectOption({ label: 'Triaged' });
    await expect
      .poll(async () => (await harness.api<{ data: FeedbackItem[] }>('/feedback?status=triaged')).data.length)
      .toBe(2);
    await expect.poll(() => page.getByText('2 selected').isVisible()).toBe(false);
  });

  it('moves through the list with j and k, also right after checking an item', async () => {
    const list = (await harness.api<{ data: FeedbackItem[] }>('/feedback')).data;
    await page.locator('body').press('j');
    await expect.poll(() => new URL(page.url()).searchParams.get('item')).toBe(list[0]?.id);
    await page.locator('body').press('j');
    await expect.poll(() => new URL(page.url()).searchParams.get('item')).toBe(list[1]?.id);
    await page.locator('body').press('k');
    await expect.poll(() => new URL(page.url()).searchParams.get('item')).toBe(list[0]?.id);
  });

  it('checks a note and an issue link with the API’s own rules, and sends nothing the API would refuse', async () => {
    const [item] = (await harness.api<{ data: FeedbackItem[] }>('/feedback')).data;
    await page.goto(`${inboxUrl()}?item=${item?.id}`);
    const writes: string[] = [];
    const countWrite = (request: Request) => {
      if (request.method() !== 'GET') writes.push(`${request.method()} ${new URL(request.url()).pathname}`);
    };
    page.on('request', countWrite);
    try {
      // Blank once trimmed: the browser's `required` takes it, the API's schema does not.
      await page.getByLabel('Add a note').fill('   ');
      await page.getByRole('button', { name: 'Add note' }).click();
      await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Must not be empty.' }).isVisible()).toBe(true);
      await page.getByLabel('Issue link').fill(`https://github.com/acme/app/issues/${'1'.repeat(2000)}`);
      await page.getByRole('button', { name: 'Link issue' }).click();
      await expect
        .poll(() => page.getByRole('alert').filter({ hasText: 'At most 2000 characters.' }).isVisible())
        .toBe(true);
      expect(await page.getByLabel('Issue link').getAttribute('aria-invalid')).toBe('true');
      await harness.screenshot(page, 'inbox-pane-refused-light');
      expect(await harness.cspViolations(page)).toEqual([]);
      expect(writes).toEqual([]);

      await page.getByLabel('Add a note').fill('Seen on the checkout page too.');
      await page.getByRole('button', { name: 'Add note' }).click();
      await expect.poll(() => page.getByText('Seen on the checkout page too.').isVisible()).toBe(true);
      expect(writes).toEqual([`POST /organizations/${harness.hearback.orgId}/feedback/${item?.id}/notes`]);
    } finally {
      page.off('request', countWrite);
    }
  });

  it('links an issue of a self-hosted GitHub once GitHub is chosen as its tracker', async () => {
    const [, item] = (await harness.api<{ data: FeedbackItem[] }>('/feedback')).data;
    const url = 'https://github.acme.com/acme/app/issues/3';
    // A page of its own: the refused link's 400, which the browser logs, stays out of the page the other tests share.
    const desk = await harness.newPage();
    await harness.signIn(desk, GRACE);
    await desk.goto(`${inboxUrl()}?item=${item?.id}`);
    const sent: unknown[] = [];
    desk.on('request', (request) => {
      if (request.method() === 'PATCH') sent.push(request.postDataJSON());
    });
    const tracker = desk.getByRole('combobox', { name: 'Tracker' });
    expect(await tracker.inputValue()).toBe('detect');
    // The trackers the API takes, as people name them, after the default.
    expect(await tracker.locator('option').allInnerTexts()).toEqual([
      'Detect from the URL',
      'GitHub',
      'GitLab',
      'Jira',
      'Linear',
      'Asana',
    ]);

    // Left to detect, the API cannot tell GitHub Enterprise Server's host: its refusal shows under the field.
    await desk.getByLabel('Issue link').fill(url);
    await desk.getByRole('button', { name: 'Link issue' }).click();
    await expect
      .poll(() => desk.getByRole('alert').filter({ hasText: 'Not an issue URL of a supported tracker' }).isVisible())
      .toBe(true);
    expect(await desk.getByLabel('Issue link').getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([{ issueLink: { url } }]);
    expect((await harness.api<{ issueLink: unknown }>(`/feedback/${item?.id}`)).issueLink).toBeNull();
    await harness.screenshot(desk, 'inbox-issue-tracker-refused-light');
    expect(await seriousViolations(desk)).toEqual([]);

    await tracker.selectOption({ label: 'GitHub' });
    await desk.getByRole('button', { name: 'Link issue' }).click();
    await expect.poll(() => desk.getByRole('link', { name: url }).isVisible()).toBe(true);
    expect(sent).toEqual([{ issueLink: { url } }, { issueLink: { url, tracker: 'github' } }]);
    expect((await harness.api<{ issueLink: unknown }>(`/feedback/${item?.id}`)).issueLink).toEqual({
      tracker: 'github',
      url,
      key: 'acme/app#3',
    });
    expect(await desk.getByRole('region', { name: 'Issue' }).textContent()).toContain('GitHub');
    await harness.screenshot(desk, 'inbox-issue-tracker-linked-light');
    expect(await seriousViolations(desk)).toEqual([]);
    expect(await harness.cspViolations(desk)).toEqual([]);
  });

  it('keeps the issue link form compact on a phone, in the dark', async () => {
    const [, , item] = (await harness.api<{ data: FeedbackItem[] }>('/feedback')).data;
    const phone = await harness.newPage({ ...PHONE, colorScheme: 'dark' });
    await harness.signIn(phone, GRACE);
    await phone.goto(`${inboxUrl()}?item=${item?.id}`);
    await phone.getByLabel('Issue link').fill('https://github.acme.com/acme/app/issues/4');
    await phone.getByRole('combobox', { name: 'Tracker' }).selectOption({ label: 'GitLab' });
    await phone.getByRole('button', { name: 'Link issue' }).click();
    await expect
      .poll(() => phone.getByRole('alert').filter({ hasText: 'Not a gitlab issue URL.' }).isVisible())
      .toBe(true);
    // The URL across the pane, the tracker and the button on one line under it; nothing scrolls sideways.
    const tracker = await phone.getByRole('combobox', { name: 'Tracker' }).boundingBox();
    const button = await phone.getByRole('button', { name: 'Link issue' }).boundingBox();
    expect(
      Math.abs((tracker?.y ?? 0) + (tracker?.height ?? 0) - (button?.y ?? 0) - (button?.height ?? 0)),
    ).toBeLessThan(2);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
    await phone.getByRole('alert').filter({ hasText: 'Not a gitlab issue URL.' }).scrollIntoViewIfNeeded();
    await harness.screenshot(phone, 'inbox-issue-tracker-refused-dark');
    expect(await seriousViolations(phone)).toEqual([]);
    expect(await harness.cspViolations(phone)).toEqual([]);

    await phone.getByRole('combobox', { name: 'Tracker' }).selectOption({ label: 'GitHub' });
    await phone.getByRole('button', { name: 'Link issue' }).click();
    await expect
      .poll(() => phone.getByRole('link', { name: 'https://github.acme.com/acme/app/issues/4' }).isVisible())
      .toBe(true);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
    await harness.screenshot(phone, 'inbox-issue-tracker-linked-dark');
    expect(await seriousViolations(phone)).toEqual([]);
    // The browser logs the refused link's 400 as a failed load; nothing else may go wrong.
    expect(harness.errors(phone).filter((error) => !error.includes('status of 400'))).toEqual([]);
  });

  // The harness runs no jobs, so nothing is indexed by meaning: hybrid search ranks by words here,
  // which is what this checks (the screen's round trip); meaning itself is the search suite's.
  it('searches by meaning and words, within the filters', async () => {
    await page.goto(inboxUrl());
    await page.getByRole('combobox', { name: 'Search by' }).selectOption('meaning');
    await page.getByRole('searchbox', { name: 'Search' }).fill('crashed paying');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    // The first search by meaning loads the embedding model to embed the question: seconds, once.
    await expect
      .poll(() => page.getByText(/most relevant to “crashed paying”/).isVisible(), { timeout: 30_000 })
      .toBe(true);
    expect(new URL(page.url()).searchParams.get('meaning')).toBe('crashed paying');
    await expect.poll(() => rows().count()).toBeGreaterThan(0);
    expect(await rows().first().innerText()).toContain('paying');
    await harness.screenshot(page, 'inbox-search-light');
    expect(await harness.cspViolations(page)).toEqual([]);
    expect(harness.errors(page)).toEqual([]);
  });

  it('searches by meaning among the items of the assignee chosen', async () => {
    const members = await harness.api<{ data: { userId: string; name: string }[] }>('/members');
    const grace = members.data.find((member) => member.name === GRACE.name)?.userId;
    const { id: graces } = await harness.collect({ type: 'thumbs', score: 0, comment: 'Checkout coupon refused' });
    await harness.collect({ type: 'thumbs', score: 0, comment: 'Checkout coupon field is hidden' });
    await harness.api(`/feedback/${graces}`, { method: 'PATCH', body: JSON.stringify({ assigneeId: grace }) });
    await page.goto(inboxUrl());
    await page.getByRole('combobox', { name: 'Filter by assignee' }).selectOption({ label: GRACE.name });
    await expect.poll(() => rows().count()).toBe(1);
    await page.getByRole('combobox', { name: 'Search by' }).selectOption('meaning');
    await page.getByRole('searchbox', { name: 'Search' }).fill('checkout coupon');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect
      .poll(() => page.getByText(/most relevant to “checkout coupon”/).isVisible(), { timeout: 30_000 })
      .toBe(true);
    // Only Grace's: the dropdown still says Grace, and the hits are hers.
    expect(await page.getByRole('combobox', { name: 'Filter by assignee' }).locator('option:checked').innerText()).toBe(
      GRACE.name,
    );
    expect(await rows().allInnerTexts()).toEqual([expect.stringContaining('Checkout coupon refused')]);
    expect(harness.errors(page)).toEqual([]);
  });

  it('opens a tall item beside the list without scrolling the page', async () => {
    const context = Object.fromEntries(Array.from({ length: 40 }, (_, index) => [`field${index}`, `value ${index}`]));
    const { id } = await harness.collect({ type: 'text', comment: 'A tall item. '.repeat(80), context });
    const desk = await harness.newPage({ width: 1440, height: 900 });
    await harness.signIn(desk, GRACE);
    await desk.goto(inboxUrl());
    await expect.poll(() => desk.locator('li.feedback-row').count()).toBeGreaterThan(0);
    await desk.locator(`li.feedback-row[data-id="${id}"] .feedback-row-open`).click();
    await expect.poll(() => desk.getByRole('heading', { name: 'Comment' }).isVisible()).toBe(true);
    await expect.poll(() => desk.getByText('value 39').isVisible()).toBe(true);
    // Taller than the window: the pane scrolls within itself, and its bottom is below the window's.
    const pane = desk.getByRole('complementary', { name: 'Comment' });
    expect(await pane.evaluate((element) => element.scrollHeight > window.innerHeight)).toBe(true);
    expect(await desk.evaluate(() => window.scrollY)).toBe(0);
  });

  it('changes only the checked items the filters show', async () => {
    await harness.collect({ type: 'nps', score: 3, comment: 'Shown NPS', context: { source: 'selection' } });
    await harness.collect({ type: 'thumbs', score: 0, comment: 'Hidden thumbs one', context: { source: 'selection' } });
    await harness.collect({ type: 'thumbs', score: 1, comment: 'Hidden thumbs two', context: { source: 'selection' } });
    await page.goto(`${inboxUrl()}?source=selection`);
    await expect.poll(() => rows().count()).toBe(3);
    for (const box of await page.getByRole('checkbox', { name: /Select for bulk changes/ }).all()) await box.check();
    await expect.poll(() => page.getByText('3 selected').isVisible()).toBe(true);

    await page.getByRole('combobox', { name: 'Filter by type' }).selectOption({ label: 'NPS' });
    await expect.poll(() => rows().count()).toBe(1);
    // The two thumbs are out of sight, so out of the selection: the bar counts (and changes) what shows.
    expect(await page.locator('.bulk-bar').isVisible()).toBe(false);
    await page.getByRole('checkbox', { name: /Shown NPS/ }).check();
    await expect.poll(() => page.getByText('1 selected').isVisible()).toBe(true);
    await page.getByRole('combobox', { name: 'Set status' }).selectOption({ label: 'Closed' });
    await expect
      .poll(async () => (await harness.api<{ data: FeedbackItem[] }>('/feedback?source=selection&status=closed')).data)
      .toEqual([expect.objectContaining({ comment: 'Shown NPS' })]);
    await page.getByRole('combobox', { name: 'Filter by type' }).selectOption({ label: 'Any type' });
    await expect.poll(() => rows().count()).toBe(3);
    expect(await page.locator('.bulk-bar').isVisible()).toBe(false);
    const statuses = (await harness.api<{ data: FeedbackItem[] }>('/feedback?source=selection')).data.map(
      (item) => `${item.comment}: ${item.status}`,
    );
    expect(statuses.sort()).toEqual(['Hidden thumbs one: new', 'Hidden thumbs two: new', 'Shown NPS: closed']);
  });

  it('ignores parameters of the address it does not know (a link pasted from Slack or a newsletter)', async () => {
    const asked: string[] = [];
    const record = (request: Request) => {
      if (new URL(request.url()).pathname.includes('/feedback')) asked.push(request.url());
    };
    page.on('request', record);
    try {
      await page.goto(`${inboxUrl()}?source=selection&type=nps&ref=slack&utm_source=newsletter`);
      await expect.poll(() => rows().count()).toBe(1);
      expect(await rows().first().innerText()).toContain('Shown NPS');
      await expect.poll(() => page.getByRole('status').filter({ hasText: 'Live' }).isVisible()).toBe(true);
      expect(await page.getByRole('alert').count()).toBe(0);
      expect(asked.some((url) => url.includes('/feedback/stream'))).toBe(true);
      expect(asked.filter((url) => /[?&](ref|utm_source)=/.test(url))).toEqual([]);
      // The link keeps working as the filters change: the extra parameters stay ignored.
      await page.getByRole('combobox', { name: 'Filter by type' }).selectOption({ label: 'Any type' });
      await expect.poll(() => rows().count()).toBe(3);
      expect(asked.filter((url) => /[?&](ref|utm_source)=/.test(url))).toEqual([]);
      expect(harness.errors(page)).toEqual([]);
    } finally {
      page.off('request', record);
    }
  });

  it('takes an item resolved with e out of a "New" list and opens the next one', async () => {
    await harness.collect({ type: 'thumbs', score: 1, comment: 'Untouched', context: { source: 'keys' } });
    const { id: first } = await harness.collect({
      type: 'thumbs',
      score: 0,
      comment: 'Resolve me',
      context: { source: 'keys' },
    });
    await page.goto(`${inboxUrl()}?source=keys&status=new&item=${first}`);
    await expect.poll(() => rows().count()).toBe(2);
    await expect.poll(() => page.getByRole('heading', { name: 'Comment' }).isVisible()).toBe(true);
    await page.locator('body').press('e');
    await expect.poll(() => rows().count()).toBe(1);
    expect(await rows().first().innerText()).toContain('Untouched');
    expect(await page.locator('li.feedback-row .status-resolved').count()).toBe(0);
    const untouched = (await harness.api<{ data: FeedbackItem[] }>('/feedback?source=keys&status=new')).data[0];
    await expect.poll(() => new URL(page.url()).searchParams.get('item')).toBe(untouched?.id);
    expect((await harness.api<FeedbackItem>(`/feedback/${first}`)).status).toBe('resolved');
  });
});

describe.skipIf(!available)('the inbox on a server without semantic search', () => {
  let harness: DashboardHarness;
  beforeAll(async () => {
    // This option also turns search off (HEARBACK_SEARCH=off), which is what this test needs.
    harness = await startDashboardHarness({ deliverWebhooksLocally: true });
  });
  afterAll(async () => {
    await harness?.close();
  });

  /** Opens the inbox on one item, then another, counting the requests for similar items. */
  async function openTwoItems(page: Page, visit: string) {
    const [slow, crashed] = [`Checkout is slow (${visit})`, `Checkout crashed (${visit})`];
    const { id: first } = await harness.collect({ type: 'text', comment: slow });
    const { id: second } = await harness.collect({ type: 'text', comment: crashed });
    const similarAsked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/similar')) similarAsked.push(request.url());
    });
    const inbox = `${harness.hearback.url}/app/orgs/${harness.hearback.orgId}/inbox`;
    await page.goto(`${inbox}?item=${first}`);
    await expect.poll(() => page.getByText(slow, { exact: true }).count()).toBe(2);
    return {
      similarAsked,
      openSecond: async () => {
        await page.locator(`li.feedback-row[data-id="${second}"] .feedback-row-open`).click();
        await expect.poll(() => page.getByText(crashed, { exact: true }).count()).toBe(2);
      },
    };
  }

  it('neither offers the search by meaning nor asks for similar items: GET /account says search is off', async () => {
    const page = await harness.newPage();
    await harness.signUp(page, GRACE);
    const { similarAsked, openSecond } = await openTwoItems(page, 'declared');
    expect(await page.getByRole('combobox', { name: 'Search by' }).count()).toBe(0);
    await openSecond();
    await page.waitForTimeout(300);
    expect(similarAsked).toEqual([]);
    expect(harness.errors(page)).toEqual([]);
    expect(await page.getByRole('heading', { name: 'Similar feedback' }).count()).toBe(0);
  });

  it('stops offering them after a 503 search_unavailable when the server said search was on', async () => {
    const page = await harness.newPage();
    // A server that answers otherwise than it said (say, its embedding provider gone): its account
    // answer is made to claim semantic search, the similar items still answer 503.
    await page.route('**/account', async (route) => {
      const response = await route.fetch();
      const account = (await response.json()) as { features: { semanticSearch: boolean } };
      await route.fulfill({ response, json: { ...account, features: { semanticSearch: true } } });
    });
    await harness.signIn(page, GRACE);
    const { similarAsked, openSecond } = await openTwoItems(page, 'answered');
    // The first item's similar items are answered 503 search_unavailable: the one error the visit logs.
    await expect.poll(() => similarAsked.length).toBe(1);
    await expect.poll(() => page.getByRole('combobox', { name: 'Search by' }).count()).toBe(0);
    await openSecond();
    await page.waitForTimeout(300);
    expect(similarAsked).toHaveLength(1);
    expect(harness.errors(page).filter((error) => error.includes('/similar'))).toHaveLength(1);
    expect(await page.getByRole('heading', { name: 'Similar feedback' }).count()).toBe(0);
  });

  it('says a search by meaning was answered by words when the server has no semantic search', async () => {
    const page = await harness.newPage();
    await harness.signIn(page, GRACE);
    await page.goto(`${harness.hearback.url}/app/orgs/${harness.hearback.orgId}/inbox?meaning=checkout`);
    await expect
      .poll(() => page.getByText(/by words \(search by meaning is off on this server\)/).isVisible())
      .toBe(true);
    await expect.poll(() => page.getByRole('combobox', { name: 'Search by' }).count()).toBe(0);
    expect(harness.errors(page)).toEqual([]);
  });
});
