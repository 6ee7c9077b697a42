import { requireChromiumOrSkip } from '@hearback/test-utils';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DashboardHarness, type Person, seriousViolations, startDashboardHarness } from './harness.js';

const available = requireChromiumOrSkip('dashboard');

const ADA: Person = { name: 'Ada Owner', email: 'ada@example.com', password: 'ada-owns-the-place-1' };
const GRACE: Person = { name: 'Grace Member', email: 'grace@example.com', password: 'grace-has-two-orgs-1' };
const BOB: Person = { name: 'Bob Viewer', email: 'bob@example.com', password: 'bob-has-one-org-only-1' };

/** A screen must be usable by everyone and break no rule of the page's policy. */
async function expectCleanScreen(harness: DashboardHarness, page: Page, name: string) {
  await harness.screenshot(page, name);
  expect(await seriousViolations(page), name).toEqual([]);
  expect(await harness.cspViolations(page), name).toEqual([]);
}

describe.skipIf(!available)('leaving an organization from its settings', () => {
  let harness: DashboardHarness;
  let ada: Page;
  const generalUrl = () => `${harness.hearback.url}/app/orgs/${harness.hearback.orgId}/settings/general`;
  const memberEmails = async () =>
    (await harness.api<{ data: { email: string }[] }>('/members')).data.map((member) => member.email);
  const leaveSection = (page: Page) => page.getByRole('region', { name: 'Leave the organization' });

  beforeAll(async () => {
    harness = await startDashboardHarness();
    ada = await harness.newPage();
    await harness.signUp(ada, ADA);
    await ada.waitForURL(/\/inbox/);
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('tells the owner to hand the organization over first, and offers no way to leave', async () => {
    await ada.goto(generalUrl());
    await expect.poll(() => leaveSection(ada).isVisible()).toBe(true);
    expect(await leaveSection(ada).textContent()).toContain('you cannot leave it');
    expect(await leaveSection(ada).getByRole('link', { name: 'Team' }).isVisible()).toBe(true);
    expect(await ada.getByRole('button', { name: /Leave organization/ }).count()).toBe(0);
  });

  it('a member in two organizations leaves one after confirming and lands in the other', async () => {
    const grace = await harness.join(ada, GRACE, 'member');
    // Grace's own organization, made through the API as her session would.
    const own = await grace.evaluate(async () => {
      const response = await fetch('/organizations', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Grace Co' }),
      });
      return ((await response.json()) as { organization: { id: string } }).organization.id;
    });
    await grace.goto(generalUrl());
    await grace.getByRole('button', { name: 'Leave organization…' }).click();
    const dialog = grace.getByRole('dialog', { name: /^Leave .+\?$/ });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expectCleanScreen(harness, grace, 'leave-dialog-light');

    // Cancel changes nothing.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await memberEmails()).toContain(GRACE.email);

    await grace.getByRole('button', { name: 'Leave organization…' }).click();
    await dialog.getByRole('button', { name: 'Leave organization' }).click();
    await grace.waitForURL(new RegExp(`/app/orgs/${own}/inbox`));
    expect(await memberEmails()).not.toContain(GRACE.email);
    // Her own act, on this page: no notice tells her she lost access (that is for changes made by others).
    await expect.poll(() => grace.getByRole('heading', { name: 'Inbox' }).isVisible()).toBe(true);
    expect(await grace.locator('.access-notice').count()).toBe(0);
    // The organization she left is no longer hers to open: the app sends her on to her own.
    await grace.goto(generalUrl());
    await grace.waitForURL(new RegExp(`/app/orgs/${own}/`));
    expect(harness.errors(grace).filter((message) => !message.startsWith('Failed to load resource'))).toEqual([]);
  });

  it('a viewer with no other organization leaves and lands on the screen for someone with none', async () => {
    const bob = await harness.join(ada, BOB, 'viewer');
    await bob.goto(generalUrl());
    await bob.getByRole('button', { name: 'Leave organization…' }).click();
    await bob
      .getByRole('dialog', { name: /^Leave .+\?$/ })
      .getByRole('button', { name: 'Leave organization' })
      .click();
    await expect.poll(() => bob.getByRole('heading', { name: 'Create your organization' }).isVisible()).toBe(true);
    expect(new URL(bob.url()).pathname).toBe('/app/');
    expect(await bob.locator('.access-notice').count()).toBe(0);
    expect(await memberEmails()).not.toContain(BOB.email);
    await expectCleanScreen(harness, bob, 'leave-no-organization-light');
  });
});
