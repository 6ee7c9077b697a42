import { requireChromiumOrSkip } from '@hearback/test-utils';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearOfDayChange } from '../../../packages/server/test/support/day-change.js';
import { SLOW_MACHINE_MS } from '../support/slow-machine.js';
import { type DashboardHarness, type Person, seriousViolations, startDashboardHarness } from './harness.js';

const available = requireChromiumOrSkip('dashboard pages');

const ADA: Person = { name: 'Ada Lovelace', email: 'ada@example.com', password: 'analytical-engine-1843' };

/** Text a respondent types that must stay text wherever the dashboard shows it. */
const HOSTILE_ANSWER = '<img src=x onerror="window.__pwned=1">Fast & <b>friendly</b>';

interface StoredPage {
  id: string;
  description: string | null;
  slug: string;
  state: string;
  questions: {
    id: string;
    type: string;
    title: string;
    required?: boolean;
    options?: { value: string; label: string }[];
  }[];
  settings: { captcha: boolean; thankYouMessage: string };
}

/** `expect.poll` with room for a loaded machine (its default gives up after one second). */
const eventually = <T>(check: () => T | Promise<T>) => expect.poll(check, { timeout: SLOW_MACHINE_MS });

/** A screen must be usable by everyone and break no rule of the page's policy. */
async function expectCleanScreen(harness: DashboardHarness, page: Page, name: string) {
  await harness.screenshot(page, name);
  expect(await seriousViolations(page), name).toEqual([]);
  expect(await harness.cspViolations(page), name).toEqual([]);
}

/** The titles of the builder's question rows, in order. */
const rowTitles = (page: Page) => page.locator('.question-row-title').allInnerTexts();

describe.skipIf(!available)('the feedback pages screens', () => {
  let harness: DashboardHarness;
  let page: Page;
  let pageId: string;
  beforeAll(async () => {
    harness = await startDashboardHarness();
    page = await harness.newPage({ height: 1000 });
    await harness.signUp(page, ADA);
  });
  afterAll(async () => {
    await harness?.close();
  });

  const stored = () => harness.api<StoredPage>(`/feedback-pages/${pageId}`);

  it('creates a page from the list and opens its builder', async () => {
    await page.getByRole('link', { name: 'Pages', exact: true }).click();
    await eventually(() => page.getByText('No pages yet').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'New page' }).click();
    const dialog = page.getByRole('dialog', { name: 'New feedback page' });
    await dialog.getByLabel('Title').fill('Spring survey');
    await dialog.getByRole('button', { name: 'Create page' }).click();
    await page.waitForURL(/\/pages\/page_[^/]+$/);
    pageId = new URL(page.url()).pathname.split('/').at(-1) as string;
    expect((await stored()).state).toBe('draft');
    await eventually(() => page.getByRole('heading', { name: 'Spring survey', level: 1 }).isVisible()).toBe(true);
  });

  it('builds three questions of different types, edited per type, and saves them', async () => {
    const addQuestion = async (type: string) => {
      await page.getByLabel('New question type').selectOption({ label: type });
      await page.getByRole('button', { name: 'Add question' }).click();
    };
    await addQuestion('Star rating');
    await page.getByLabel('Question', { exact: true }).fill('How was your visit?');
    await page.getByLabel('Required').check();
    // Before a number is set the field says how many stars the question has: the type's 5.
    expect(await page.getByLabel('Number of stars (3–10)').getAttribute('placeholder')).toBe('5');
    await page.getByLabel('Number of stars (3–10)').fill('5');

    await addQuestion('Single choice');
    await page.getByLabel('Question', { exact: true }).fill('Which plan are you on?');
    await page.getByLabel('Option 1 label').fill('Free');
    await page.getByLabel('Option 1 value').fill('free');
    await page.getByLabel('Option 2 label').fill('Pro');
    await page.getByLabel('Option 2 value').fill('pro');
    await page.getByRole('button', { name: 'Add option' }).click();
    await page.getByLabel('Option 3 label').fill('Team');
    await page.getByLabel('Option 3 value').fill('team');

    await addQuestion('Short text');
    await page.getByLabel('Question', { exact: true }).fill('Anything else?');
    // A short-text question takes no options nor stars: the editor offers what its type takes.
    expect(await page.getByLabel('Option 1 label').count()).toBe(0);
    expect(await page.getByLabel('Longest answer (characters)').isVisible()).toBe(true);

    // The live preview shows the draft before it is saved.
    const preview = page.locator('.page-preview');
    await eventually(() => preview.innerText()).toContain('Which plan are you on?');
    expect(await preview.innerText()).toContain('Team');

    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect
      .poll(() =>
        page
          .getByRole('status')
          .filter({ hasText: /^Saved$/ })
          .isVisible(),
      )
      .toBe(true);
    const saved = await stored();
    expect(saved.questions.map((question) => [question.type, question.title])).toEqual([
      ['star_rating', 'How was your visit?'],
      ['single_choice', 'Which plan are you on?'],
      ['short_text', 'Anything else?'],
    ]);
    expect(saved.questions[0]).toMatchObject({ required: true, max: 5 });
    expect(saved.questions[1]?.options).toEqual([
      { value: 'free', label: 'Free' },
      { value: 'pro', label: 'Pro' },
      { value: 'team', label: 'Team' },
    ]);
  });

  it("shows the server's refusal beside the field at fault and keeps the draft", async () => {
    await page.locator('.question-row', { hasText: 'Which plan are you on?' }).click();
    await page.getByLabel('Option 2 value').fill('free');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await eventually(() => page.getByText('The value "free" is used twice.').isVisible()).toBe(true);
    expect(await page.locator('.question-row', { hasText: 'Which plan are you on?' }).innerText()).toContain(
      'Needs a fix',
    );
    expect((await stored()).questions[1]?.options?.[1]?.value).toBe('pro');
    await page.getByLabel('Option 2 value').fill('pro');
  });

  it('reorders a question by keyboard and another by drag, and saves the order', async () => {
    // Keyboard: to the last row, right to its handle, Enter to pick it up, up to before the first, Enter.
    await page.getByRole('row', { name: 'Anything else?' }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Move “Anything else?”');
    await page.keyboard.press('Enter');
    // React Aria starts a keyboard drag on the next animation frame, then focuses a drop position:
    // arrows pressed before that would move through the rows instead.
    await eventually(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toMatch(/^Insert /);
    for (let step = 0; step < 3; step++) await page.keyboard.press('ArrowUp');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Insert before How was your visit?',
    );
    await page.keyboard.press('Enter');
    await expect
      .poll(() => rowTitles(page))
      .toEqual(['Anything else?', 'How was your visit?', 'Which plan are you on?']);

    // Pointer: drag the choice question's row (rows are draggable by mouse) onto the top edge of the first.
    await page
      .getByRole('row', { name: 'Which plan are you on?' })
      .dragTo(page.getByRole('row').first(), { targetPosition: { x: 40, y: 2 } });
    await expect
      .poll(() => rowTitles(page))
      .toEqual(['Which plan are you on?', 'Anything else?', 'How was your visit?']);

    // The preview follows the order.
    const previewText = await page.locator('.page-preview').innerText();
    expect(previewText.indexOf('Which plan')).toBeLessThan(previewText.indexOf('Anything else?'));

    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect
      .poll(async () => (await stored()).questions.map((question) => question.title))
      .toEqual(['Which plan are you on?', 'Anything else?', 'How was your visit?']);
  });

  it('asks before leaving unsaved changes, and saves them on the way out', async () => {
    await page.getByLabel('Introduction').fill('Two minutes, three questions.');
    await page.getByRole('link', { name: 'Share', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Save your changes?' });
    await eventually(() => dialog.isVisible()).toBe(true);
    await expectCleanScreen(harness, page, 'pages-builder-unsaved-light');
    await dialog.getByRole('button', { name: 'Stay' }).click();
    await eventually(() => dialog.isVisible()).toBe(false);
    expect(await page.getByLabel('Introduction').inputValue()).toBe('Two minutes, three questions.');

    await page.getByRole('link', { name: 'Share', exact: true }).click();
    await dialog.getByRole('button', { name: 'Save and leave' }).click();
    await page.waitForURL(/\/share$/);
    expect((await stored()).description).toBe('Two minutes, three questions.');
    await page.getByRole('link', { name: 'Build', exact: true }).click();
    await eventually(() => page.getByLabel('Introduction').inputValue()).toBe('Two minutes, three questions.');
  });

  it('changes settings, previews in light and dark, and publishes', async () => {
    await page.locator('summary', { hasText: 'Settings and branding' }).click();
    await page.getByLabel('Thank-you message').fill('Thanks, we read every answer.');
    await page.getByLabel(/proof of work/).uncheck();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect
      .poll(async () => (await stored()).settings)
      .toMatchObject({
        captcha: false,
        thankYouMessage: 'Thanks, we read every answer.',
      });
    await expectCleanScreen(harness, page, 'pages-builder-light');

    const preview = page.locator('.page-preview');
    const background = () => preview.evaluate((element) => getComputedStyle(element).backgroundColor);
    const light = await background();
    await page.getByRole('radio', { name: 'Dark' }).check();
    expect(await preview.getAttribute('data-scheme')).toBe('dark');
    expect(await background()).not.toBe(light);
    await expectCleanScreen(harness, page, 'pages-builder-preview-dark');
    await page.getByRole('radio', { name: 'Light' }).check();

    await page.getByRole('button', { name: 'Publish' }).click();
    await eventually(() => page.locator('.page-state').innerText()).toBe('Published');
    expect((await stored()).state).toBe('published');
    expect(await page.getByRole('button', { name: 'Close' }).isVisible()).toBe(true);
  });

  it('shares the page: link, QR code, flyer, email signature and embed code', async () => {
    await page.getByRole('link', { name: 'Share', exact: true }).click();
    const link = page.locator('.share-url');
    await eventually(() => link.isVisible()).toBe(true);
    const organization = await harness.api<{ slug: string }>('');
    const { slug } = await stored();
    expect(await link.innerText()).toBe(`${harness.hearback.url}/f/${organization.slug}/${slug}`);
    const qr = page.getByRole('img', { name: /QR code of/ });
    await expect
      .poll(() => qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
      .toBe(true);
    expect(await page.getByRole('link', { name: 'Open the A4 flyer' }).getAttribute('href')).toMatch(
      /\/flyer\?paper=a4$/,
    );
    expect(await page.getByRole('region', { name: 'Email signature' }).locator('code').innerText()).toContain(
      `/f/${organization.slug}/${slug}`,
    );
    expect(await page.getByRole('region', { name: 'Embed code' }).locator('code').innerText()).toContain('<iframe');
    await expectCleanScreen(harness, page, 'pages-share-light');
  });

  it('takes an answer at the public URL in the same browser, and shows it in responses and analytics', async () => {
    // The answer is given, then looked for in a range of one day, today's (in the test and in the server).
    await clearOfDayChange({ marginMs: 30_000 });
    const url = await page.locator('.share-url').innerText();
    const visitor = await page.context().newPage();
    await visitor.goto(url);
    await visitor.getByLabel('Pro', { exact: true }).check();
    await visitor.getByLabel('Anything else?').fill(HOSTILE_ANSWER);
    await visitor.getByLabel('4 of 5 stars').check();
    await visitor.getByRole('button', { name: 'Send' }).click();
    await eventually(() => visitor.getByText('Thanks, we read every answer.').isVisible()).toBe(true);
    await visitor.close();

    await page.getByRole('link', { name: 'Responses', exact: true }).click();
    const table = page.getByRole('table', { name: 'Responses to Spring survey' });
    await eventually(() => table.isVisible()).toBe(true);
    const row = table.locator('tbody tr').first();
    expect(await row.innerText()).toContain('Pro');
    expect(await row.innerText()).toContain(HOSTILE_ANSWER);
    expect(await row.innerText()).toContain('4');
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      `/organizations/${harness.hearback.orgId}/feedback-pages/${pageId}/responses/export?format=csv`,
    );
    await expectCleanScreen(harness, page, 'pages-responses-light');

    await page.getByRole('link', { name: 'Analytics', exact: true }).click();
    const responses = page.locator('.figure', { hasText: 'Responses' });
    await eventually(() => responses.locator('dd').innerText()).toBe('1');
    const plans = page.getByRole('table', { name: 'Which plan are you on?: answers by option' });
    expect(await plans.getByRole('row', { name: /Pro/ }).innerText()).toMatch(/Pro\s+1\s+100%/);
    const stars = page.getByRole('table', { name: 'How was your visit?: answers by score' });
    expect(await stars.getByRole('row', { name: /^4/ }).innerText()).toMatch(/4\s+1\s+100%/);
    expect(await page.locator('.recent-answers').innerText()).toContain(HOSTILE_ANSWER);
    // One response, said in the singular.
    expect(await page.getByText('From 1 response.', { exact: true }).isVisible()).toBe(true);
    // The zone the days are counted in, the organization's, is said next to the range.
    const organization = await harness.api<{ timezone: string }>('');
    expect(await page.getByText(`Days in ${organization.timezone}.`, { exact: true }).isVisible()).toBe(true);
    await expectCleanScreen(harness, page, 'pages-analytics-light');

    // A range of one day, today's, goes into the URL and still counts the answer; a reversed one is refused.
    const today = new Date().toISOString().slice(0, 10);
    await page.getByLabel('From', { exact: true }).fill(today);
    await page.getByLabel('To', { exact: true }).fill(today);
    await page.getByRole('button', { name: 'Show' }).click();
    await page.waitForURL((url) => url.searchParams.get('from') === today && url.searchParams.get('to') === today);
    await eventually(() => page.getByRole('heading', { name: `From ${today} to ${today}` }).isVisible()).toBe(true);
    expect(await responses.locator('dd').innerText()).toBe('1');
    await page.getByLabel('From', { exact: true }).fill('2030-01-02');
    await page.getByLabel('To', { exact: true }).fill('2030-01-01');
    await page.getByRole('button', { name: 'Show' }).click();
    await eventually(() => page.getByRole('alert').first().isVisible()).toBe(true);
    expect(await page.locator('.figure').count()).toBe(0);

    await page.getByRole('link', { name: 'Feedback pages' }).click();
    const listRow = page.getByRole('row', { name: /Spring survey/ });
    await eventually(() => listRow.innerText()).toContain('Published');
    // Its number of responses, linking to them.
    expect(await listRow.getByRole('link', { name: '1 response to Spring survey' }).isVisible()).toBe(true);
    await expectCleanScreen(harness, page, 'pages-list-light');
  });

  it('deletes one response after confirming: gone from the table and from the analytics', async () => {
    const survey = await stored();
    const answers: Record<string, string | number | undefined> = {};
    for (const question of survey.questions) {
      if (question.type === 'single_choice') answers[question.id] = question.options?.[0]?.value;
      if (question.type === 'star_rating') answers[question.id] = 1;
      if (question.type.endsWith('_text')) answers[question.id] = 'Buy cheap followers now';
    }
    const spam = await harness.api<{ id: string }>(`/feedback-pages/${pageId}/responses`, {
      method: 'POST',
      body: JSON.stringify({ answers }),
    });
    // Earlier tests provoked refusals on purpose; none may follow from here on.
    const errorsBefore = harness.errors(page).length;
    await page.goto(`${harness.hearback.url}/app/orgs/${harness.hearback.orgId}/pages/${pageId}/responses`);
    const table = page.getByRole('table', { name: 'Responses to Spring survey' });
    await eventually(() => table.locator('tbody tr').count()).toBe(2);
    // Newest first: the spam is the first row.
    expect(await table.locator('tbody tr').first().innerText()).toContain('Buy cheap followers now');
    await table
      .locator('tbody tr')
      .first()
      .getByRole('button', { name: /^Delete the response of / })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Delete this response?' });
    await eventually(() => dialog.isVisible()).toBe(true);
    await expectCleanScreen(harness, page, 'pages-response-delete-light');
    await dialog.getByRole('button', { name: 'Delete response' }).click();
    await eventually(() => dialog.count()).toBe(0);
    await eventually(() => table.locator('tbody tr').count()).toBe(1);
    expect(await table.innerText()).not.toContain('Buy cheap followers now');
    expect(await table.innerText()).toContain(HOSTILE_ANSWER);
    await expect(harness.api(`/feedback-pages/${pageId}/responses/${spam.id}`)).rejects.toThrow(/404/);

    await page.getByRole('link', { name: 'Analytics', exact: true }).click();
    await eventually(() => page.locator('.figure', { hasText: 'Responses' }).locator('dd').innerText()).toBe('1');
    expect(harness.errors(page).slice(errorsBefore)).toEqual([]);
    await page.getByRole('link', { name: 'Feedback pages' }).click();
    await eventually(() => page.getByRole('link', { name: '1 response to Spring survey' }).isVisible()).toBe(true);
  });

  it('deletes a page and its responses after confirming', async () => {
    await page.getByRole('button', { name: 'New page' }).click();
    await page.getByRole('dialog', { name: 'New feedback page' }).getByLabel('Title').fill('Scratch page');
    await page.getByRole('button', { name: 'Create page' }).click();
    await page.waitForURL(/\/pages\/page_[^/]+$/);
    const scratchId = new URL(page.url()).pathname.split('/').at(-1) as string;
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete “Scratch page”?' });
    await eventually(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Delete page and responses' }).click();
    await page.waitForURL(/\/pages$/);
    await eventually(() => page.getByRole('link', { name: 'Spring survey', exact: true }).isVisible()).toBe(true);
    await eventually(() => page.getByRole('link', { name: 'Scratch page' }).count()).toBe(0);
    await expect(harness.api(`/feedback-pages/${scratchId}`)).rejects.toThrow(/404/);
  });

  it('looks right in dark mode on every screen', async () => {
    const dark = await harness.newPage({ colorScheme: 'dark', height: 1000 });
    await harness.signIn(dark, ADA);
    const base = `${harness.hearback.url}/app/orgs/${harness.hearback.orgId}/pages`;
    const screens = [
      ['pages-list-dark', base, 'Spring survey'],
      ['pages-builder-dark', `${base}/${pageId}`, 'Preview'],
      ['pages-share-dark', `${base}/${pageId}/share`, 'QR code'],
      ['pages-responses-dark', `${base}/${pageId}/responses`, 'Export CSV'],
      ['pages-analytics-dark', `${base}/${pageId}/analytics`, 'By question'],
    ] as const;
    for (const [name, url, text] of screens) {
      await dark.goto(url);
      await expect
        .poll(() => dark.getByText(text, { exact: true }).first().isVisible(), {
          message: name,
          timeout: SLOW_MACHINE_MS,
        })
        .toBe(true);
      expect(await dark.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
      await expectCleanScreen(harness, dark, name);
    }
    expect(harness.errors(dark)).toEqual([]);
    // The light session's only console errors: the refused save and the refused range, each answered 400 on purpose.
    const refused = 'Failed to load resource: the server responded with a status of 400 (Bad Request)';
    // (The refused range may be asked for twice: by the route's loader and by the screen's query.)
    const errors = harness.errors(page);
    expect(errors.length).toBeGreaterThanOrEqual(2);
    for (const error of errors) expect(error.startsWith(refused)).toBe(true);
    const pagePath = `/organizations/${harness.hearback.orgId}/feedback-pages/${pageId}`;
    const refusedPaths = errors.map((error) => new URL(/\((http[^)]+)\)$/.exec(error)?.[1] ?? 'http://none').pathname);
    expect(new Set(refusedPaths)).toEqual(new Set([pagePath, `${pagePath}/analytics`]));
  });
});
