import type { Runtime } from '../../src/runtime.js';

/** Who calls: each request of the fuzzer is sent as one of these. */
export const PRINCIPALS = ['admin', 'collectOnly', 'brandScoped', 'otherOrg', 'owner', 'none'] as const;
export type PrincipalName = (typeof PRINCIPALS)[number];

/**
 * What the fuzzer draws path ids and known members from: real ids of organization A (the callers'
 * own), of organization B (another tenant's), and whatever the run creates. `protectedIds` are
 * never deleted or revoked, so the principals keep working for the whole run.
 */
export interface Fixtures {
  keys: Record<PrincipalName, string | undefined>;
  /** Session cookies of the principals that are people (`owner`: org A's owner, the instance's admin). */
  sessions: Partial<Record<PrincipalName, string>>;
  orgIds: { own: string; other: string };
  pools: Record<PoolName, string[]>;
  protectedIds: Set<string>;
}

export type PoolName =
  | 'feedback'
  | 'note'
  | 'inbox'
  | 'brand'
  | 'key'
  | 'inboxKey'
  | 'hook'
  | 'automation'
  | 'delivery'
  | 'page'
  | 'response'
  | 'view'
  | 'user'
  | 'invite'
  | 'inviteToken'
  | 'domain';

interface Created {
  id: string;
  inboxKey?: string;
  secret?: string;
}

async function post(runtime: Runtime, path: string, key: string, body: unknown, status = 201): Promise<Created> {
  const response = await runtime.app.request(path, {
    method: 'POST',
    headers: { 'x-service-key': key, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== status) throw new Error(`fixture ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Created;
}

/** Signs up over HTTP as a browser does; the session cookie and the user's id. */
async function signUp(runtime: Runtime, email: string): Promise<{ cookie: string; userId: string }> {
  const response = await runtime.app.request('/auth/sign-up/email', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://localhost' },
    body: JSON.stringify({ email, password: 'fuzz password long enough', name: email.split('@')[0] }),
  });
  if (response.status !== 200) throw new Error(`fixture sign-up: ${response.status} ${await response.text()}`);
  const cookie = response.headers.getSetCookie().find((entry) => entry.startsWith('hearback.session_token='));
  return { cookie: (cookie ?? '').split(';')[0] ?? '', userId: ((await response.json()) as { user: Created }).user.id };
}

async function keyIdOf(runtime: Runtime, key: string): Promise<string> {
  const response = await runtime.app.request('/me', { headers: { 'x-service-key': key } });
  return ((await response.json()) as Created).id;
}

/**
 * Two organizations through the real API: in A a brand with its own inbox, a collect-only key, a
 * brand-scoped key, a few feedback items (some with notes), REST hooks, an automation with its
 * deliveries (queued by the fan-out; nothing sends them), a saved view; in B an inbox, an item, a hook, an
 * automation and a view.
 */
export async function createFixtures(runtime: Runtime): Promise<Fixtures> {
  const { services } = runtime;
  const orgA = await services.organizations.bootstrap({ name: 'Fuzz A' });
  const orgB = await services.organizations.bootstrap({ name: 'Fuzz B' });
  const a = `/organizations/${orgA.organization.id}`;
  const brand = await post(runtime, `${a}/brands`, orgA.adminKey, { name: 'Fuzz brand' });
  const brandInbox = await post(runtime, `${a}/inboxes`, orgA.adminKey, { name: 'Brand inbox', brandId: brand.id });
  const collectOnly = await post(runtime, `${a}/api-keys`, orgA.adminKey, { name: 'collect', scopes: ['collect'] });
  const brandScoped = await post(runtime, `${a}/api-keys`, orgA.adminKey, {
    name: 'brand',
    scopes: ['collect', 'read', 'write', 'forms'],
    brandId: brand.id,
  });
  const collect = (key: string, inboxKey: string, comment: string) =>
    post(runtime, '/collect', key, { inboxKey, type: 'text', comment, context: { source: 'fuzz' } });
  const feedback = [
    await collect(orgA.adminKey, orgA.inbox.inboxKey, 'the export button freezes'),
    await collect(orgA.adminKey, orgA.inbox.inboxKey, 'the export button freezes'),
    await collect(orgA.adminKey, brandInbox.inboxKey ?? '', 'dark mode please'),
  ];
  const otherFeedback = await collect(orgB.adminKey, orgB.inbox.inboxKey, 'another tenant');
  const note = await post(runtime, `${a}/feedback/${feedback[0]?.id}/notes`, orgA.adminKey, { body: 'seen' });
  const subscribe = (org: typeof orgA, event: string) =>
    post(runtime, `/organizations/${org.organization.id}/hooks`, org.adminKey, {
      event,
      targetUrl: 'https://hooks.example.com/catch/1',
    });
  const hooks = [
    await subscribe(orgA, 'feedback.created'),
    await subscribe(orgA, 'feedback.updated'),
    await subscribe(orgB, 'feedback.created'),
  ];
  const automation = await post(runtime, `${a}/automations`, orgA.adminKey, {
    name: 'Fuzz automation',
    events: ['feedback.created'],
    webhook: { url: 'https://hooks.example.com/fuzz', body: { text: '{{feedback.comment}}' } },
  });
  const otherAutomation = await post(runtime, `/organizations/${orgB.organization.id}/automations`, orgB.adminKey, {
    name: 'Other tenant automation',
    events: ['feedback.created'],
    webhook: { url: 'https://hooks.example.com/other' },
  });
  const questions = [
    { id: 'score', type: 'nps', title: 'Recommend us?', required: true },
    { id: 'why', type: 'long_text', title: 'Why?' },
  ];
  const page = await post(runtime, `${a}/feedback-pages`, orgA.adminKey, { title: 'Fuzz page', questions });
  await post(runtime, `${a}/feedback-pages/${page.id}/publish`, orgA.adminKey, undefined, 200);
  const draftPage = await post(runtime, `${a}/feedback-pages`, orgA.adminKey, { title: 'Fuzz draft', questions });
  const otherPage = await post(runtime, `/organizations/${orgB.organization.id}/feedback-pages`, orgB.adminKey, {
    title: 'Other tenant page',
    questions,
  });
  const pageResponse = await post(runtime, `${a}/feedback-pages/${page.id}/responses`, orgA.adminKey, {
    answers: { score: 9, why: 'fuzz' },
  });
  const view = await post(runtime, `${a}/views`, orgA.adminKey, { name: 'Fuzz view', filters: { status: 'new' } });
  const otherView = await post(runtime, `/organizations/${orgB.organization.id}/views`, orgB.adminKey, {
    name: 'Other tenant view',
    filters: {},
  });
  // People: org A's owner (the instance's first user, so its admin), and a member who joined by invitation.
  // The first user adopts the organizations made before anyone signed up: A, and B, which it leaves.
  const owner = await signUp(runtime, 'owner@fuzz.example');
  await runtime.store.members.remove(orgB.organization.id, owner.userId);
  const asOwner = { cookie: owner.cookie, origin: 'http://localhost', 'content-type': 'application/json' };
  const invite = (email: string) =>
    runtime.app.request(`${a}/invites`, {
      method: 'POST',
      headers: asOwner,
      body: JSON.stringify({ email, role: 'member' }),
    });
  const issued = (await (await invite('member@fuzz.example')).json()) as { acceptUrl: string };
  const member = await signUp(runtime, 'member@fuzz.example');
  const token = new URL(issued.acceptUrl).searchParams.get('token');
  await runtime.app.request('/invites/accept', {
    method: 'POST',
    headers: { ...asOwner, cookie: member.cookie },
    body: JSON.stringify({ token }),
  });
  const pending = (await (await invite('pending@fuzz.example')).json()) as { invite: Created; acceptUrl: string };
  // Single sign-on of org A with one domain verified (the record is checked in test/sso.test.ts).
  await runtime.app.request(`${a}/sso`, {
    method: 'PUT',
    headers: asOwner,
    body: JSON.stringify({
      issuer: 'https://login.fuzz.example',
      clientId: 'fuzz',
      clientSecret: 'fuzz-client-secret',
      emailDomains: ['fuzz.example', 'pending.fuzz.example'],
      defaultRole: 'viewer',
    }),
  });
  await runtime.store.sso.markVerified(orgA.organization.id, 'fuzz.example', new Date().toISOString());
  await runtime.webhookJobs.runUntilIdle();
  const deliveries = await runtime.database.db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('automation_id', '=', automation.id)
    .execute();
  const protectedIds = new Set([
    orgA.inbox.id,
    brandInbox.id,
    brand.id,
    collectOnly.id,
    brandScoped.id,
    orgB.inbox.id,
    automation.id,
    otherAutomation.id,
    page.id,
    await keyIdOf(runtime, orgA.adminKey),
    await keyIdOf(runtime, orgA.collectKey),
    await keyIdOf(runtime, orgB.adminKey),
    owner.userId,
  ]);
  return {
    keys: {
      admin: orgA.adminKey,
      collectOnly: collectOnly.secret,
      brandScoped: brandScoped.secret,
      otherOrg: orgB.adminKey,
      owner: undefined,
      none: undefined,
    },
    sessions: { owner: owner.cookie },
    orgIds: { own: orgA.organization.id, other: orgB.organization.id },
    pools: {
      feedback: [...feedback.map((item) => item.id), otherFeedback.id],
      // With its feedback item: the path names both.
      note: [`${feedback[0]?.id} ${note.id}`],
      inbox: [orgA.inbox.id, brandInbox.id, orgB.inbox.id],
      brand: [brand.id],
      key: [collectOnly.id, brandScoped.id],
      inboxKey: [orgA.inbox.inboxKey, brandInbox.inboxKey ?? '', orgB.inbox.inboxKey],
      hook: hooks.map((hook) => hook.id),
      automation: [automation.id, otherAutomation.id],
      delivery: deliveries.map((delivery) => delivery.id),
      page: [page.id, draftPage.id, otherPage.id],
      response: [pageResponse.id],
      view: [view.id, otherView.id],
      user: [member.userId, owner.userId],
      invite: [pending.invite.id],
      // Its link's token, which the invitation's preview reads (until a resend replaces it).
      inviteToken: [new URL(pending.acceptUrl).searchParams.get('token') ?? ''],
      domain: ['fuzz.example'],
    },
    protectedIds,
  };
}
