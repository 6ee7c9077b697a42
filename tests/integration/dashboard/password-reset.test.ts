import { requireChromiumOrSkip } from '@hearback/test-utils';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SLOW_MACHINE_MS } from '../support/slow-machine.js';
import { type DashboardHarness, type Person, seriousViolations, startDashboardHarness } from './harness.js';

const available = requireChromiumOrSkip('dashboard password reset');

const ADA: Person = { name: 'Ada Lovelace', email: 'ada@example.com', password: 'analytical-engine-1843' };
const NEW_PASSWORD = 'difference-engine-1822';

const RESET_SUBJECT = /Reset your Hearback password/;

/** `expect.poll` with room for a loaded machine (its default gives up after one second). */
const eventually = <T>(check: () => T | Promise<T>) => expect.poll(check, { timeout: SLOW_MACHINE_MS });

/** A screen must be usable by everyone and break no rule of the page's policy. */
async function expectCleanScreen(harness: DashboardHarness, page: Page, name: string) {
  await harness.screenshot(page, name);
  expect(await seriousViolations(page), name).toEqual([]);
  expect(await harness.cspViolations(page), name).toEqual([]);
}

/** `GET /account` as the person signed in on `page` (their session cookie): 401 when signed out. */
async function account(harness: DashboardHarness, page: Page) {
  // The page's request context keeps its connection open between calls; when a call comes just as
  // the server closes it for idleness (5 s), the GET meets ECONNRESET (seen once in a full run).
  // A browser sends an idempotent request again then, and so does this.
  const response = await page.request.get(`${harness.hearback.url}/account`, { maxRetries: 1 });
  return { status: response.status(), body: response.ok() ? await response.json() : null };
}

/** Asks for a reset link on the sign-in screen, as someone who forgot their password does. */
async function askForReset(harness: DashboardHarness, page: Page, email: string) {
  await page.goto(`${harness.hearback.url}/app/sign-in`);
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await eventually(() => page.getByRole('heading', { name: 'Reset your password' }).isVisible()).toBe(true);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await eventually(() => page.getByText('a link to reset its password is on its way').isVisible()).toBe(true);
}

describe.skipIf(!available)('resetting a password and verifying an address, in the browser', () => {
  let harness: DashboardHarness;
  let signedIn: Page;
  let firstLink: string;

  beforeAll(async () => {
    harness = await startDashboardHarness();
    signedIn = await harness.newPage();
    await harness.signUp(signedIn, ADA);
    await signedIn.waitForURL(/\/inbox/);
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('verifies the address by the link mailed at sign-up, landing in the dashboard', async () => {
    expect((await account(harness, signedIn)).body.user.emailVerified).toBe(false);
    const link = harness.mailedLink(ADA.email, /Verify your Hearback email address/);
    expect(link).toMatch(new RegExp(`^${harness.hearback.url}/auth/verify-email\\?token=`));
    await signedIn.goto(link as string);
    await signedIn.waitForURL(/\/app\/orgs\/[^/]+\/inbox/);
    expect((await account(harness, signedIn)).body.user.emailVerified).toBe(true);
  });

  it('sends a reset link from the sign-in screen without saying whether the address has an account', async () => {
    const page = await harness.newPage();
    await askForReset(harness, page, 'nobody@example.com');
    expect(harness.mailedLink('nobody@example.com', RESET_SUBJECT)).toBeUndefined();

    await askForReset(harness, page, ADA.email);
    await expectCleanScreen(harness, page, 'reset-password-sent-light');
    firstLink = harness.mailedLink(ADA.email, RESET_SUBJECT) as string;
    expect(firstLink).toMatch(new RegExp(`^${harness.hearback.url}/auth/reset-password/`));
  });

  it('refuses a link opened after its hour, and says to ask for a new one', async () => {
    const page = await harness.newPage();
    // The server runs in this process: its clock an hour and a minute on is the link's hour gone by.
    vi.setSystemTime(Date.now() + 61 * 60_000);
    await page.goto(firstLink);
    await eventually(() => page.getByRole('heading', { name: 'This link no longer works' }).isVisible()).toBe(true);
    vi.useRealTimers();
    expect(await page.getByText('Reset links work once and for an hour.').isVisible()).toBe(true);
    await expectCleanScreen(harness, page, 'reset-password-expired-light');
    await page.getByRole('link', { name: 'Ask for a new link' }).click();
    await eventually(() => page.getByRole('heading', { name: 'Reset your password' }).isVisible()).toBe(true);
  });

  it('says the link no longer works when it expires while the new password is being typed', async () => {
    const page = await harness.newPage();
    await askForReset(harness, page, ADA.email);
    const link = harness.mailedLink(ADA.email, RESET_SUBJECT) as string;
    expect(link).not.toBe(firstLink);
    await page.goto(link);
    await eventually(() => page.getByRole('heading', { name: 'Choose a new password' }).isVisible()).toBe(true);
    await page.getByLabel('New password').fill(NEW_PASSWORD);
    vi.setSystemTime(Date.now() + 61 * 60_000);
    await page.getByRole('button', { name: 'Set password' }).click();
    await eventually(() => page.getByRole('heading', { name: 'This link no longer works' }).isVisible()).toBe(true);
    vi.useRealTimers();
    expect(await page.getByRole('alert').textContent()).toBe('Reset links work once and for an hour.');
    expect(await page.getByRole('link', { name: 'Ask for a new link' }).isVisible()).toBe(true);
    // Nothing changed: the old password still signs in.
    const check = await harness.newPage();
    await harness.signIn(check, ADA);
    expect((await account(harness, check)).status).toBe(200);
  });

  it('sets a new password by the mailed link: it signs in, the old one is refused, every session ends', async () => {
    const page = await harness.newPage();
    await askForReset(harness, page, ADA.email);
    const link = harness.mailedLink(ADA.email, RESET_SUBJECT) as string;
    await page.goto(link);
    await page.waitForURL(/\/app\/reset-password\?token=/);
    await eventually(() => page.getByRole('heading', { name: 'Choose a new password' }).isVisible()).toBe(true);
    await expectCleanScreen(harness, page, 'reset-password-choose-light');

    // The browser asks for the length the server asks for, before anything is sent.
    await page.getByLabel('New password').fill('short');
    await page.getByRole('button', { name: 'Set password' }).click();
    expect(await page.getByLabel('New password').evaluate((input: HTMLInputElement) => input.validity.tooShort)).toBe(
      true,
    );

    await page.getByLabel('New password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set password' }).click();
    await eventually(() => page.getByText('Your password is changed').isVisible()).toBe(true);
    await expectCleanScreen(harness, page, 'reset-password-done-light');

    // The session signed in before the reset has ended.
    expect((await account(harness, signedIn)).status).toBe(401);
    await signedIn.reload();
    await signedIn.waitForURL(/\/app\/sign-in/);

    await page.getByRole('link', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/\/app\/sign-in/);
    await page.getByLabel('Email').fill(ADA.email);
    await page.getByLabel('Password').fill(ADA.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const refusal = page.getByRole('alert').filter({ hasText: /\S/ });
    await eventually(() => refusal.textContent()).toMatch(/invalid email or password/i);
    expect(new URL(page.url()).pathname).toBe('/app/sign-in');
    expect((await account(harness, page)).status).toBe(401);

    await page.getByLabel('Password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/\/app\/orgs\/[^/]+\/inbox/);
    expect((await account(harness, page)).body.user.email).toBe(ADA.email);
  });

  it('refuses the same link a second time', async () => {
    const page = await harness.newPage({ colorScheme: 'dark' });
    await page.goto(harness.mailedLink(ADA.email, RESET_SUBJECT) as string);
    await eventually(() => page.getByRole('heading', { name: 'This link no longer works' }).isVisible()).toBe(true);
    await expectCleanScreen(harness, page, 'reset-password-expired-dark');
    // The page for a new link, and the one for a new password, in the dark scheme too.
    await page.getByRole('link', { name: 'Ask for a new link' }).click();
    await eventually(() => page.getByRole('heading', { name: 'Reset your password' }).isVisible()).toBe(true);
    await expectCleanScreen(harness, page, 'reset-password-ask-dark');
    expect(harness.errors(page)).toEqual([]);
  });

  // Last: from here on this address may not sign in for a minute.
  it('says to wait after too many sign-in attempts, and a wrong password before that', async () => {
    const page = await harness.newPage();
    await page.goto(`${harness.hearback.url}/app/sign-in`);
    await page.getByLabel('Email').fill(ADA.email);
    await page.getByLabel('Password').fill('not-the-password-at-all');
    const statuses: number[] = [];
    // The sign-ins of the tests above count too; 20 is more than the server's limit (auth-limits.ts).
    for (let attempt = 0; attempt < 20 && !statuses.includes(429); attempt++) {
      const answered = page.waitForResponse((response) => response.url().endsWith('/auth/sign-in/email'));
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      statuses.push((await answered).status());
      if (statuses.length === 1) {
        const refusal = page.getByRole('alert').filter({ hasText: /\S/ });
        await eventually(() => refusal.textContent()).toMatch(/invalid email or password/i);
      }
    }
    expect(statuses.at(0)).toBe(401);
    expect(statuses.at(-1)).toBe(429);
    const refusal = page.getByRole('alert').filter({ hasText: /\S/ });
    await eventually(() => refusal.textContent()).toBe('Too many attempts. Wait a minute and try again.');
    expect(new URL(page.url()).pathname).toBe('/app/sign-in');
    await harness.screenshot(page, 'sign-in-too-many-attempts-light');
  });
});
