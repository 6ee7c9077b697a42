import { requireChromiumOrSkip } from '@hearback/test-utils';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DashboardHarness, type Person, seriousViolations, startDashboardHarness } from './harness.js';

const available = requireChromiumOrSkip('dashboard');

const ADA: Person = { name: 'Ada Owner', email: 'ada@example.com', password: 'ada-owns-the-place-1' };
const BOB: Person = { name: 'Bob Viewer', email: 'bob@example.com', password: 'bob-only-reads-here-1' };

describe.skipIf(!available)('erasing a person’s data from Settings → Privacy', () => {
  let harness: DashboardHarness;
  let ada: Page;
  const settingsUrl = (section: string) =>
    `${harness.hearback.url}/app/orgs/${harness.hearback.orgId}/settings/${section}`;

  beforeAll(async () => {
    harness = await startDashboardHarness();
    ada = await harness.newPage();
    await harness.signUp(ada, ADA);
    await ada.waitForURL(/\/inbox/);
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('an owner erases everything userId u_42 sent, after confirming, and is told how much went', async () => {
    await harness.collect({ type: 'text', comment: 'First from 42', context: { userId: 'u_42' } });
    await harness.collect({ type: 'text', comment: 'Second from 42', context: { userId: 'u_42' } });
    const kept = await harness.collect({ type: 'text', comment: 'From 7', context: { userId: 'u_7' } });

    await ada.goto(settingsUrl('general'));
    await ada.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Privacy' }).click();
    const card = ada.getByRole('region', { name: 'Erase a person’s data' });
    await expect.poll(() => card.isVisible()).toBe(true);
    // An email names page responses only, and the form says so.
    await card.getByLabel('The person is named by').selectOption('contact');
    expect(await card.textContent()).toContain('Erases feedback page responses only');
    await card.getByLabel('The person is named by').selectOption('context');
    await card.getByLabel('Context member').fill('userId');
    await card.getByLabel('Value').fill('u_42');
    await card.getByRole('button', { name: 'Erase…' }).click();

    const dialog = ada.getByRole('dialog', { name: 'Erase the data of userId = u_42?' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.textContent()).toContain('cannot be undone');
    await harness.screenshot(ada, 'privacy-erase-confirm-light');
    expect(await seriousViolations(ada)).toEqual([]);
    await dialog.getByRole('button', { name: 'Erase', exact: true }).click();

    await expect
      .poll(() => card.getByRole('status').textContent())
      .toBe('Erased 2 feedback items and 0 page responses of userId = u_42.');
    await harness.screenshot(ada, 'privacy-erased-light');
    expect(await seriousViolations(ada)).toEqual([]);
    const left = await harness.api<{ data: { id: string }[] }>('/feedback');
    expect(left.data.map((item) => item.id)).toEqual([kept.id]);

    // Nothing left of u_42: said so in words.
    await card.getByRole('button', { name: 'Erase…' }).click();
    await dialog.getByRole('button', { name: 'Erase', exact: true }).click();
    await expect
      .poll(() => card.getByRole('status').textContent())
      .toBe('Nothing matched userId = u_42: no feedback or page responses to erase.');
    expect(harness.errors(ada)).toEqual([]);
  });

  it('a viewer, who may erase nothing, has no Privacy section', async () => {
    const bob = await harness.join(ada, BOB, 'viewer');
    await bob.goto(settingsUrl('general'));
    const nav = bob.getByRole('navigation', { name: 'Settings' });
    await expect.poll(() => nav.getByRole('link', { name: 'General' }).isVisible()).toBe(true);
    expect(await nav.getByRole('link', { name: 'Privacy' }).count()).toBe(0);
  });
});
