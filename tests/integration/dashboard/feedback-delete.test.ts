import { requireChromiumOrSkip } from '@hearback/test-utils';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DashboardHarness, type Person, seriousViolations, startDashboardHarness } from './harness.js';

const available = requireChromiumOrSkip('dashboard');

const ADA: Person = { name: 'Ada Lovelace', email: 'ada@example.com', password: 'analytical-engine-1843' };
const VERA: Person = { name: 'Vera Viewer', email: 'vera@example.com', password: 'only-looking-2026' };

describe.skipIf(!available)('deleting a feedback item from its pane', () => {
  let harness: DashboardHarness;
  let page: Page;
  let spam: string;
  const rows = () => page.locator('li.feedback-row');
  const inboxUrl = () => `${harness.hearback.url}/app/orgs/${harness.hearback.orgId}/inbox`;

  beforeAll(async () => {
    harness = await startDashboardHarness();
    page = await harness.newPage();
    await harness.signUp(page, ADA);
    await harness.collect({ type: 'text', comment: 'The export button does nothing' });
    spam = (await harness.collect({ type: 'text', comment: 'Cheap watches, click here' })).id;
    await harness.api(`/feedback/${spam}/notes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ body: 'Spam again.' }),
    });
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('asks first, naming what goes, then deletes the item and goes back to the list without it', async () => {
    await page.goto(inboxUrl());
    await expect.poll(() => rows().count()).toBe(2);
    await page.locator(`li.feedback-row[data-id="${spam}"] .feedback-row-open`).click();
    await expect.poll(() => page.getByText('Spam again.').isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this feedback item?' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.textContent()).toMatch(/with its notes.*cannot be undone/s);
    expect(await seriousViolations(page)).toEqual([]);
    await harness.screenshot(page, 'inbox-delete-item-light');
    // Cancel keeps it.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await rows().count()).toBe(2);

    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete item' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => new URL(page.url()).searchParams.get('item')).toBeNull();
    await expect.poll(() => rows().count()).toBe(1);
    expect(await rows().first().innerText()).toContain('The export button does nothing');
    expect(await page.getByText('Cheap watches, click here').count()).toBe(0);

    // Gone on the server too: after a reload, and through the API.
    await page.reload();
    await expect.poll(() => rows().count()).toBe(1);
    expect(await page.getByText('Cheap watches, click here').count()).toBe(0);
    const response = await fetch(`${harness.hearback.url}/organizations/${harness.hearback.orgId}/feedback/${spam}`, {
      headers: { 'x-service-key': harness.hearback.adminKey },
    });
    expect(response.status).toBe(404);
    expect(harness.errors(page)).toEqual([]);
  });

  it('offers a viewer no Delete', async () => {
    const viewer = await harness.join(page, VERA, 'viewer');
    const [item] = (await harness.api<{ data: { id: string }[] }>('/feedback')).data;
    await viewer.goto(`${inboxUrl()}?item=${item?.id}`);
    await expect.poll(() => viewer.getByText('The export button does nothing').first().isVisible()).toBe(true);
    await expect.poll(() => viewer.getByRole('heading', { name: 'Comment' }).isVisible()).toBe(true);
    expect(await viewer.getByRole('button', { name: 'Delete', exact: true }).count()).toBe(0);
  });
});
