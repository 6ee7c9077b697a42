import { requireChromiumOrSkip } from '@hearback/test-utils';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DashboardHarness, type Person, seriousViolations, startDashboardHarness } from './harness.js';

const available = requireChromiumOrSkip('dashboard');

const GRACE: Person = { name: 'Grace Hopper', email: 'grace@example.com', password: 'cobol-compiler-1959' };
const LIN: Person = { name: 'Lin Viewer', email: 'lin@example.com', password: 'read-only-forever-1' };

interface Organization {
  name: string;
  slug: string;
  timezone: string;
  plan: string;
}
interface Named {
  id: string;
  name: string;
  brandId?: string | null;
  inboxKey?: string;
  revokedAt?: string | null;
}
interface AuditEntry {
  action: string;
  actor: { type: string; name: string | null };
  resource: { type: string; id: string };
}

/** A screen must be usable by everyone and break no rule of the page's policy. */
async function expectCleanScreen(harness: DashboardHarness, page: Page, name: string) {
  await harness.screenshot(page, name);
  expect(await seriousViolations(page), name).toEqual([]);
  expect(await harness.cspViolations(page), name).toEqual([]);
}

/** Opens a settings section from the sub-navigation and waits for its heading. */
async function openSection(page: Page, section: string) {
  await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: section, exact: true }).click();
  await expect.poll(() => page.getByRole('heading', { level: 1, name: section }).isVisible()).toBe(true);
}

describe.skipIf(!available)('the settings screens', () => {
  let harness: DashboardHarness;
  let page: Page;
  let orgPath: string;
  beforeAll(async () => {
    harness = await startDashboardHarness();
    page = await harness.newPage();
    orgPath = `/organizations/${harness.hearback.orgId}`;
    await harness.signUp(page, GRACE);
    await page.waitForURL(/\/inbox/);
  });
  afterAll(async () => {
    await harness?.close();
  });

  /** `GET /organizations/{orgId}` (harness.api prefixes the organization's path). */
  const organization = () => harness.api<Organization>('');
  const list = async <T = Named>(path: string) => (await harness.api<{ data: T[] }>(path)).data;

  it('renames the organization and moves it to another time zone', async () => {
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.waitForURL(/\/settings\/general$/);
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'General' }).isVisible()).toBe(true);
    expect((await organization()).timezone).toBe('UTC');

    await page.getByLabel('Name', { exact: true }).fill('Acme Feedback');
    const zone = page.getByRole('combobox', { name: 'Time zone' });
    // The field offers the browser's IANA zones as its suggestions.
    const suggestions = await zone.evaluate((input) =>
      [...((input as HTMLInputElement).list?.options ?? [])].map((option) => option.value),
    );
    expect(suggestions).toContain('Europe/Berlin');
    expect(suggestions.length).toBeGreaterThan(300);
    await zone.fill('Europe/Berlin');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByText('Saved.').isVisible()).toBe(true);
    expect(await organization()).toMatchObject({ name: 'Acme Feedback', timezone: 'Europe/Berlin' });
    // The switcher reads the account: it follows the new name without a reload.
    await expect.poll(() => page.locator('.org-switcher summary').textContent()).toContain('Acme Feedback');

    // A name the API refuses is shown beside the field, and nothing changes.
    await page.getByLabel('Name', { exact: true }).fill(' ');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.locator('.field-error').first().isVisible()).toBe(true);
    expect((await organization()).name).toBe('Acme Feedback');
    await page.reload();
    await expect.poll(() => page.getByLabel('Name', { exact: true }).inputValue()).toBe('Acme Feedback');
    expect(await page.getByRole('combobox', { name: 'Time zone' }).inputValue()).toBe('Europe/Berlin');
  });

  it('shows usage against the plan’s caps, and lets the instance administrator change the plan', async () => {
    expect((await organization()).plan).toBe('enterprise');
    await expect.poll(() => page.getByText('Plan: Enterprise').isVisible()).toBe(true);
    expect(await page.getByRole('meter').count()).toBe(0);

    await page.getByLabel('Plan (instance administrators)').selectOption({ label: 'Team' });
    await page.getByRole('button', { name: 'Change plan' }).click();
    await expect.poll(async () => (await organization()).plan).toBe('team');
    await expect.poll(() => page.getByText('Plan: Team').isVisible()).toBe(true);
    const inboxes = page.getByRole('meter', { name: 'Inboxes' });
    await expect.poll(() => inboxes.getAttribute('aria-valuetext')).toBe('1 of 5');
    expect(await page.getByRole('meter', { name: 'Feedback events' }).getAttribute('max')).toBe('100000');
    await expectCleanScreen(harness, page, 'settings-general-light');
  });

  it('creates and renames a brand', async () => {
    await openSection(page, 'Brands');
    await expect.poll(() => page.getByText('No brands yet').isVisible()).toBe(true);
    await expectCleanScreen(harness, page, 'settings-brands-empty-light');

    await page.getByRole('button', { name: 'New brand' }).click();
    const dialog = page.getByRole('dialog', { name: 'New brand' });
    // Checked in the browser with the server's own schema (@hearback/inputs): an over-long name is
    // refused beside the field and no request leaves.
    const brandWrites: string[] = [];
    const countWrite = (request: Request) => {
      if (request.method() !== 'GET' && new URL(request.url()).pathname.endsWith('/brands'))
        brandWrites.push(request.url());
    };
    page.on('request', countWrite);
    try {
      await dialog.getByLabel('Name').fill('x'.repeat(201));
      await dialog.getByRole('button', { name: 'Create brand' }).click();
      const error = dialog.getByRole('alert').filter({ hasText: '200' });
      await expect.poll(() => error.isVisible()).toBe(true);
      expect(await dialog.getByLabel('Name').getAttribute('aria-invalid')).toBe('true');
      await expectCleanScreen(harness, page, 'settings-brand-too-long-light');
      expect(brandWrites).toEqual([]);

      await dialog.getByLabel('Name').fill('Acme Mobil');
      await dialog.getByRole('button', { name: 'Create brand' }).click();
      await expect.poll(() => page.getByRole('cell', { name: 'Acme Mobil', exact: true }).isVisible()).toBe(true);
      expect(brandWrites).toHaveLength(1);
    } finally {
      page.off('request', countWrite);
    }
    await page.getByRole('button', { name: 'Rename Acme Mobil' }).click();
    await page.getByRole('dialog').getByLabel('Name').fill('Acme Mobile');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => (await list('/brands')).map((brand) => brand.name)).toEqual(['Acme Mobile']);
    await expect.poll(() => page.getByRole('cell', { name: 'Acme Mobile', exact: true }).isVisible()).toBe(true);
    await expectCleanScreen(harness, page, 'settings-brands-light');
  });

  it('creates an inbox under a brand, renames it, and deletes it after saying what goes with it', async () => {
    await openSection(page, 'Inboxes');
    await expect.poll(() => page.getByRole('cell', { name: harness.hearback.inboxKey }).isVisible()).toBe(true);

    await page.getByRole('button', { name: 'New inbox' }).click();
    const dialog = page.getByRole('dialog', { name: 'New inbox' });
    await dialog.getByLabel('Name').fill('Checkout');
    await dialog.getByLabel('Brand').selectOption({ label: 'Acme Mobile' });
    await dialog.getByRole('button', { name: 'Create inbox' }).click();
    await expect.poll(() => page.getByRole('cell', { name: 'Checkout', exact: true }).isVisible()).toBe(true);
    const [brand] = await list('/brands');
    const created = (await list('/inboxes')).find((inbox) => inbox.name === 'Checkout');
    expect(created?.brandId).toBe(brand?.id);
    expect(await page.getByRole('row', { name: /Checkout/ }).textContent()).toContain('Acme Mobile');
    await expectCleanScreen(harness, page, 'settings-inboxes-light');

    await page.getByRole('button', { name: 'Edit Checkout' }).click();
    await page.getByRole('dialog').getByLabel('Name').fill('Checkout flow');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => (await harness.api<Named>(`/inboxes/${created?.id}`)).name).toBe('Checkout flow');

    await harness.collect({ type: 'text', comment: 'kept elsewhere' });
    await page.getByRole('button', { name: 'Delete Checkout flow' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete “Checkout flow”?' });
    expect(await confirm.textContent()).toContain('Every feedback item collected into it is deleted with it');
    await expectCleanScreen(harness, page, 'settings-inbox-delete-light');
    // Cancel has the focus, so Enter does not delete.
    await page.keyboard.press('Enter');
    await expect.poll(() => confirm.isVisible()).toBe(false);
    expect((await list('/inboxes')).map((inbox) => inbox.name)).toContain('Checkout flow');

    await page.getByRole('button', { name: 'Delete Checkout flow' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete inbox' }).click();
    await expect.poll(() => page.getByText('Deleted “Checkout flow” and 0 feedback items.').isVisible()).toBe(true);
    expect((await list('/inboxes')).map((inbox) => inbox.id)).not.toContain(created?.id);
  });

  it('creates a key whose secret is shown once and works on /collect, then revokes it', async () => {
    await openSection(page, 'API keys');
    await page.getByRole('button', { name: 'New API key' }).click();
    const dialog = page.getByRole('dialog', { name: 'New API key' });
    // The server is the validator: no scope chosen is its 400, shown beside the scopes.
    await dialog.getByLabel('Name').fill('Backend');
    await dialog.getByRole('button', { name: 'Create key' }).click();
    await expect.poll(() => dialog.locator('.scope-choice .field-error').isVisible()).toBe(true);
    expect((await list('/api-keys')).map((key) => key.name)).not.toContain('Backend');

    expect(await dialog.textContent()).toContain('triage feedback: status, assignee');
    await dialog.getByRole('checkbox', { name: /^collect/ }).check();
    await dialog.getByRole('checkbox', { name: /^read/ }).check();
    await expectCleanScreen(harness, page, 'settings-api-key-new-light');
    await dialog.getByRole('button', { name: 'Create key' }).click();
    const secret = (await page.locator('.secret-value').textContent()) ?? '';
    expect(secret).toMatch(/^hb_/);
    await expectCleanScreen(harness, page, 'settings-api-key-secret-light');
    await page.getByRole('button', { name: 'Done' }).click();

    const key = (await list('/api-keys')).find((entry) => entry.name === 'Backend');
    expect(key).toMatchObject({ scopes: ['collect', 'read'], brandId: null, revokedAt: null });
    await expect.poll(() => page.getByRole('row', { name: /Backend/ }).textContent()).toContain('Active');
    await page.reload();
    await expect.poll(() => page.getByRole('row', { name: /Backend/ }).isVisible()).toBe(true);
    expect(await page.content()).not.toContain(secret);
    await expectCleanScreen(harness, page, 'settings-api-keys-light');

    const collect = () =>
      fetch(`${harness.hearback.url}/collect`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-service-key': secret },
        body: JSON.stringify({ inboxKey: harness.hearback.inboxKey, type: 'thumbs', score: 1 }),
      });
    expect((await collect()).status).toBe(201);

    await page.getByRole('button', { name: 'Revoke Backend' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke key' }).click();
    await expect.poll(() => page.getByRole('row', { name: /Backend/ }).textContent()).toContain('Revoked');
    expect((await collect()).status).toBe(401);
  });

  it('lists those acts in the audit log, by whom, and filters it', async () => {
    await openSection(page, 'Audit log');
    const table = page.getByRole('table', { name: 'Audit log' });
    await expect.poll(() => table.isVisible()).toBe(true);
    const text = await table.textContent();
    for (const act of ['Organization changed', 'Plan changed', 'Inbox created', 'API key created', 'API key revoked'])
      expect(text).toContain(act);
    expect(text).toContain(GRACE.name);
    await expectCleanScreen(harness, page, 'settings-audit-log-light');

    await page.getByLabel('Action').selectOption({ label: 'API key revoked' });
    await page.waitForURL(/action=api_key\.revoked/);
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    const [revoked] = (await harness.api<{ data: AuditEntry[] }>('/audit-log?action=api_key.revoked')).data;
    expect(await table.locator('tbody tr').textContent()).toContain(revoked?.resource.id);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => table.locator('tbody tr').count()).toBeGreaterThan(1);
  });

  it('shows hostile names as text in the lists and the log', async () => {
    const hostile = '<img src=x onerror="window.__xss=1">';
    await harness.api('/brands', { method: 'POST', body: JSON.stringify({ name: hostile }) });
    await harness.api('/api-keys', { method: 'POST', body: JSON.stringify({ name: hostile, scopes: ['read'] }) });
    for (const section of ['Brands', 'API keys', 'Audit log']) {
      await page.reload();
      await openSection(page, section);
      await expect.poll(() => page.getByText(hostile, { exact: true }).first().isVisible()).toBe(true);
      expect(await page.locator('main img').count()).toBe(0);
    }
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  });

  it('looks right in dark mode, section by section', async () => {
    const dark = await harness.newPage({ colorScheme: 'dark' });
    await harness.signIn(dark, GRACE);
    await dark.goto(`${harness.hearback.url}/app/orgs/${harness.hearback.orgId}/settings`);
    await dark.waitForURL(/\/settings\/general$/);
    await expect.poll(() => dark.getByRole('meter', { name: 'Inboxes' }).isVisible()).toBe(true);
    await expectCleanScreen(harness, dark, 'settings-general-dark');
    for (const [section, name] of [
      ['Inboxes', 'inboxes'],
      ['Brands', 'brands'],
      ['API keys', 'api-keys'],
      ['Audit log', 'audit-log'],
    ] as const) {
      await openSection(dark, section);
      await expect.poll(() => dark.getByRole('table').isVisible()).toBe(true);
      await expectCleanScreen(harness, dark, `settings-${name}-dark`);
    }
    // (The light page's console has the 400s this suite provoked on purpose; this one has nothing.)
    expect(harness.errors(dark)).toEqual([]);
  });

  it('shows a viewer the settings read-only: nothing to change, no audit log', async () => {
    const viewer = await harness.join(page, LIN, 'viewer');

    await viewer.getByRole('link', { name: 'Settings', exact: true }).click();
    await expect.poll(() => viewer.getByLabel('Name', { exact: true }).isVisible()).toBe(true);
    const tabs = viewer.getByRole('navigation', { name: 'Settings' }).getByRole('link');
    expect(await tabs.allTextContents()).toEqual(['General', 'Inboxes', 'Brands', 'API keys']);
    expect(await viewer.getByLabel('Name', { exact: true }).getAttribute('readonly')).not.toBeNull();
    expect(
      await viewer
        .getByRole('button')
        .filter({ hasText: /Save|Change plan|Delete organization/ })
        .count(),
    ).toBe(0);

    await openSection(viewer, 'Inboxes');
    await expect.poll(() => viewer.getByRole('table', { name: 'Inboxes' }).isVisible()).toBe(true);
    expect(await viewer.getByRole('button', { name: /New inbox|Edit|Delete/ }).count()).toBe(0);
    await openSection(viewer, 'API keys');
    await expect.poll(() => viewer.getByRole('table', { name: 'API keys' }).isVisible()).toBe(true);
    expect(await viewer.getByRole('button', { name: /New API key|Rename|Revoke/ }).count()).toBe(0);
    await expectCleanScreen(harness, viewer, 'settings-api-keys-viewer-light');
  });

  it('deletes the organization only once its slug is typed', async () => {
    const { slug } = await organization();
    await openSection(page, 'General');
    await page.getByRole('button', { name: 'Delete organization…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Acme Feedback?' });
    await dialog.getByLabel(`Type “${slug}” to confirm`).fill('not-the-slug');
    await dialog.getByRole('button', { name: 'Delete organization' }).click();
    await expect.poll(() => dialog.locator('.field-error, .alert-error').first().isVisible()).toBe(true);
    expect((await organization()).slug).toBe(slug);
    await expectCleanScreen(harness, page, 'settings-delete-organization-light');

    await dialog.getByLabel(`Type “${slug}” to confirm`).fill(slug);
    await dialog.getByRole('button', { name: 'Delete organization' }).click();
    await page.waitForURL((url) => !url.pathname.includes(harness.hearback.orgId));
    const response = await fetch(`${harness.hearback.url}${orgPath}`, {
      headers: { 'x-service-key': harness.hearback.adminKey },
    });
    expect(response.status).not.toBe(200);
  });
});
