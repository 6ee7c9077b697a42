import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../src/runtime.js';
import { sessionCookieOf } from './support/accounts.js';
import { expectJson, expectProblem, type Json } from './support/api-assertions.js';
import { TxtDnsServer } from './support/dns-server.js';
import { type AppRequestInit, dialectsUnderTest, openTestRuntime, requestApp } from './support/harness.js';
import { signInAtProvider, TestOidcProvider } from './support/oidc-provider.js';

const PASSWORD = 'a long enough password';
const CALLBACK = 'http://localhost/auth/sso/callback';

/**
 * Single sign-on end to end: an admin sets up the organization's OpenID Connect provider (a real
 * `oidc-provider` on 127.0.0.1) through the API, proves the email domain with a TXT record served
 * by a real DNS server on 127.0.0.1, and a person of that domain signs in through the provider's
 * own pages: a new user, a member with the default role, without any invitation.
 */
describe.each(dialectsUnderTest())('Single sign-on [%s]', (dialect) => {
  let runtime: Runtime;
  let cleanup: () => Promise<void>;
  const dns = new TxtDnsServer();
  const provider = new TestOidcProvider();
  const request = (path: string, init?: AppRequestInit) => requestApp(runtime, path, init);

  let owner: string;
  let orgId: string;
  let otherOrgId: string;
  const sso = (path = '', id = orgId) => `/organizations/${id}/sso${path}`;
  const settings = () => ({
    issuer: provider.issuer,
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
    emailDomains: ['acme.test'],
    defaultRole: 'member',
  });

  /** The browser's part: start, the provider's pages, then back to our callback with the state cookie. */
  async function signInWithSso(email: string, login: string): Promise<{ callback: URL; stateCookie: string }> {
    const started = await request(`/auth/sso/start?email=${encodeURIComponent(email)}`);
    expect(started.status, await started.clone().text()).toBe(302);
    const stateCookie = started.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith('hearback.sso_state='))
      ?.split(';')[0];
    expect(stateCookie).toBeDefined();
    const location = started.headers.get('location') ?? '';
    expect(location.startsWith(`${provider.issuer}/`)).toBe(true);
    return { callback: await signInAtProvider(location, login), stateCookie: stateCookie as string };
  }

  beforeAll(async () => {
    const dnsServer = await dns.start();
    await provider.start(CALLBACK);
    provider.add({ sub: 'ada', email: 'ada@acme.test', name: 'Ada Lovelace' });
    provider.add({ sub: 'eve', email: 'eve@elsewhere.test', name: 'Eve' });
    // The provider runs on this machine: loopback is allowed, as HEARBACK_WEBHOOK_ALLOWED_CIDRS would.
    const opened = await openTestRuntime(dialect, {
      dnsServers: [dnsServer],
      signup: 'closed',
      webhookAllowedCidrs: ['127.0.0.0/8'],
    });
    runtime = opened.runtime;
    cleanup = opened.cleanup;

    const signedUp = await request('/auth/sign-up/email', {
      method: 'POST',
      headers: { origin: 'http://localhost' },
      json: { email: 'owner@acme.test', password: PASSWORD, name: 'Owner' },
    });
    expect(signedUp.status, await signedUp.clone().text()).toBe(200);
    owner = sessionCookieOf(signedUp);
    const create = async (name: string) =>
      (await expectJson(await request('/organizations', { method: 'POST', session: owner, json: { name } }), 201))
        .organization.id as string;
    orgId = await create('Acme');
    otherOrgId = await create('Other');
  });
  afterAll(async () => {
    await cleanup?.();
    await provider.close();
    await dns.close();
  });

  it('refuses SSO on a plan without it, changing nothing', async () => {
    await expectJson(
      await request(`/organizations/${otherOrgId}/plan`, { method: 'PATCH', session: owner, json: { plan: 'team' } }),
      200,
    );
    const refused = await expectProblem(
      await request(sso('', otherOrgId), { method: 'PUT', session: owner, json: settings() }),
      403,
      'plan_upgrade_required',
    );
    expect(refused.requiredPlan).toBe('enterprise');
    await expectProblem(await request(sso('', otherOrgId), { session: owner }), 403, 'plan_upgrade_required');
    await expectJson(
      await request(`/organizations/${otherOrgId}/plan`, {
        method: 'PATCH',
        session: owner,
        json: { plan: 'enterprise' },
      }),
      200,
    );
    await expectProblem(await request(sso('', otherOrgId), { session: owner }), 404, 'not_found');
  });

  it('configures the provider; the client secret is sealed at rest and never answered', async () => {
    const configured = await expectJson(await request(sso(), { method: 'PUT', session: owner, json: settings() }), 200);
    expect(configured).toMatchObject({
      issuer: provider.issuer,
      clientId: provider.clientId,
      defaultRole: 'member',
      redirectUri: CALLBACK,
      emailDomains: [{ domain: 'acme.test', verifiedAt: null, record: { name: '_hearback.acme.test' } }],
    });
    expect(JSON.stringify(configured)).not.toContain(provider.clientSecret);
    expect(JSON.stringify(await expectJson(await request(sso(), { session: owner }), 200))).not.toContain(
      provider.clientSecret,
    );
    const [row] = await runtime.store.sealedValues.ssoClientSecrets();
    expect(row?.orgId).toBe(orgId);
    expect(row?.sealed).not.toContain(provider.clientSecret);
    const audit = await expectJson(await request(`/organizations/${orgId}/audit-log`, { session: owner }), 200);
    expect(audit.data.map((entry: Json) => entry.action)).toContain('sso.configured');
    expect(JSON.stringify(audit)).not.toContain(provider.clientSecret);
  });

  it('an unverified domain signs nobody in', async () => {
    await expectProblem(await request('/auth/sso/start?email=ada%40acme.test'), 404, 'sso_not_configured');
  });

  it('verifies the domain only once its TXT record holds the token', async () => {
    const pending = await expectJson(await request(sso(), { session: owner }), 200);
    const record = pending.emailDomains[0].record as { name: string; value: string };
    await expectProblem(
      await request(sso('/domains/acme.test/verify'), { method: 'POST', session: owner }),
      422,
      'domain_verification_failed',
    );
    dns.publish(record.name, 'hearback-verification=someone-elses-token');
    await expectProblem(
      await request(sso('/domains/acme.test/verify'), { method: 'POST', session: owner }),
      422,
      'domain_verification_failed',
    );
    dns.publish(record.name, record.value);
    const verified = await expectJson(
      await request(sso('/domains/acme.test/verify'), { method: 'POST', session: owner }),
      200,
    );
    expect(verified.verifiedAt).toEqual(expect.any(String));
  });

  it('a domain verified by one organization cannot be claimed by another', async () => {
    await expectProblem(
      await request(sso('', otherOrgId), { method: 'PUT', session: owner, json: settings() }),
      409,
      'domain_claimed',
    );
    await expectProblem(await request(sso('', otherOrgId), { session: owner }), 404, 'not_found');
  });

  it('signs a new person in through the provider and makes them a member with the default role', async () => {
    const { callback, stateCookie } = await signInWithSso('ada@acme.test', 'ada');
    expect(`${callback.origin}${callback.pathname}`).toBe(CALLBACK);
    const finished = await request(callback.pathname + callback.search, { headers: { cookie: stateCookie } });
    expect(finished.status, await finished.clone().text()).toBe(302);
    const session = sessionCookieOf(finished);

    const account = await expectJson(await request('/account', { session }), 200);
    expect(account.user).toMatchObject({ email: 'ada@acme.test', name: 'Ada Lovelace' });
    expect(account.organizations.map((entry: Json) => [entry.organization.id, entry.role])).toEqual([
      [orgId, 'member'],
    ]);
    const audit = await expectJson(await request(`/organizations/${orgId}/audit-log`, { session: owner }), 200);
    const joined = audit.data.find((entry: Json) => entry.action === 'member.joined');
    expect(joined).toMatchObject({ details: { role: 'member', via: 'sso' } });

    // Again: the same user, still one membership.
    const again = await signInWithSso('ada@acme.test', 'ada');
    const second = await request(again.callback.pathname + again.callback.search, {
      headers: { cookie: again.stateCookie },
    });
    expect(second.status).toBe(302);
    const members = await expectJson(await request(`/organizations/${orgId}/members`, { session: owner }), 200);
    expect(members.data.filter((member: Json) => member.email === 'ada@acme.test')).toHaveLength(1);
  });

  it('refuses a callback whose state is not the one this browser started', async () => {
    const { callback, stateCookie } = await signInWithSso('ada@acme.test', 'ada');
    const tampered = new URL(callback);
    tampered.searchParams.set('state', 'not-the-state');
    const refused = await request(tampered.pathname + tampered.search, { headers: { cookie: stateCookie } });
    await expectProblem(refused, 400, 'sso_state_mismatch');
    expect(refused.headers.getSetCookie().some((cookie) => cookie.startsWith('hearback.session_token='))).toBe(false);
    // Without the cookie (another browser) the right state is refused too.
    await expectProblem(await request(callback.pathname + callback.search), 400, 'sso_state_mismatch');
  });

  it('refuses an address the provider asserts outside the verified domains', async () => {
    // Eve starts as ada@acme.test but the provider signs her in as eve@elsewhere.test.
    const { callback, stateCookie } = await signInWithSso('ada@acme.test', 'eve');
    await expectProblem(
      await request(callback.pathname + callback.search, { headers: { cookie: stateCookie } }),
      403,
      'sso_sign_in_failed',
    );
    const users = await runtime.store.members.countUsers();
    expect(users).toBe(2);
  });

  it('stops signing in when the plan loses SSO', async () => {
    await expectJson(
      await request(`/organizations/${orgId}/plan`, { method: 'PATCH', session: owner, json: { plan: 'team' } }),
      200,
    );
    await expectProblem(await request('/auth/sso/start?email=ada%40acme.test'), 404, 'sso_not_configured');
    await expectJson(
      await request(`/organizations/${orgId}/plan`, { method: 'PATCH', session: owner, json: { plan: 'enterprise' } }),
      200,
    );
  });
});
