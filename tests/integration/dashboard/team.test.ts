import { requireChromiumOrSkip } from '@hearback/test-utils';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TxtDnsServer } from '../../../packages/server/test/support/dns-server.js';
import { type DashboardHarness, type Person, seriousViolations, startDashboardHarness } from './harness.js';

const available = requireChromiumOrSkip('dashboard');

const ADA: Person = { name: 'Ada Lovelace', email: 'ada@example.com', password: 'analytical-engine-1843' };
const BOB: Person = { name: 'Bob Viewer', email: 'bob@example.com', password: 'bob-reads-everything-1' };
const DAVE: Person = { name: 'Dave Switcher', email: 'dave@example.com', password: 'dave-has-two-accounts-1' };
const EVE: Person = { name: 'Eve Outsider', email: 'eve@example.com', password: 'eve-was-not-invited-1' };

interface Invite {
  id: string;
  email: string;
  role: string;
  state: string;
}

/** Console errors other than the browser's line for each refused request (the screens show those). */
const unexpectedErrors = (harness: DashboardHarness, page: Page) =>
  harness.errors(page).filter((message) => !message.startsWith('Failed to load resource'));

/** A screen must be usable by everyone and break no rule of the page's policy. */
async function expectCleanScreen(harness: DashboardHarness, page: Page, name: string) {
  await harness.screenshot(page, name);
  expect(await seriousViolations(page), name).toEqual([]);
  expect(await harness.cspViolations(page), name).toEqual([]);
}

/**
 * The API as the signed-in person of `page` calls it: their session cookie, and the instance's
 * Origin on writes (what the server's CSRF check asks of a browser).
 */
async function asPerson(harness: DashboardHarness, page: Page, method: string, path: string, body?: unknown) {
  const response = await page.request.fetch(`${harness.hearback.url}${path}`, {
    method,
    headers: { origin: harness.hearback.url, 'content-type': 'application/json' },
    ...(body !== undefined && { data: JSON.stringify(body) }),
  });
  return { status: response.status(), body: await response.json() };
}

const teamUrl = (harness: DashboardHarness, section = 'members') =>
  `${harness.hearback.url}/app/orgs/${harness.hearback.orgId}/team?section=${section}`;

describe.skipIf(!available)('the team: invitations, roles and single sign-on', () => {
  let harness: DashboardHarness;
  let ada: Page;
  let bob: Page;
  let acceptUrl: string;
  let itemId: string;
  const dns = new TxtDnsServer();
  const org = () => `/organizations/${harness.hearback.orgId}`;

  beforeAll(async () => {
    harness = await startDashboardHarness({ dnsServers: [await dns.start()] });
    ada = await harness.newPage();
    itemId = (await harness.collect({ type: 'stars', score: 2, comment: 'The export button does nothing' })).id;
  });
  afterAll(async () => {
    await harness?.close();
    await dns.close();
  });

  it('shows the owner the members with a legend of what each role may do', async () => {
    await harness.signUp(ada, ADA);
    await ada.waitForURL(/\/inbox/);
    await ada.getByRole('link', { name: 'Team', exact: true }).click();
    await expect.poll(() => ada.getByRole('tab', { name: 'Members' }).isVisible()).toBe(true);
    const row = ada.getByRole('row').filter({ hasText: ADA.email });
    await expect.poll(() => row.isVisible()).toBe(true);
    expect(await row.textContent()).toMatch(/owner/i);
    // The owner's role passes only by a transfer: no role picker, no removal on their row.
    expect(await row.getByRole('combobox').count()).toBe(0);
    const legend = ada.getByRole('region', { name: 'What each role may do' });
    expect(await legend.textContent()).toMatch(/viewer\s*See feedback/i);
    expect(await legend.textContent()).toMatch(/member\s*Everything a viewer may do, and triage feedback/i);
    await expectCleanScreen(harness, ada, 'team-members-light');
  });

  it('invites bob as a viewer: the link is shown once, with word that this server sends no mail', async () => {
    await ada.getByRole('tab', { name: 'Invitations' }).click();
    await ada.getByLabel('Email').fill(BOB.email);
    await ada.getByLabel('Role', { exact: true }).selectOption('viewer');
    await ada.getByRole('button', { name: 'Send invitation' }).click();
    const shown = ada.locator('.invite-link');
    await expect.poll(() => shown.isVisible()).toBe(true);
    expect(await shown.textContent()).toContain('This server sends no mail');
    acceptUrl = (await shown.locator('code').textContent()) ?? '';
    expect(acceptUrl).toMatch(new RegExp(`^${harness.hearback.url}/app/invites/accept\\?token=`));

    const listed = await asPerson(harness, ada, 'GET', `${org()}/invites`);
    expect(listed.body.data).toEqual([
      expect.objectContaining({ email: BOB.email, role: 'viewer', state: 'pending' } satisfies Partial<Invite>),
    ]);
    const row = ada.getByRole('row').filter({ hasText: BOB.email });
    await expect.poll(() => row.isVisible()).toBe(true);
    expect(await row.textContent()).toMatch(/viewer[\s\S]*pending/i);
    await expectCleanScreen(harness, ada, 'team-invitations-light');
  });

  it('resends an invitation with a new link and revokes one, as the list and the API say', async () => {
    await ada.getByLabel('Email').fill('carol@example.com');
    await ada.getByLabel('Role', { exact: true }).selectOption('member');
    await ada.getByRole('button', { name: 'Send invitation' }).click();
    const shown = ada.locator('.invite-link');
    await expect.poll(() => shown.textContent()).toContain('carol@example.com');
    const firstLink = (await shown.locator('code').textContent()) ?? '';

    await ada.getByRole('button', { name: 'Resend to carol@example.com' }).click();
    await expect.poll(() => shown.locator('code').textContent()).not.toBe(firstLink);

    await ada.getByRole('button', { name: 'Revoke invitation of carol@example.com' }).click();
    const carol = ada.getByRole('row').filter({ hasText: 'carol@example.com' });
    await expect.poll(() => carol.textContent()).toMatch(/revoked/i);
    expect(await carol.getByRole('button').count()).toBe(0);
    const listed = await asPerson(harness, ada, 'GET', `${org()}/invites`);
    expect(listed.body.data.find((invite: Invite) => invite.email === 'carol@example.com').state).toBe('revoked');

    // Her link, replaced by the resend and then revoked, says so before anyone signs in.
    const carolPage = await harness.newPage();
    await carolPage.goto(firstLink);
    const dead = carolPage.getByRole('heading', { name: 'This invitation link no longer works' });
    await expect.poll(() => dead.isVisible()).toBe(true);
    expect(await carolPage.getByRole('link', { name: 'Create account' }).count()).toBe(0);
    await expectCleanScreen(harness, carolPage, 'accept-invite-dead-link-light');
  });

  it('configures single sign-on: the secret is write-only, each domain shows its TXT record and proves it', async () => {
    await ada.getByRole('tab', { name: 'Single sign-on' }).click();
    await ada.getByLabel('Issuer URL').fill('https://login.example.com');
    await ada.getByLabel('Client ID').fill('hearback-dashboard');
    await ada.getByLabel('Client secret').fill('provider-secret-value');
    await ada.getByRole('textbox', { name: 'Email domains' }).fill('example.com');
    await ada.getByRole('button', { name: 'Turn on single sign-on' }).click();
    await expect.poll(() => ada.getByText('Single sign-on saved.').isVisible()).toBe(true);

    const stored = await asPerson(harness, ada, 'GET', `${org()}/sso`);
    expect(stored.body).toMatchObject({ issuer: 'https://login.example.com', clientId: 'hearback-dashboard' });
    expect(JSON.stringify(stored.body)).not.toContain('provider-secret-value');
    expect(await ada.getByLabel('Client secret').inputValue()).toBe('');

    const domain = ada.getByRole('listitem', { name: /example\.com/ });
    await expect.poll(() => domain.isVisible()).toBe(true);
    expect(await domain.textContent()).toContain('_hearback.example.com');
    expect(await domain.textContent()).toContain(stored.body.emailDomains[0].record.value);
    expect(await ada.getByText(stored.body.redirectUri).isVisible()).toBe(true);

    // No such record is published: the server's answer says so, and the domain stays unverified.
    await domain.getByRole('button', { name: 'Verify example.com' }).click();
    const refusal = domain.getByRole('alert');
    await expect.poll(() => refusal.isVisible()).toBe(true);
    expect(await refusal.textContent()).toContain('_hearback.example.com');
    expect((await asPerson(harness, ada, 'GET', `${org()}/sso`)).body.emailDomains[0].verifiedAt).toBeNull();

    // Once the record is published, the same button proves the domain.
    const { name, value } = stored.body.emailDomains[0].record;
    dns.publish(name, value);
    await domain.getByRole('button', { name: 'Verify example.com' }).click();
    await expect.poll(() => ada.getByText('example.com is verified.').isVisible()).toBe(true);
    expect(await domain.textContent()).toContain('Verified');
    expect(await domain.getByRole('button', { name: /Verify/ }).count()).toBe(0);
    expect((await asPerson(harness, ada, 'GET', `${org()}/sso`)).body.emailDomains[0].verifiedAt).not.toBeNull();

    // A bad domain is the server's field error, beside the field.
    await ada.getByLabel('Client secret').fill('provider-secret-value');
    await ada.getByRole('textbox', { name: 'Email domains' }).fill('example.com\nbad_domain!');
    await ada.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => ada.getByText(/bad_domain!: Expected a domain name/).isVisible()).toBe(true);
    await expectCleanScreen(harness, ada, 'team-sso-light');
  });

  it('says plainly when the plan has no single sign-on', async () => {
    const downgraded = await asPerson(harness, ada, 'PATCH', `${org()}/plan`, { plan: 'starter' });
    expect(downgraded.status).toBe(200);
    await ada.goto(teamUrl(harness, 'sso'));
    const gate = ada.getByRole('status').filter({ hasText: 'Single sign-on needs a higher plan' });
    await expect.poll(() => gate.isVisible()).toBe(true);
    expect(await gate.textContent()).toMatch(/enterprise plan/);
    expect(await ada.getByLabel('Issuer URL').count()).toBe(0);
    await expectCleanScreen(harness, ada, 'team-sso-plan-gate-light');
    await asPerson(harness, ada, 'PATCH', `${org()}/plan`, { plan: 'enterprise' });
  });

  it('lets bob open the link, sign up with the redirect back, accept and land in the organization', async () => {
    const { name: orgName } = await harness.api<{ name: string }>('');
    bob = await harness.newPage();
    await bob.goto(acceptUrl);
    // Before any account: which organization, which role, from whom, for which address.
    const joinHeading = bob.getByRole('heading', { name: `Join ${orgName} as viewer` });
    await expect.poll(() => joinHeading.isVisible()).toBe(true);
    expect(await bob.locator('.auth-card').textContent()).toContain(`${ADA.name} invited ${BOB.email} to ${orgName}`);
    await expectCleanScreen(harness, bob, 'accept-invite-light');
    await bob.getByRole('link', { name: 'Create account' }).click();
    await bob.waitForURL(/\/app\/sign-up/);
    // The invited address is filled in: bob gives his name and a password only.
    const workEmail = bob.getByLabel('Work email');
    await expect.poll(() => workEmail.inputValue()).toBe(BOB.email);
    await expectCleanScreen(harness, bob, 'accept-invite-sign-up-light');
    await bob.getByLabel('Name').fill(BOB.name);
    await bob.getByLabel('Password').fill(BOB.password);
    await bob.getByRole('button', { name: 'Create account' }).click();
    await bob.waitForURL(/\/app\/invites\/accept\?token=/);
    await expect.poll(() => bob.getByText(`Signed in as ${BOB.email}`).isVisible()).toBe(true);
    expect(await joinHeading.isVisible()).toBe(true);
    await expectCleanScreen(harness, bob, 'accept-invite-join-light');
    await bob.getByRole('button', { name: 'Accept invitation' }).click();
    await bob.waitForURL(new RegExp(`/app/orgs/${harness.hearback.orgId}/inbox`));
    const members = await asPerson(harness, ada, 'GET', `${org()}/members`);
    expect(members.body.data.map((member: { email: string; role: string }) => [member.email, member.role])).toEqual(
      expect.arrayContaining([[BOB.email, 'viewer']]),
    );
  });

  it('shows bob, a viewer, the inbox and an item without any triage or management control', async () => {
    const row = bob.locator(`li[data-id="${itemId}"]`);
    await expect.poll(() => row.isVisible()).toBe(true);
    expect(await bob.getByRole('checkbox', { name: /Select for bulk changes/ }).count()).toBe(0);
    await row.getByRole('button').click();
    await expect.poll(() => bob.getByRole('complementary', { name: 'Comment' }).isVisible()).toBe(true);
    expect(await bob.getByRole('combobox', { name: 'Status', exact: true }).isDisabled()).toBe(true);
    expect(await bob.getByRole('combobox', { name: 'Assignee', exact: true }).isDisabled()).toBe(true);
    expect(await bob.getByLabel('Add a note').count()).toBe(0);
    // e resolves for a member; for a viewer it changes nothing.
    await bob.locator('body').press('e');

    const nav = bob.getByRole('navigation', { name: 'Organization' });
    expect(await nav.getByRole('link', { name: 'Set up' }).count()).toBe(0);
    // Settings stay readable (read-only for a viewer: settings.test.ts checks that side).
    await expectCleanScreen(harness, bob, 'team-viewer-inbox-light');

    await nav.getByRole('link', { name: 'Team', exact: true }).click();
    await expect.poll(() => bob.getByRole('row').filter({ hasText: ADA.email }).isVisible()).toBe(true);
    expect(await bob.getByRole('tab').allTextContents()).toEqual(['Members']);
    expect(await bob.getByRole('combobox').count()).toBe(0);
    expect(await bob.getByRole('button', { name: /Remove|Make owner/ }).count()).toBe(0);
    await expectCleanScreen(harness, bob, 'team-viewer-members-light');

    const refused = await asPerson(harness, bob, 'PATCH', `${org()}/feedback/${itemId}`, { status: 'resolved' });
    expect(refused.status).toBe(403);
    expect((await asPerson(harness, bob, 'GET', `${org()}/invites`)).status).toBe(403);
    expect((await harness.api<{ status: string }>(`/feedback/${itemId}`)).status).toBe('new');
  });

  it('lets the owner promote bob to member; after a reload bob resolves the item', async () => {
    await ada.goto(teamUrl(harness));
    const role = ada.getByRole('combobox', { name: `Role of ${BOB.name}` });
    await expect.poll(() => role.isVisible()).toBe(true);
    await role.selectOption('member');
    await expect
      .poll(async () => {
        const members = await asPerson(harness, ada, 'GET', `${org()}/members`);
        return members.body.data.find((member: { email: string }) => member.email === BOB.email).role;
      })
      .toBe('member');

    await bob.goto(`${harness.hearback.url}/app/orgs/${harness.hearback.orgId}/inbox?item=${itemId}`);
    const status = bob.getByRole('combobox', { name: 'Status', exact: true });
    await expect.poll(() => status.isEnabled()).toBe(true);
    await status.selectOption('resolved');
    await expect
      .poll(async () => (await harness.api<{ status: string }>(`/feedback/${itemId}`)).status)
      .toBe('resolved');
    expect(unexpectedErrors(harness, bob)).toEqual([]);
  });

  it('hands the organization over after a confirmation, and back again from the new owner', async () => {
    const roles = async () => {
      const members = await asPerson(harness, ada, 'GET', `${org()}/members`);
      return Object.fromEntries(
        members.body.data.map((member: { email: string; role: string }) => [member.email, member.role]),
      );
    };
    await ada.goto(teamUrl(harness));
    await ada.getByRole('button', { name: `Make owner ${BOB.name}` }).click();
    const dialog = ada.getByRole('dialog', { name: 'Hand over the organization?' });
    await dialog.getByRole('button', { name: 'Make owner' }).click();
    await expect.poll(roles).toEqual({ [ADA.email]: 'admin', [BOB.email]: 'owner' });
    // Ada is an admin now: the hand-over is no longer hers to offer.
    await expect.poll(() => ada.getByRole('button', { name: /Make owner/ }).count()).toBe(0);

    await bob.goto(teamUrl(harness));
    await bob.getByRole('button', { name: `Make owner ${ADA.name}` }).click();
    await bob
      .getByRole('dialog', { name: 'Hand over the organization?' })
      .getByRole('button', { name: 'Make owner' })
      .click();
    await expect.poll(roles).toEqual({ [ADA.email]: 'owner', [BOB.email]: 'admin' });
  });

  it('asks before removing a member, and the member is gone from the list and the API', async () => {
    await ada.goto(teamUrl(harness));
    await ada.getByRole('button', { name: `Remove ${BOB.name}` }).click();
    const dialog = ada.getByRole('dialog', { name: 'Remove this member?' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expectCleanScreen(harness, ada, 'team-remove-dialog-light');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect((await asPerson(harness, ada, 'GET', `${org()}/members`)).body.data).toHaveLength(2);

    await ada.getByRole('button', { name: `Remove ${BOB.name}` }).click();
    await dialog.getByRole('button', { name: 'Remove member' }).click();
    await expect.poll(() => ada.getByRole('row').filter({ hasText: BOB.email }).count()).toBe(0);
    const members = await asPerson(harness, ada, 'GET', `${org()}/members`);
    expect(members.body.data.map((member: { email: string }) => member.email)).toEqual([ADA.email]);
    expect(unexpectedErrors(harness, ada)).toEqual([]);
  });

  it('tells someone signed in with another address, who switches account and joins', async () => {
    await ada.goto(teamUrl(harness, 'invitations'));
    await ada.getByLabel('Email').fill(DAVE.email);
    await ada.getByRole('button', { name: 'Send invitation' }).click();
    await expect.poll(() => ada.locator('.invite-link').textContent()).toContain(DAVE.email);
    const link = (await ada.locator('.invite-link code').textContent()) ?? '';

    await ada.goto(link);
    await ada.getByRole('button', { name: 'Accept invitation' }).click();
    await expect.poll(() => ada.getByRole('alert').textContent()).toContain('for another email address');
    await ada.getByRole('button', { name: 'Use another account' }).click();
    await ada.waitForURL(/\/app\/sign-in\?redirect=/);
    await expect.poll(() => ada.getByLabel('Email').inputValue()).toBe(DAVE.email);
    await ada.getByRole('link', { name: 'Create an account' }).click();
    await ada.waitForURL(/\/app\/sign-up\?redirect=/);
    await expect.poll(() => ada.getByLabel('Work email').inputValue()).toBe(DAVE.email);
    await harness.signUp(ada, DAVE, new URL(ada.url()).pathname + new URL(ada.url()).search);
    await ada.getByRole('button', { name: 'Accept invitation' }).click();
    await ada.waitForURL(new RegExp(`/app/orgs/${harness.hearback.orgId}/inbox`));
    const members = await asPerson(harness, ada, 'GET', `${org()}/members`);
    expect(members.body.data.map((member: { email: string; role: string }) => [member.email, member.role])).toEqual(
      expect.arrayContaining([[DAVE.email, 'member']]),
    );
  });

  it('refuses a sign-up from an address nobody invited, with the server’s reason on the screen', async () => {
    const eve = await harness.newPage();
    await eve.goto(`${harness.hearback.url}/app/sign-up`);
    await eve.getByLabel('Name').fill(EVE.name);
    await eve.getByLabel('Work email').fill(EVE.email);
    await eve.getByLabel('Password').fill(EVE.password);
    await eve.getByRole('button', { name: 'Create account' }).click();
    const refusal = eve.getByRole('alert');
    await expect.poll(() => refusal.isVisible()).toBe(true);
    expect(await refusal.textContent()).toContain('Sign-up on this instance is by invitation');
    expect(new URL(eve.url()).pathname).toBe('/app/sign-up');
  });

  it('looks right in dark mode, section by section', async () => {
    const dark = await harness.newPage({ colorScheme: 'dark' });
    await harness.signIn(dark, ADA);
    for (const section of ['members', 'invitations', 'sso']) {
      await dark.goto(teamUrl(harness, section));
      await expect.poll(() => dark.getByRole('tab', { selected: true }).isVisible()).toBe(true);
      await expect.poll(() => dark.locator('.team-section').first().isVisible()).toBe(true);
      expect(await dark.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
      await expectCleanScreen(harness, dark, `team-${section}-dark`);
    }
    expect(unexpectedErrors(harness, dark)).toEqual([]);
  });
});
