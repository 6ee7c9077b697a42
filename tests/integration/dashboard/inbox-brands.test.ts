import { requireChromiumOrSkip } from '@hearback/test-utils';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DashboardHarness, seriousViolations, startDashboardHarness } from './harness.js';

const available = requireChromiumOrSkip('dashboard');

interface Created {
  id: string;
}

describe.skipIf(!available)('the inbox: the brand filter', () => {
  let harness: DashboardHarness;
  let page: Page;
  const brands: Record<'acme' | 'globex', Created & { inboxKey: string }> = {} as never;
  const rows = () => page.locator('li.feedback-row');
  const rowTexts = async () => (await rows().allInnerTexts()).join('\n');
  const inboxUrl = () => `${harness.hearback.url}/app/orgs/${harness.hearback.orgId}/inbox`;
  const brandFilter = () => page.getByRole('combobox', { name: 'Filter by brand' });

  async function brandWithInbox(name: string) {
    const brand = await harness.api<Created>('/brands', { method: 'POST', body: JSON.stringify({ name }) });
    const inbox = await harness.api<{ inboxKey: string }>('/inboxes', {
      method: 'POST',
      body: JSON.stringify({ name: `${name} website`, brandId: brand.id }),
    });
    return { id: brand.id, inboxKey: inbox.inboxKey };
  }

  beforeAll(async () => {
    harness = await startDashboardHarness();
    page = await harness.newPage();
    await harness.signUp(page, { name: 'Ada Lovelace', email: 'ada@example.com', password: 'analytical-engine-1843' });
    await harness.collect({ type: 'text', comment: 'No brand here' });
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('offers no brand filter while the organization has no brands', async () => {
    await page.goto(inboxUrl());
    await expect.poll(() => rows().count()).toBe(1);
    await expect.poll(() => page.getByRole('combobox', { name: 'Filter by inbox' }).isVisible()).toBe(true);
    expect(await brandFilter().count()).toBe(0);
  });

  it("shows only the chosen brand's items, keeps the brand in the URL, and a reload keeps it", async () => {
    brands.acme = await brandWithInbox('Acme');
    brands.globex = await brandWithInbox('Globex');
    await harness.collect({ inboxKey: brands.acme.inboxKey, type: 'nps', score: 3, comment: 'Acme checkout hangs' });
    await harness.collect({ inboxKey: brands.globex.inboxKey, type: 'nps', score: 9, comment: 'Globex support rocks' });
    await harness.collect({ inboxKey: brands.acme.inboxKey, type: 'stars', score: 5, comment: 'Acme app is lovely' });

    await page.goto(inboxUrl());
    await expect.poll(() => rows().count()).toBe(4);
    const listed = page.waitForRequest((request) => {
      const url = new URL(request.url());
      return url.pathname.endsWith('/feedback') && url.searchParams.get('brandId') === brands.acme.id;
    });
    await brandFilter().selectOption({ label: 'Acme' });
    await listed;
    await expect.poll(() => rows().count()).toBe(2);
    expect(await rowTexts()).toContain('Acme checkout hangs');
    expect(await rowTexts()).toContain('Acme app is lovely');
    expect(await rowTexts()).not.toContain('Globex');
    expect(new URL(page.url()).searchParams.get('brand')).toBe(brands.acme.id);
    // The inbox filter then offers the brand's inboxes only.
    const inboxOptions = page.getByRole('combobox', { name: 'Filter by inbox' }).locator('option');
    // The inboxes come by a query of their own, which may still be on its way when the rows are in.
    await expect.poll(() => inboxOptions.allTextContents()).toEqual(['Any inbox', 'Acme website']);

    await page.reload();
    await expect.poll(() => rows().count()).toBe(2);
    expect(await rowTexts()).not.toContain('Globex');
    // A select reads its first option's value until the brands' query brings the chosen one.
    await expect.poll(() => brandFilter().inputValue()).toBe(brands.acme.id);
    await harness.screenshot(page, 'inbox-brand-light');
    expect(await seriousViolations(page)).toEqual([]);
    expect(await harness.cspViolations(page)).toEqual([]);
  });

  it('sends a new item of the brand live, and leaves out the other brand', async () => {
    await harness.collect({ inboxKey: brands.globex.inboxKey, type: 'text', comment: 'Globex, arriving live' });
    await harness.collect({ inboxKey: brands.acme.inboxKey, type: 'text', comment: 'Acme, arriving live' });
    await expect.poll(() => rows().count()).toBe(3);
    expect(await rows().first().innerText()).toContain('Acme, arriving live');
    expect(await rowTexts()).not.toContain('Globex');
  });

  it('keeps the brand in a saved view, and clears it with the other filters', async () => {
    await page.locator('.saved-views summary').click();
    await page.getByLabel('Save these filters as').fill('Acme only');
    await page.getByRole('button', { name: 'Save view' }).click();
    await expect.poll(() => page.getByRole('link', { name: 'Acme only' }).isVisible()).toBe(true);
    const views = await harness.api<{ data: { name: string; filters: Record<string, unknown> }[] }>('/views');
    expect(views.data.find((view) => view.name === 'Acme only')?.filters).toEqual({ brandId: brands.acme.id });

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => rows().count()).toBe(6);
    expect(new URL(page.url()).searchParams.has('brand')).toBe(false);
    expect(await brandFilter().inputValue()).toBe('any');

    await page.locator('.saved-views summary').click();
    await page.getByRole('link', { name: 'Acme only' }).click();
    await expect.poll(() => rows().count()).toBe(3);
    expect(new URL(page.url()).searchParams.get('brand')).toBe(brands.acme.id);
    await expect.poll(() => brandFilter().inputValue()).toBe(brands.acme.id);
  });

  it('reads the same in dark mode', async () => {
    const dark = await harness.newPage({ colorScheme: 'dark' });
    await harness.signIn(dark, { name: 'Ada Lovelace', email: 'ada@example.com', password: 'analytical-engine-1843' });
    await dark.goto(`${inboxUrl()}?brand=${brands.globex.id}`);
    await expect.poll(() => dark.locator('li.feedback-row').count()).toBe(2);
    expect((await dark.locator('li.feedback-row').allInnerTexts()).join('\n')).not.toContain('Acme');
    await harness.screenshot(dark, 'inbox-brand-dark');
    expect(await seriousViolations(dark)).toEqual([]);
    expect(await harness.cspViolations(dark)).toEqual([]);
    expect(harness.errors(page)).toEqual([]);
    expect(harness.errors(dark)).toEqual([]);
  });
});
