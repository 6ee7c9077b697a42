import { requireChromiumOrSkip } from '@hearback/test-utils';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DashboardHarness, type Person, seriousViolations, startDashboardHarness } from './harness.js';

const available = requireChromiumOrSkip('dashboard');

const ADA: Person = { name: 'Ada Owner', email: 'ada@example.com', password: 'analytical-engine-1843' };
const BOB: Person = { name: 'Bob Admin', email: 'bob@example.com', password: 'bob-administers-things-1' };
const CARL: Person = { name: 'Carl Admin', email: 'carl@example.com', password: 'carl-administers-too-1' };

/** The API as the signed-in person of `page` calls it (their cookie, the instance's Origin). */
async function asPerson(harness: DashboardHarness, page: Page, method: string, path: string, body?: unknown) {
  const response = await page.request.fetch(`${harness.hearback.url}${path}`, {
    method,
    headers: { origin: harness.hearback.url, 'content-type': 'application/json' },
    ...(body !== undefined && { data: JSON.stringify(body) }),
  });
  return { status: response.status(), body: await response.json().catch(() => null) };
}

/**
 * The dashboard as each role meets it while others change the team: what an admin is offered on
 * another admin's row, and what a person sees when their role changes or they are removed while
 * their dashboard is open.
 */
describe.skipIf(!available)('roles changing under an open dashboard', () => {
  let harness: DashboardHarness;
  let ada: Page;
  let bob: Page;
  let carl: Page;
  let bobId: string;
  let carlId: string;
  const org = () => `/organizations/${harness.hearback.orgId}`;
  const appUrl = (path: string) => `${harness.hearback.url}/app/orgs/${harness.hearback.orgId}${path}`;
  const notice = (page: Page) => page.getByRole('status').filter({ has: page.locator('.access-notice') });

  beforeAll(async () => {
    harness = await startDashboardHarness();
    ada = await harness.newPage();
    await harness.collect({ type: 'stars', score: 2, comment: 'The export button does nothing' });
    await harness.signUp(ada, ADA);
    await ada.waitForURL(/\/inbox/);
    bob = await harness.join(ada, BOB, 'admin');
    carl = await harness.join(ada, CARL, 'admin');
    const members = (await asPerson(harness, ada, 'GET', `${org()}/members`)).body.data as {
      email: string;
      userId: string;
    }[];
    bobId = members.find((member) => member.email === BOB.email)?.userId as string;
    carlId = members.find((member) => member.email === CARL.email)?.userId as string;
  });
  afterAll(async () => harness?.close());

  it("offers an admin no change to another admin's role or their own, and says it is the owner's", async () => {
    await bob.goto(appUrl('/team?section=members'));
    const carlRow = bob.getByRole('row').filter({ hasText: CARL.email });
    await expect.poll(() => carlRow.isVisible()).toBe(true);
    // The server refuses both (403: only the owner changes or removes an admin): nothing to click.
    expect(await bob.getByRole('combobox', { name: `Role of ${CARL.name}` }).count()).toBe(0);
    expect(await bob.getByRole('combobox', { name: `Role of ${BOB.name}` }).count()).toBe(0);
    expect(await carlRow.getByRole('button', { name: /Remove/ }).count()).toBe(0);
    expect(await carlRow.textContent()).toMatch(/admin/i);
    const limits = await bob.locator('main').textContent();
    expect(limits).toContain('Only the owner changes an admin’s role or removes an admin.');
    expect(limits).toContain('The owner’s role changes only when they hand the organization over');
    await harness.screenshot(bob, 'roles-admin-sees-admins');
    expect(await seriousViolations(bob)).toEqual([]);

    // The owner may, and is offered both.
    await ada.goto(appUrl('/team?section=members'));
    await expect.poll(() => ada.getByRole('combobox', { name: `Role of ${CARL.name}` }).isVisible()).toBe(true);
    expect(await ada.getByRole('button', { name: `Remove ${CARL.name}` }).count()).toBe(1);
    expect(await ada.locator('main').textContent()).not.toContain('Only the owner changes');
    // Her own row offers nothing, and the screen says why: the owner's role passes by a hand-over.
    expect(await ada.getByRole('combobox', { name: `Role of ${ADA.name}` }).count()).toBe(0);
    expect(await ada.locator('main').textContent()).toContain(
      'Your role as owner changes only when you hand the organization over (Make owner)',
    );
  });

  it('tells an admin made viewer at their next action, and takes away the controls they lost', async () => {
    await bob.goto(appUrl('/settings/api-keys'));
    const revoke = bob.getByRole('button', { name: /^Revoke/ }).first();
    await expect.poll(() => revoke.isVisible()).toBe(true);
    expect((await asPerson(harness, ada, 'PATCH', `${org()}/members/${bobId}`, { role: 'viewer' })).status).toBe(200);

    // The refusal is held on its way, as a slow network or a loaded machine holds it.
    let answer = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    await bob.route('**/api-keys/*/revoke', async (route) => {
      await answered;
      await route.continue();
    });
    await revoke.click();
    const confirm = bob.getByRole('dialog').getByRole('button', { name: 'Revoke key' });
    await confirm.click();
    // While it waits, the pressed button says so and keeps the focus, past the browser's next
    // frames: disabled, it handed the focus to the page's body, where Escape no longer closes the
    // dialog (under load, the dialog then stayed open, offering "Revoke key" beside the notice).
    await expect.poll(() => confirm.getAttribute('aria-busy')).toBe('true');
    await bob.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await confirm.evaluate((button) => button === document.activeElement)).toBe(true);
    // Every state the page passes through from here is recorded: the notice must never show while
    // a control of the old role (or the dialog offering one) is still there.
    await bob.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { noticeBeside: string[] }).noticeBeside = seen;
      new MutationObserver(() => {
        if (!document.querySelector('.access-notice')) return;
        const old = [...document.querySelectorAll('button, [role=dialog]')]
          .map((element) => element.getAttribute('aria-label') ?? element.textContent ?? '')
          .filter((name) => /^(Revoke|New API key)/.test(name));
        seen.push(...old);
      }).observe(document.body, { childList: true, subtree: true, attributes: true });
    });
    answer();

    await expect.poll(() => notice(bob).textContent()).toContain('Your role in Test is now viewer');
    // In the same moment the screen follows the new role: no key to make or revoke, and the refused
    // dialog gone with the act it offered.
    expect(await bob.getByRole('dialog').count()).toBe(0);
    expect(await bob.getByRole('button', { name: /Revoke|New API key/, includeHidden: true }).count()).toBe(0);
    expect(await bob.getByRole('link', { name: 'Set up', exact: true }).count()).toBe(0);
    expect(await bob.evaluate(() => (window as unknown as { noticeBeside: string[] }).noticeBeside)).toEqual([]);
    await harness.screenshot(bob, 'roles-admin-made-viewer');
    await bob.unroute('**/api-keys/*/revoke');
    await notice(bob).getByRole('button', { name: 'Dismiss' }).click();
    expect(await bob.locator('.access-notice').count()).toBe(0);
    // After a reload, the same.
    await bob.reload();
    await expect.poll(() => bob.getByRole('heading', { name: 'API keys' }).isVisible()).toBe(true);
    expect(await bob.getByRole('button', { name: 'New API key' }).count()).toBe(0);
    // The inbox offers a viewer only the keys that move, not those that triage.
    await bob.goto(appUrl('/inbox'));
    const hint = bob.locator('.keyboard-hint');
    await expect.poll(() => hint.textContent()).toContain('j/k move');
    expect(await hint.textContent()).not.toMatch(/resolve|assign/);
  });

  it('takes a removed person out of the organization with word why, to the one they still have', async () => {
    // Bob has an organization of his own too, where he is the owner.
    const made = await asPerson(harness, bob, 'POST', '/organizations', { name: 'Bob Co' });
    expect(made.status).toBe(201);
    await bob.goto(appUrl('/inbox'));
    await expect.poll(() => bob.getByText('The export button does nothing').isVisible()).toBe(true);
    await expect.poll(() => bob.getByText('Reconnecting…').count()).toBe(0);

    expect((await asPerson(harness, ada, 'DELETE', `${org()}/members/${bobId}`)).status).toBe(200);
    // The server ends his live stream; he is told, and lands in the organization he still has.
    await expect
      .poll(() => notice(bob).textContent(), { timeout: 40_000 })
      .toContain('You no longer have access to Test.');
    await expect.poll(() => bob.url()).toContain(`/orgs/${made.body.organization.id}/`);
    await expect.poll(() => bob.getByRole('navigation', { name: 'Organization' }).textContent()).toContain('Bob Co');
    await harness.screenshot(bob, 'roles-removed-lands-in-own-org');
    // The notice is his: signed out and someone else signed in on the same page, it is gone.
    await bob.locator('.account-menu summary').click();
    await bob.getByRole('button', { name: 'Sign out' }).click();
    await bob.waitForURL(/\/app\/sign-in/);
    await bob.getByLabel('Email').fill(CARL.email);
    await bob.getByLabel('Password').fill(CARL.password);
    await bob.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect
      .poll(() => bob.getByRole('navigation', { name: 'Organization' }).textContent())
      .toContain('Carl Admin');
    expect(await bob.locator('.access-notice').count()).toBe(0);
  });

  it('takes a person removed from their only organization to the page to make one, with word why', async () => {
    await carl.goto(appUrl('/inbox'));
    await expect.poll(() => carl.getByText('The export button does nothing').isVisible()).toBe(true);
    await expect.poll(() => carl.getByText('Reconnecting…').count()).toBe(0);

    expect((await asPerson(harness, ada, 'DELETE', `${org()}/members/${carlId}`)).status).toBe(200);
    await expect
      .poll(() => notice(carl).textContent(), { timeout: 40_000 })
      .toContain('You no longer have access to Test.');
    await expect.poll(() => carl.getByRole('heading', { name: 'Create your organization' }).isVisible()).toBe(true);
    await harness.screenshot(carl, 'roles-removed-from-only-org');
  });
});
