import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requireChromiumOrSkip, serveStatic } from '@hearback/test-utils';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DashboardHarness, type Person, seriousViolations, startDashboardHarness } from './harness.js';

const available = requireChromiumOrSkip('dashboard');

const ADA: Person = { name: 'Ada Lovelace', email: 'ada@example.com', password: 'analytical-engine-1843' };

interface FeedbackItem {
  id: string;
  status: string;
  assigneeId: string | null;
  comment: string | null;
}

/** A screen must be usable by everyone and break no rule of the page's policy. */
async function expectCleanScreen(harness: DashboardHarness, page: Page, name: string) {
  await harness.screenshot(page, name);
  expect(await seriousViolations(page), name).toEqual([]);
  expect(await harness.cspViolations(page), name).toEqual([]);
}

describe.skipIf(!available)('the dashboard, from sign-up to triage', () => {
  let harness: DashboardHarness;
  let page: Page;
  let snippet = '';
  beforeAll(async () => {
    harness = await startDashboardHarness();
    page = await harness.newPage();
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('sends a visitor to sign in, and the first person to sign up lands in the existing organization', async () => {
    await page.goto(`${harness.hearback.url}/`);
    await page.waitForURL(/\/app\/sign-in/);
    await expect.poll(() => page.getByRole('heading', { name: 'Sign in' }).isVisible()).toBe(true);
    await expectCleanScreen(harness, page, 'sign-in-light');

    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.waitForURL(/\/app\/sign-up/);
    // The URL changes before the screen renders: checked half-drawn, axe and the screenshot would see the old one.
    await expect.poll(() => page.getByRole('heading', { name: 'Create your account' }).isVisible()).toBe(true);
    await expectCleanScreen(harness, page, 'sign-up-light');
    await harness.signUp(page, ADA);
    await page.waitForURL(new RegExp(`/app/orgs/${harness.hearback.orgId}/inbox`));
    await expect.poll(() => page.getByText('No feedback yet').isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Live' }).isVisible()).toBe(true);
  });

  it('walks through the set-up guide: a collect key, the snippet, and a test that arrives live', async () => {
    await page.getByRole('link', { name: 'Set up', exact: true }).click();
    await page.getByRole('button', { name: 'Create a collect key and show the snippet' }).click();
    snippet = await page.locator('pre.snippet').innerText();
    expect(snippet).toContain(`${harness.hearback.url}/widget.js`);
    expect(snippet).toContain(`data-inbox-key="${harness.hearback.inboxKey}"`);
    expect(snippet).toMatch(/data-api-key="hb_[^"]+"/);
    await page.getByRole('button', { name: 'Send test feedback' }).click();
    await expect.poll(() => page.getByText('Arrived live').isVisible()).toBe(true);
    await expectCleanScreen(harness, page, 'setup-light');
  });

  it('installs the snippet on a site of its own: feedback from the widget there arrives in the inbox live', async () => {
    const siteDir = mkdtempSync(join(tmpdir(), 'hearback-site-'));
    writeFileSync(join(siteDir, 'index.html'), `<!doctype html><title>Shop</title><h1>Our shop</h1>${snippet}`);
    const site = await serveStatic({ mounts: { '/': siteDir } });
    try {
      await page.getByRole('link', { name: 'Inbox', exact: true }).click();
      await expect.poll(() => page.getByRole('status').filter({ hasText: 'Live' }).isVisible()).toBe(true);
      const visitor = await harness.newPage();
      await visitor.goto(`${site.url}/index.html`);
      await visitor.locator('hearback-widget .l').click();
      await visitor.locator('hearback-widget').getByRole('radio', { name: 'Yes', exact: true }).click();
      await visitor.locator('hearback-widget textarea').fill('Found what I needed in two clicks');
      await visitor.locator('hearback-widget .s').click();
      await visitor.locator('hearback-widget .ok').waitFor();
      await expect
        .poll(() =>
          page.locator('li.feedback-row').filter({ hasText: 'Found what I needed in two clicks' }).isVisible(),
        )
        .toBe(true);
    } finally {
      await site.close();
      rmSync(siteDir, { recursive: true, force: true });
    }
  });

  it('keeps one widget key however often the guide is opened: its snippet again, or a replacement', async () => {
    await page.getByRole('link', { name: 'Set up', exact: true }).click();
    // Back in the same browser session: the snippet made before, no second key.
    await expect.poll(() => page.locator('pre.snippet').isVisible()).toBe(true);
    expect(await page.locator('pre.snippet').innerText()).toBe(snippet);
    expect(await page.getByRole('button', { name: /Create a collect key/ }).count()).toBe(0);

    // Another browser: the secret is gone, so the guide says a key exists and offers to replace it.
    const elsewhere = await harness.newPage({ colorScheme: 'dark' });
    await harness.signIn(elsewhere, ADA);
    await elsewhere.getByRole('link', { name: 'Set up', exact: true }).click();
    const replace = elsewhere.getByRole('button', { name: 'Replace the key and show the snippet' });
    await expect.poll(() => replace.isVisible()).toBe(true);
    expect(await elsewhere.getByText(/The widget’s key “Widget \(.+\)”.*its secret was shown once/).isVisible()).toBe(
      true,
    );
    expect(await elsewhere.getByRole('button', { name: /Create a collect key/ }).count()).toBe(0);
    await expectCleanScreen(harness, elsewhere, 'setup-returning-dark');
    await replace.click();
    await expect.poll(() => elsewhere.locator('pre.snippet').isVisible()).toBe(true);
    expect(await elsewhere.locator('pre.snippet').innerText()).not.toBe(snippet);

    const keys = await harness.api<{ data: { name: string; revokedAt: string | null }[] }>('/api-keys');
    const widgetKeys = keys.data.filter((key) => key.name.startsWith('Widget ('));
    expect(widgetKeys.map((key) => key.revokedAt === null).sort()).toEqual([false, true]);

    await page.getByRole('link', { name: 'Inbox', exact: true }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Live' }).isVisible()).toBe(true);
  });

  it('shows feedback sent from elsewhere as it arrives, without a reload', async () => {
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    const sent = await harness.collect({
      type: 'nps',
      score: 3,
      comment: 'Checkout keeps timing out',
      context: { source: 'server', plan: 'pro' },
    });
    const row = page.locator(`li[data-id="${sent.id}"]`);
    await expect.poll(() => row.isVisible()).toBe(true);
    expect(await row.innerText()).toContain('Checkout keeps timing out');
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await expectCleanScreen(harness, page, 'inbox-light');
  });

  it('triages from the keyboard: open, resolve with e, assign with a, and a note', async () => {
    const [newest] = (await harness.api<{ data: FeedbackItem[] }>('/feedback?limit=1')).data;
    if (!newest) throw new Error('no feedback');
    await page.locator(`li[data-id="${newest.id}"] button`).click();
    await expect.poll(() => page.getByRole('complementary', { name: 'Comment' }).isVisible()).toBe(true);
    await page.locator('body').press('e');
    await expect.poll(async () => (await harness.api<FeedbackItem>(`/feedback/${newest.id}`)).status).toBe('resolved');

    await page.locator('body').press('a');
    const assignee = page.getByRole('combobox', { name: 'Assignee', exact: true });
    await expect.poll(() => assignee.evaluate((element) => element === document.activeElement)).toBe(true);
    await assignee.selectOption({ label: ADA.name });
    await expect
      .poll(async () => (await harness.api<FeedbackItem>(`/feedback/${newest.id}`)).assigneeId)
      .toMatch(/^usr_/);

    await page.getByLabel('Add a note').fill('Reproduced on Safari 18.');
    await page.getByRole('button', { name: 'Add note' }).click();
    await expect
      .poll(() => page.locator('.note-body').filter({ hasText: 'Reproduced on Safari 18.' }).isVisible())
      .toBe(true);
    await expect.poll(() => page.getByText(`${ADA.name} added a note`).isVisible()).toBe(true);
    await expectCleanScreen(harness, page, 'inbox-item-light');
  });

  it('renders hostile text as text: nothing from feedback, context or notes runs', async () => {
    const corpus = [
      '<img src=x onerror="window.__xss=1">',
      '<script>window.__xss=1</script>',
      '"><svg onload=window.__xss=1>',
      'javascript:window.__xss=1',
    ];
    for (const comment of corpus)
      await harness.collect({ type: 'text', comment, context: { source: 'server', html: comment } });
    const item = (await harness.api<{ data: FeedbackItem[] }>('/feedback?limit=1')).data[0];
    if (!item) throw new Error('no feedback');
    await harness.api(`/feedback/${item.id}/notes`, { method: 'POST', body: JSON.stringify({ body: corpus[0] }) });
    await page.goto(`${harness.hearback.url}/app/orgs/${harness.hearback.orgId}/inbox?item=${item.id}`);
    await expect.poll(() => page.locator('.note-body').first().isVisible()).toBe(true);
    for (const comment of corpus)
      await expect.poll(() => page.getByText(comment, { exact: true }).first().isVisible()).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    // The only drawings are the dashboard's own thumbs in score badges (the list holds thumbs items).
    const ownIcon = ':not(.score > [aria-hidden] > svg.thumb-icon)';
    expect(
      await page.locator(`.feedback-rows img, .feedback-rows svg${ownIcon}, .pane img, .pane svg${ownIcon}`).count(),
    ).toBe(0);
    expect(await harness.cspViolations(page)).toEqual([]);
  });

  it('looks right in dark mode, by system preference and by choice', async () => {
    const dark = await harness.newPage({ colorScheme: 'dark' });
    await dark.goto(`${harness.hearback.url}/app/sign-in`);
    // `goto` resolves on the load event; the app renders after it asks who is signed in.
    await expect.poll(() => dark.getByRole('heading', { name: 'Sign in' }).isVisible()).toBe(true);
    await expectCleanScreen(harness, dark, 'sign-in-dark');
    await harness.signIn(dark, ADA);
    await dark.waitForURL(/\/inbox/);
    expect(await dark.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await expect.poll(() => dark.locator('.feedback-row').first().isVisible()).toBe(true);
    await expectCleanScreen(harness, dark, 'inbox-dark');
    await dark.getByRole('link', { name: 'Set up', exact: true }).click();
    await expect.poll(() => dark.getByRole('heading', { name: 'Set up feedback collection' }).isVisible()).toBe(true);
    await expectCleanScreen(harness, dark, 'setup-dark');

    await page.locator('.account-menu summary').click();
    await page.getByRole('radio', { name: 'Dark' }).check();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(harness.errors(page)).toEqual([]);
  });
});
