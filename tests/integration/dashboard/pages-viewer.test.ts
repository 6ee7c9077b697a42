import { requireChromiumOrSkip } from '@hearback/test-utils';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLOW_MACHINE_MS } from '../support/slow-machine.js';
import { type DashboardHarness, type Person, seriousViolations, startDashboardHarness } from './harness.js';

const available = requireChromiumOrSkip('dashboard pages for a viewer');

const ADA: Person = { name: 'Ada Lovelace', email: 'ada@example.com', password: 'analytical-engine-1843' };
const BOB: Person = { name: 'Bob Viewer', email: 'bob@example.com', password: 'bob-reads-everything-1' };

/** `expect.poll` with room for a loaded machine (its default gives up after one second). */
const eventually = <T>(check: () => T | Promise<T>) => expect.poll(check, { timeout: SLOW_MACHINE_MS });

/** A screen must be usable by everyone and break no rule of the page's policy. */
async function expectCleanScreen(harness: DashboardHarness, page: Page, name: string) {
  await harness.screenshot(page, name);
  expect(await seriousViolations(page), name).toEqual([]);
  expect(await harness.cspViolations(page), name).toEqual([]);
}

/** The form controls of the builder's editing side that a person could still change. */
const enabledControls = (page: Page) =>
  page.evaluate(() =>
    // `:enabled`, not `.disabled`: a control inside a disabled fieldset is disabled without the attribute.
    [...document.querySelectorAll<HTMLInputElement>('.builder-edit :is(input, select, textarea, button):enabled')].map(
      (control) => control.getAttribute('aria-label') ?? control.labels?.[0]?.textContent ?? control.outerHTML,
    ),
  );

interface StoredPage {
  title: string;
  state: string;
  questions: { id: string; title: string }[];
}

describe.skipIf(!available)('the page builder for a viewer', () => {
  let harness: DashboardHarness;
  let bob: Page;
  let pageId: string;
  /** Every request Bob's browser sent that would change something (not GET or HEAD). */
  const bobWrites: string[] = [];

  beforeAll(async () => {
    harness = await startDashboardHarness();
    const ada = await harness.newPage();
    await harness.signUp(ada, ADA);
    await ada.waitForURL(/\/inbox/);
    pageId = (
      await harness.api<{ id: string }>('/feedback-pages', {
        method: 'POST',
        body: JSON.stringify({
          title: 'Onboarding survey',
          questions: [
            { id: 'ease', type: 'star_rating', title: 'How easy was it to get started?', required: true },
            {
              id: 'role',
              type: 'single_choice',
              title: 'What is your role?',
              options: [
                { value: 'pm', label: 'Product manager' },
                { value: 'dev', label: 'Developer' },
              ],
            },
            { id: 'missing', type: 'long_text', title: 'What was missing?' },
          ],
        }),
      })
    ).id;
    bob = await harness.join(ada, BOB, 'viewer');
    bob.on('request', (request) => {
      const url = new URL(request.url());
      if (!['GET', 'HEAD'].includes(request.method()) && url.pathname.startsWith('/organizations/'))
        bobWrites.push(`${request.method()} ${url.pathname}`);
    });
  });
  afterAll(async () => {
    await harness?.close();
  });

  const stored = () => harness.api<StoredPage>(`/feedback-pages/${pageId}`);

  it('lists the pages without a way to create one', async () => {
    await bob.getByRole('navigation', { name: 'Organization' }).getByRole('link', { name: 'Pages' }).click();
    await eventually(() => bob.getByRole('link', { name: 'Onboarding survey', exact: true }).isVisible()).toBe(true);
    expect(await bob.getByRole('button', { name: 'New page' }).count()).toBe(0);
  });

  it('opens the builder read-only: every field disabled, nothing to add, move, save, publish or delete', async () => {
    await bob.getByRole('link', { name: 'Onboarding survey', exact: true }).click();
    await bob.waitForURL(new RegExp(`/pages/${pageId}$`));
    await eventually(() => bob.getByRole('heading', { name: 'Preview' }).isVisible()).toBe(true);

    expect(await bob.getByLabel('Title', { exact: true }).isEditable()).toBe(false);
    expect(await bob.getByRole('textbox', { name: 'Address' }).isEditable()).toBe(false);
    expect(await bob.getByLabel('Introduction').isEditable()).toBe(false);
    for (const hidden of ['Add question', 'Save changes', 'Publish', 'Delete'])
      expect(await bob.getByRole('button', { name: hidden, exact: true }).count(), hidden).toBe(0);
    expect(await bob.getByLabel('New question type').count()).toBe(0);
    // No drag handles: the questions cannot be reordered, by pointer or by keyboard.
    expect(await bob.getByRole('button', { name: /^Move “/ }).count()).toBe(0);

    // The questions can still be read one by one, each in the editor, disabled.
    const questions = bob.getByRole('grid', { name: 'Questions' });
    expect(await questions.getByRole('row').allTextContents()).toEqual([
      expect.stringContaining('How easy was it to get started?'),
      expect.stringContaining('What is your role?'),
      expect.stringContaining('What was missing?'),
    ]);
    await questions.getByRole('row', { name: /What is your role\?/ }).click();
    await eventually(() => bob.getByLabel('Option 2 label').inputValue()).toBe('Developer');
    expect(await bob.getByLabel('Option 2 label').isEditable()).toBe(false);
    expect(await bob.getByRole('button', { name: 'Remove question' }).isDisabled()).toBe(true);

    await bob.getByRole('heading', { name: 'Settings and branding' }).click();
    await eventually(() => bob.getByLabel('Thank-you message').isVisible()).toBe(true);
    expect(await enabledControls(bob)).toEqual([]);
    await expectCleanScreen(harness, bob, 'pages-builder-viewer-light');
  });

  it('keeps the preview: the viewer switches it to dark, which changes nothing stored', async () => {
    const preview = bob.locator('.page-preview');
    await bob.getByRole('radio', { name: 'Dark' }).check();
    await eventually(() => preview.getAttribute('data-scheme')).toBe('dark');
    expect(await preview.textContent()).toContain('What was missing?');
  });

  it('leaves the builder without asking about unsaved changes, having sent no write', async () => {
    // A keyboard user pressing keys on the question list moves nothing either.
    await bob.getByRole('grid', { name: 'Questions' }).getByRole('row').first().focus();
    await bob.keyboard.press('Enter');
    await bob.keyboard.press('ArrowDown');
    await bob.keyboard.press('Enter');
    await bob.getByRole('link', { name: 'Share' }).click();
    await bob.waitForURL(/\/share$/);
    expect(await bob.getByRole('dialog').count()).toBe(0);
    expect(bobWrites).toEqual([]);
    const page = await stored();
    expect(page.state).toBe('draft');
    expect(page.questions.map((question) => question.id)).toEqual(['ease', 'role', 'missing']);
    expect(harness.errors(bob)).toEqual([]);
  });

  it('shows the responses without a way to delete one', async () => {
    await harness.api(`/feedback-pages/${pageId}/publish`, { method: 'POST' });
    await harness.api(`/feedback-pages/${pageId}/responses`, {
      method: 'POST',
      body: JSON.stringify({ answers: { ease: 4, role: 'dev' } }),
    });
    await bob.goto(`${harness.hearback.url}/app/orgs/${harness.hearback.orgId}/pages/${pageId}/responses`);
    const table = bob.getByRole('table', { name: 'Responses to Onboarding survey' });
    await eventually(() => table.locator('tbody tr').count()).toBe(1);
    expect(await table.innerText()).toContain('Developer');
    expect(await bob.getByRole('button', { name: /Delete/ }).count()).toBe(0);
    expect(harness.errors(bob)).toEqual([]);
  });

  it('looks right in the dark scheme too', async () => {
    const dark = await harness.newPage({ colorScheme: 'dark' });
    await harness.signIn(dark, BOB);
    await dark.goto(`${harness.hearback.url}/app/orgs/${harness.hearback.orgId}/pages/${pageId}`);
    await eventually(() => dark.getByRole('heading', { name: 'Preview' }).isVisible()).toBe(true);
    expect(await dark.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await dark.getByRole('button', { name: 'Save changes' }).count()).toBe(0);
    await expectCleanScreen(harness, dark, 'pages-builder-viewer-dark');
  });
});
