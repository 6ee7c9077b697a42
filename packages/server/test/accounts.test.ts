import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../src/runtime.js';
import { sessionCookieOf } from './support/accounts.js';
import { expectJson, expectProblem, type Json } from './support/api-assertions.js';
import { within } from './support/async.js';
import { readEventStream } from './support/event-stream.js';
import { type AppRequestInit, dialectsUnderTest, openTestRuntime, requestApp } from './support/harness.js';
import { SmtpInbox } from './support/smtp-inbox.js';

const HEARTBEAT_MS = 100;
const PASSWORD = 'a long enough password';

/**
 * Two people share an organization through the API alone: accounts by better-auth, mail through
 * a real SMTP server, every step over HTTP as a browser or script would take it.
 */
describe.each(dialectsUnderTest())('Accounts and teams [%s]', (dialect) => {
  let runtime: Runtime;
  let cleanup: () => Promise<void>;
  const mail = new SmtpInbox();

  const request = (path: string, init?: AppRequestInit) => requestApp(runtime, path, init);

  async function signUp(email: string, name: string): Promise<Response> {
    return request('/auth/sign-up/email', {
      method: 'POST',
      headers: { origin: 'http://localhost' },
      json: { email, password: PASSWORD, name },
    });
  }

  async function signIn(email: string, password = PASSWORD): Promise<string> {
    const response = await request('/auth/sign-in/email', {
      method: 'POST',
      headers: { origin: 'http://localhost' },
      json: { email, password },
    });
    expect(response.status, await response.clone().text()).toBe(200);
    return sessionCookieOf(response);
  }

  /** Ann: the instance's first user, owner of Team Co. Grace: invited as a member. */
  let ann: string;
  let grace: string;
  let graceId: string;
  let orgId: string;
  let slug: string;
  let feedbackId: string;
  const org = (path = '') => `/organizations/${orgId}${path}`;

  beforeAll(async () => {
    const smtpUrl = await mail.start();
    const opened = await openTestRuntime(dialect, {
      smtpUrl,
      smtpFrom: 'Hearback <hearback@test.example>',
      // What requestApp's requests come to: mail needs the instance's address (config.ts).
      publicUrl: 'http://localhost',
      streamHeartbeatMs: HEARTBEAT_MS,
    });
    runtime = opened.runtime;
    cleanup = opened.cleanup;
  });
  afterAll(async () => {
    await cleanup?.();
    await mail.close();
  });

  it('the first user administers the instance, verifies their address by mail and creates an organization', async () => {
    const signedUp = await signUp('ann@example.com', 'Ann');
    expect(signedUp.status).toBe(200);
    ann = sessionCookieOf(signedUp);
    expect((await expectJson(await request('/account', { session: ann }), 200)).user).toMatchObject({
      email: 'ann@example.com',
      emailVerified: false,
      instanceAdmin: true,
    });

    const verification = await mail.next('ann@example.com', 'Verify');
    const verified = await request(SmtpInbox.linkIn(verification).pathname + SmtpInbox.linkIn(verification).search);
    expect(verified.status).toBeLessThan(400);
    expect((await expectJson(await request('/account', { session: ann }), 200)).user.emailVerified).toBe(true);

    const created = await expectJson(
      await request('/organizations', { method: 'POST', session: ann, json: { name: 'Team Co' } }),
      201,
    );
    expect(created.role).toBe('owner');
    orgId = created.organization.id;
    slug = created.organization.slug;
    const account = await expectJson(await request('/account', { session: ann }), 200);
    expect(account.organizations.map((entry: Json) => [entry.organization.id, entry.role])).toEqual([[orgId, 'owner']]);
  });

  it('refuses a stranger: sign-up is by invitation once the instance has a user', async () => {
    const refused = await expectProblem(await signUp('stranger@example.com', 'Stranger'), 403, 'signup_closed');
    expect(refused).toMatchObject({
      detail: expect.stringContaining('Sign-up on this instance is by invitation'),
      // better-auth's client reads a refusal's `message`: the dashboard shows it.
      message: expect.stringContaining('Sign-up on this instance is by invitation'),
    });
  });

  it('invites by mail; the invited person signs up with that address and accepts', async () => {
    const issued = await expectJson(
      await request(org('/invites'), {
        method: 'POST',
        session: ann,
        json: { email: 'grace@example.com', role: 'member' },
      }),
      201,
    );
    const invitation = await mail.next('grace@example.com', 'invited to Team Co');
    const link = SmtpInbox.linkIn(invitation);
    expect(link.href).toBe(issued.acceptUrl);
    expect(issued.mailed).toBe(true);
    expect(invitation.text).toContain('as member');

    const signedUp = await signUp('grace@example.com', 'Grace');
    expect(signedUp.status).toBe(200);
    grace = sessionCookieOf(signedUp);
    graceId = ((await signedUp.json()) as { user: { id: string } }).user.id;
    const token = link.searchParams.get('token');
    const accepted = await request('/invites/accept', { method: 'POST', session: grace, json: { token } });
    expect(await expectJson(accepted, 200)).toEqual({ orgId, role: 'member' });

    // Single use: the same link again is refused, and nothing changes.
    await expectProblem(
      await request('/invites/accept', { method: 'POST', session: grace, json: { token } }),
      404,
      'not_found',
    );
    const members = await expectJson(await request(org('/members'), { session: grace }), 200);
    expect(members.data.map((member: Json) => [member.email, member.role])).toEqual([
      ['ann@example.com', 'owner'],
      ['grace@example.com', 'member'],
    ]);
  });

  it("holds the member's role: reads and triages, manages nothing; a viewer only reads", async () => {
    // Feedback arrives by a key the owner made.
    const key = await expectJson(
      await request(org('/api-keys'), { method: 'POST', session: ann, json: { name: 'Widget', scopes: ['collect'] } }),
      201,
    );
    const inbox = (await expectJson(await request(org('/inboxes'), { session: ann }), 200)).data[0];
    const collected = await expectJson(
      await request('/collect', {
        method: 'POST',
        key: key.secret,
        json: { inboxKey: inbox.inboxKey, type: 'nps', score: 3, comment: 'Checkout is slow' },
      }),
      201,
    );
    feedbackId = collected.id;

    expect((await expectJson(await request(org('/feedback'), { session: grace }), 200)).data).toHaveLength(1);
    const triaged = await request(org(`/feedback/${feedbackId}`), {
      method: 'PATCH',
      session: grace,
      json: { status: 'triaged' },
    });
    expect((await expectJson(triaged, 200)).status).toBe('triaged');
    const inboxRefused = await request(org('/inboxes'), { method: 'POST', session: grace, json: { name: 'Mine' } });
    expect(await expectProblem(inboxRefused, 403, 'insufficient_scope')).toMatchObject({ requiredScope: 'write' });
    await expectProblem(
      await request(org('/invites'), {
        method: 'POST',
        session: grace,
        json: { email: 'x@example.com', role: 'viewer' },
      }),
      403,
      'insufficient_scope',
    );

    await expectJson(
      await request(org(`/members/${graceId}`), { method: 'PATCH', session: ann, json: { role: 'viewer' } }),
      200,
    );
    await expectProblem(
      await request(org(`/feedback/${feedbackId}`), { method: 'PATCH', session: grace, json: { status: 'resolved' } }),
      403,
      'insufficient_scope',
    );
    const item = await expectJson(await request(org(`/feedback/${feedbackId}`), { session: grace }), 200);
    expect(item.status).toBe('triaged');
    await expectJson(
      await request(org(`/members/${graceId}`), { method: 'PATCH', session: ann, json: { role: 'member' } }),
      200,
    );
  });

  it('refuses a cookie write from another origin (CSRF) and changes nothing; reads need no Origin', async () => {
    const path = org(`/feedback/${feedbackId}`);
    const attempts: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      {},
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of attempts) {
      const response = await runtime.app.request(path, {
        method: 'PATCH',
        headers: { cookie: grace, 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ status: 'spam' }),
      });
      await expectProblem(response, 403, 'csrf_failed');
    }
    const sameOrigin = await runtime.app.request(path, {
      method: 'PATCH',
      headers: { cookie: grace, 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify({ status: 'in_progress' }),
    });
    expect((await expectJson(sameOrigin, 200)).status).toBe('in_progress');
    const read = await runtime.app.request(path, { headers: { cookie: grace } });
    expect((await expectJson(read, 200)).status).toBe('in_progress');
  });

  it("refuses the account endpoints' POSTs from another origin too, and the session aimed at still holds", async () => {
    const evil = { origin: 'https://evil.example' };
    const signOut = await request('/auth/sign-out', { method: 'POST', headers: evil, session: grace, json: {} });
    await expectProblem(signOut, 403, 'invalid_origin');
    const session = await request('/auth/get-session', { session: grace });
    expect((await expectJson(session, 200)).user.email).toBe('grace@example.com');
    const signIn = await request('/auth/sign-in/email', {
      method: 'POST',
      headers: evil,
      json: { email: 'grace@example.com', password: PASSWORD },
    });
    await expectProblem(signIn, 403, 'invalid_origin');
  });

  it("another organization's paths answer a member 404, as if absent", async () => {
    const other = await runtime.services.organizations.bootstrap({ name: 'Elsewhere' });
    await expectProblem(
      await request(`/organizations/${other.organization.id}/feedback`, { session: grace }),
      404,
      'not_found',
    );
  });

  it('refuses an invitation that was revoked, expired or is for another address', async () => {
    const issue = async (email: string) =>
      expectJson(
        await request(org('/invites'), { method: 'POST', session: ann, json: { email, role: 'viewer' } }),
        201,
      );
    const tokenOf = (issued: Json) => new URL(issued.acceptUrl).searchParams.get('token');
    const accept = (token: string | null) =>
      request('/invites/accept', { method: 'POST', session: grace, json: { token } });

    // A spent token answers 404 before anything is said about its address.
    const revoked = await issue('dave@example.com');
    await expectJson(await request(org(`/invites/${revoked.invite.id}`), { method: 'DELETE', session: ann }), 200);
    await expectProblem(await accept(tokenOf(revoked)), 404, 'not_found');

    const expired = await issue('erin@example.com');
    await runtime.database.db
      .updateTable('invites')
      .set({ expires_at: '2020-01-01T00:00:00.000Z' })
      .where('id', '=', expired.invite.id)
      .execute();
    await expectProblem(await accept(tokenOf(expired)), 404, 'not_found');

    const forSomeoneElse = await issue('bob@example.com');
    await expectProblem(await accept(tokenOf(forSomeoneElse)), 403, 'forbidden');
    const invites = await expectJson(await request(org('/invites'), { session: ann }), 200);
    expect(invites.data.slice(0, 3).map((invite: Json) => invite.state)).toEqual(['pending', 'expired', 'revoked']);
  });

  it('resets a forgotten password by the mailed link, which ends the old sessions', async () => {
    const asked = await request('/auth/request-password-reset', {
      method: 'POST',
      headers: { origin: 'http://localhost' },
      json: { email: 'grace@example.com' },
    });
    expect(asked.status).toBe(200);
    const link = SmtpInbox.linkIn(await mail.next('grace@example.com', 'Reset'));
    const token = link.pathname.split('/').pop();
    const reset = await request('/auth/reset-password', {
      method: 'POST',
      headers: { origin: 'http://localhost' },
      json: { token, newPassword: 'an even longer new password' },
    });
    expect(reset.status, await reset.clone().text()).toBe(200);
    await expectProblem(await request('/account', { session: grace }), 401, 'sign_in_required');
    const refused = await request('/auth/sign-in/email', {
      method: 'POST',
      headers: { origin: 'http://localhost' },
      json: { email: 'grace@example.com', password: PASSWORD },
    });
    expect(await expectProblem(refused, 401, 'invalid_email_or_password')).toMatchObject({
      detail: 'Invalid email or password',
      message: 'Invalid email or password',
    });
    grace = await signIn('grace@example.com', 'an even longer new password');
    expect((await expectJson(await request('/account', { session: grace }), 200)).user.email).toBe('grace@example.com');
  });

  it("signs out everywhere: every session ends, and a member's open stream with it", async () => {
    const second = await signIn('grace@example.com', 'an even longer new password');
    const stream = readEventStream(await request(org('/feedback/stream'), { session: second }));
    expect(stream.response.status).toBe(200);
    const revoked = await request('/auth/revoke-sessions', { method: 'POST', session: grace, json: {} });
    expect(revoked.status, await revoked.clone().text()).toBe(200);
    await within(stream.ended, HEARTBEAT_MS * 50, "the stream outlived its member's sessions");
    for (const session of [grace, second]) {
      await expectProblem(await request('/account', { session }), 401, 'sign_in_required');
    }
    grace = await signIn('grace@example.com', 'an even longer new password');
  });

  it("an instance administrator sets any organization's plan; nobody else may", async () => {
    const updated = await expectJson(
      await request(org('/plan'), { method: 'PATCH', session: ann, json: { plan: 'team' } }),
      200,
    );
    expect(updated).toMatchObject({ id: orgId, plan: 'team' });
    await expectProblem(
      await request(org('/plan'), { method: 'PATCH', session: grace, json: { plan: 'enterprise' } }),
      403,
      'forbidden',
    );
    const { adminKey } = await runtime.services.organizations.bootstrap({ name: 'Keyed' });
    await expectProblem(
      await request(org('/plan'), { method: 'PATCH', key: adminKey, json: { plan: 'enterprise' } }),
      401,
      'sign_in_required',
    );
  });

  it('the owner deletes the organization only with its slug typed; it is gone for every member', async () => {
    await expectProblem(
      await request(org(), { method: 'DELETE', session: grace, json: { confirm: slug } }),
      403,
      'insufficient_scope',
    );
    const mistyped = await expectProblem(
      await request(org(), { method: 'DELETE', session: ann, json: { confirm: 'team' } }),
      400,
      'validation_failed',
    );
    // Each message a plain sentence, as every other validation error's.
    expect(mistyped.errors).toEqual([{ path: 'confirm', message: `Must be the organization's slug: ${slug}.` }]);
    expect(
      await expectJson(await request(org(), { method: 'DELETE', session: ann, json: { confirm: slug } }), 200),
    ).toEqual({ id: orgId, deleted: true });
    await expectProblem(await request(org('/feedback'), { session: ann }), 404, 'not_found');
    expect((await expectJson(await request('/account', { session: grace }), 200)).organizations).toEqual([]);
  });
});

describe.each(dialectsUnderTest())('The first user [%s]', (dialect) => {
  /** The signed-in person's account lists the organization as hers alone, joined as owner `via`. */
  async function expectSoleOwner(runtime: Runtime, session: string, orgId: string, via: string): Promise<void> {
    const account = await expectJson(await requestApp(runtime, '/account', { session }), 200);
    expect(account.organizations.map((entry: Json) => [entry.organization.id, entry.role])).toEqual([[orgId, 'owner']]);
    const log = await expectJson(
      await requestApp(runtime, `/organizations/${orgId}/audit-log?action=member.joined`, { session }),
      200,
    );
    expect(log.data.map((entry: Json) => entry.details)).toEqual([{ role: 'owner', via }]);
  }

  it('owns the organizations made before anyone signed up (hearback init, the first serve)', async () => {
    const { runtime, cleanup } = await openTestRuntime(dialect);
    try {
      const made = await runtime.services.organizations.bootstrap({ name: 'Made by the operator' });
      const signedUp = await requestApp(runtime, '/auth/sign-up/email', {
        method: 'POST',
        headers: { origin: 'http://localhost' },
        json: { email: 'first@example.com', password: PASSWORD, name: 'First' },
      });
      expect(signedUp.status).toBe(200);
      const session = sessionCookieOf(signedUp);
      await expectSoleOwner(runtime, session, made.organization.id, 'first_user');
    } finally {
      await cleanup();
    }
  });

  it('owns the organizations made after she signed up too (hearback init later)', async () => {
    const { runtime, cleanup } = await openTestRuntime(dialect);
    try {
      const signedUp = await requestApp(runtime, '/auth/sign-up/email', {
        method: 'POST',
        headers: { origin: 'http://localhost' },
        json: { email: 'first@example.com', password: PASSWORD, name: 'First' },
      });
      const session = sessionCookieOf(signedUp);
      const made = await runtime.services.organizations.bootstrap({ name: 'Made afterwards' });
      expect(made.owner).toMatchObject({ name: 'First', email: 'first@example.com', instanceAdmin: true });
      await expectSoleOwner(runtime, session, made.organization.id, 'instance_admin');
    } finally {
      await cleanup();
    }
  });
});
