import { requireChromiumOrSkip } from '@hearback/test-utils';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DashboardHarness, type Person, seriousViolations, startDashboardHarness } from './harness.js';

const available = requireChromiumOrSkip('dashboard');

const ADA: Person = { name: 'Ada Lovelace', email: 'ada@example.com', password: 'analytical-engine-1843' };
/** Invited, signed up, never accepted: an account with no organization. */
const YAN: Person = { name: 'Yan Ng', email: 'yan@example.com', password: 'yan-starts-from-scratch-1' };
const ZED: Person = { name: '😀 Zed', email: 'zed@example.com', password: 'zed-triages-all-day-1' };

interface Account {
  organizations: { organization: { id: string; name: string } }[];
}

/** A screen must be usable by everyone and break no rule of the page's policy. */
async function expectCleanScreen(harness: DashboardHarness, page: Page, name: string) {
  await harness.screenshot(page, name);
  expect(await seriousViolations(page), name).toEqual([]);
  expect(await harness.cspViolations(page), name).toEqual([]);
}

/** Fills the sign-in form already on screen and submits it. */
async function submitSignIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

async function signOut(page: Page) {
  await page.locator('.account-menu summary').click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL(/\/app\/sign-in/);
}

/** The organization whose set-up guide `url` is, if it is one's. */
const setupGuideOrg = (url: URL) => /^\/app\/orgs\/([^/]+)\/setup$/.exec(url.pathname)?.[1];

describe.skipIf(!available)('arriving in the dashboard: through a redirect, at a new organization, by role', () => {
  let harness: DashboardHarness;
  let ada: Page;
  const orgId = () => harness.hearback.orgId;

  beforeAll(async () => {
    harness = await startDashboardHarness();
    ada = await harness.newPage();
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('signs the first person up from `/` and opens the app, not the sign-in screen again', async () => {
    await ada.goto(`${harness.hearback.url}/`);
    await ada.waitForURL(/\/app\/sign-in\?redirect=/);
    await ada.getByRole('link', { name: 'Create an account' }).click();
    await ada.waitForURL(/\/app\/sign-up\?redirect=/);
    await ada.getByLabel('Name').fill(ADA.name);
    await ada.getByLabel('Work email').fill(ADA.email);
    await ada.getByLabel('Password').fill(ADA.password);
    await ada.getByRole('button', { name: 'Create account' }).click();
    await ada.waitForURL((url) => url.pathname === `/app/orgs/${orgId()}/inbox`);
    await expect.poll(() => ada.getByText('No feedback yet').isVisible()).toBe(true);
  });

  it('brings a signed-out deep link back, query and all, after sign-in; a refused password is forgotten', async () => {
    await signOut(ada);
    await ada.goto(`${harness.hearback.url}/app/orgs/${orgId()}/inbox?type=nps&status=new`);
    await ada.waitForURL(/\/app\/sign-in\?redirect=/);

    await submitSignIn(ada, ADA.email, 'not-the-password-at-all');
    const refusal = ada.getByText('Invalid email or password');
    await expect.poll(() => refusal.isVisible()).toBe(true);
    // Held until checked: while the next attempt runs, the last one's refusal is already gone.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await ada.route(
      '**/auth/sign-in/email',
      async (route) => {
        await held;
        await route.continue();
      },
      { times: 1 },
    );
    await submitSignIn(ada, ADA.email, ADA.password);
    await expect.poll(() => ada.getByRole('button', { name: 'Sign in', exact: true }).isDisabled()).toBe(true);
    expect(await refusal.isVisible()).toBe(false);
    release();
    await ada.waitForURL((url) => url.pathname === `/app/orgs/${orgId()}/inbox`);
    const search = new URL(ada.url()).searchParams;
    expect([search.get('type'), search.get('status')]).toEqual(['nps', 'new']);
  });

  it('signs back in after "Sign out" and Back, onto the screen left', async () => {
    await signOut(ada);
    await ada.goBack();
    await ada.waitForURL(/\/app\/sign-in\?redirect=/);
    await submitSignIn(ada, ADA.email, ADA.password);
    await ada.waitForURL((url) => url.pathname === `/app/orgs/${orgId()}/inbox`);
    expect(new URL(ada.url()).searchParams.get('type')).toBe('nps');
  });

  it('creates a first organization once and opens its set-up guide', async () => {
    await ada.evaluate(
      ({ orgId, email }) =>
        fetch(`/organizations/${orgId}/invites`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, role: 'viewer' }),
        }),
      { orgId: orgId(), email: YAN.email },
    );
    const yan = await harness.newPage();
    await harness.signUp(yan, YAN);
    await expect.poll(() => yan.getByRole('heading', { name: 'Create your organization' }).isVisible()).toBe(true);

    // Slowed down, so the click's in-flight state can be seen.
    await yan.route('**/organizations', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await yan.getByLabel('Organization name').fill('Yan Co');
    const create = yan.getByRole('button', { name: 'Create organization' });
    await create.click();
    await expect.poll(() => create.isDisabled()).toBe(true);
    await yan.waitForURL((url) => setupGuideOrg(url) !== undefined);
    await expect.poll(() => yan.getByRole('heading', { name: 'Set up feedback collection' }).isVisible()).toBe(true);

    const account = (await (await yan.request.get(`${harness.hearback.url}/account`)).json()) as Account;
    expect(account.organizations.map(({ organization }) => organization.name)).toEqual(['Yan Co']);
    expect(setupGuideOrg(new URL(yan.url()))).toBe(account.organizations[0]?.organization.id);
  });

  it("opens a second organization's set-up guide from the switcher, not the first one's inbox", async () => {
    await ada.locator('.org-switcher summary').click();
    await ada.getByRole('link', { name: 'New organization…' }).click();
    await expect.poll(() => ada.getByRole('heading', { name: 'Create your organization' }).isVisible()).toBe(true);
    await ada.getByLabel('Organization name').fill('Ada Labs');
    await ada.getByRole('button', { name: 'Create organization' }).click();
    await ada.waitForURL((url) => setupGuideOrg(url) !== undefined && setupGuideOrg(url) !== orgId());
    await expect.poll(() => ada.locator('.org-switcher summary').textContent()).toContain('Ada Labs');
  });

  it('tells a member on the set-up guide whom to ask for the widget key, instead of a button the API refuses', async () => {
    const zed = await harness.join(ada, ZED, 'member');
    await zed.goto(`${harness.hearback.url}/app/orgs/${orgId()}/setup`);
    const keyStep = zed.getByRole('region', { name: '2. Paste the widget into your site' });
    // The step says what it can once the organization's keys are read (it looks for the widget's).
    await expect
      .poll(() => keyStep.textContent())
      .toContain('Only an admin or owner may create it. You are a member: ask one of them to open this guide.');
    expect(await zed.getByRole('button', { name: 'Create a collect key and show the snippet' }).count()).toBe(0);
    expect(await zed.getByRole('region', { name: '1. An inbox for your site' }).textContent()).toContain(
      'Feedback goes to the inbox “Default inbox”.',
    );
    // The account button's initial is the whole emoji, not half of its surrogate pair.
    expect(await zed.locator('.account-menu .avatar').textContent()).toBe('😀');
    await expectCleanScreen(harness, zed, 'setup-member-light');
  });

  it("labels the audit log's actors by what they are, never by a role", async () => {
    await ada.goto(`${harness.hearback.url}/app/orgs/${orgId()}/settings/audit-log`);
    const table = ada.getByRole('table', { name: 'Audit log' });
    await expect.poll(() => table.isVisible()).toBe(true);
    // The owner's invitation: "Member" there read as the role she does not have.
    const who = table.getByRole('row').filter({ hasText: ADA.name }).first().getByRole('cell').nth(1);
    expect(await who.textContent()).toBe(`${ADA.name}Person`);
  });
});
