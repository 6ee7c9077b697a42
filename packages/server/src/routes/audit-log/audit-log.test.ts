import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberWithRole, operatorOf, signIn, type TestUser } from '../../../test/support/accounts.js';
import {
  createBrand,
  createInbox,
  createKey,
  describeScopeMatrix,
  expectJson,
  expectProblem,
  type Json,
} from '../../../test/support/api.js';
import { collectComments } from '../../../test/support/api-assertions.js';
import { automationInput } from '../../../test/support/automations.js';
import { TxtDnsServer } from '../../../test/support/dns-server.js';
import { describeEachDatabase, type TestBed } from '../../../test/support/harness.js';
import { distinctive } from '../../../test/support/plaintext-search.js';
import { AUDIT_ACTIONS, type AuditAction } from '../../domain/audit.js';

/** One change made through the API, and what its audit entry must say. */
interface AuditedChange {
  action: AuditAction;
  /** Makes the change with `key`; answers the resource the entry must name and its details. */
  change(bed: TestBed, key: string): Promise<{ resourceId: string; details: Json }>;
}

// SSO domains are verified by TXT records this DNS server answers (`HEARBACK_DNS_SERVERS`).
const dns = new TxtDnsServer();
const dnsServer = await dns.start();
afterAll(() => dns.close());

const SSO_SETTINGS = {
  issuer: 'https://login.example.com',
  clientId: 'audited-client',
  clientSecret: 'audited-client-secret',
  emailDomains: ['audited.example'],
  defaultRole: 'viewer',
};

describeEachDatabase(
  'Audit log',
  (bed, dialect) => {
    // Each database verifies its own domain (a verified domain belongs to one organization).
    const dialectTag = () => `verified-${dialect}`;
    const orgId = () => bed().orgA.organization.id;
    const org = (path = '') => `/organizations/${orgId()}${path}`;
    const logPath = (query = '') => org(`/audit-log${query}`);
    // A key of its own makes every audited change: entries name it, and nothing else writes as it.
    let auditor: { id: string; secret: string };

    beforeAll(async () => {
      const key = await createKey(bed(), bed().orgA, { name: 'Auditor', scopes: ['read', 'write', 'forms'] });
      auditor = { id: key.id, secret: key.secret };
      // The instance's first user: its administrator, owner of org A (made before anyone signed up).
      person = await operatorOf(bed());
    });

    async function entries(query = '?limit=200'): Promise<Json[]> {
      return (await expectJson(await bed().request(logPath(query), { key: bed().orgA.adminKey }), 200)).data;
    }

    /** The entries written while `work` ran (the log is newest first; ids sort by time). */
    async function writtenDuring(work: () => Promise<unknown>): Promise<Json[]> {
      const newestBefore = (await entries('?limit=1'))[0]?.id ?? '';
      await work();
      return (await entries()).filter((entry) => entry.id > newestBefore);
    }

    async function send(key: string, method: string, path: string, json?: unknown, status = 200): Promise<Json> {
      return expectJson(await bed().request(org(path), { method, key, json }), status);
    }

    async function feedbackItem(): Promise<string> {
      const [id] = await collectComments(bed(), bed().orgA, [`audited ${distinctive('comment')}`]);
      return id as string;
    }

    async function draftPage(key: string): Promise<Json> {
      return send(
        key,
        'POST',
        '/feedback-pages',
        { title: 'Audited page', questions: [{ type: 'nps', title: 'Likely?' }] },
        201,
      );
    }

    const CHANGES: AuditedChange[] = [
      {
        action: 'organization.updated',
        async change(_bed, key) {
          await send(key, 'PATCH', '', { name: 'Org A (audited)' });
          return { resourceId: orgId(), details: { changed: ['name'] } };
        },
      },
      {
        action: 'api_key.created',
        async change(_bed, key) {
          const created = await send(key, 'POST', '/api-keys', { name: 'Made', scopes: ['read'] }, 201);
          return {
            resourceId: created.id,
            details: { name: 'Made', scopes: ['read'], brandId: null, expiresAt: null },
          };
        },
      },
      {
        action: 'api_key.updated',
        async change(b, key) {
          const made = await createKey(b, b.orgA, { scopes: ['read'] });
          await send(key, 'PATCH', `/api-keys/${made.id}`, { name: 'Renamed' });
          return { resourceId: made.id, details: { changed: ['name'] } };
        },
      },
      {
        action: 'api_key.revoked',
        async change(b, key) {
          const made = await createKey(b, b.orgA, { scopes: ['read'] });
          await send(key, 'POST', `/api-keys/${made.id}/revoke`);
          return { resourceId: made.id, details: {} };
        },
      },
      {
        action: 'inbox.created',
        async change(_bed, key) {
          const inbox = await send(key, 'POST', '/inboxes', { name: 'Audited inbox' }, 201);
          return { resourceId: inbox.id, details: { name: 'Audited inbox', brandId: null } };
        },
      },
      {
        action: 'inbox.updated',
        async change(b, key) {
          const inbox = await createInbox(b, b.orgA);
          await send(key, 'PATCH', `/inboxes/${inbox.id}`, { name: 'Renamed inbox' });
          return { resourceId: inbox.id, details: { changed: ['name'] } };
        },
      },
      {
        action: 'inbox.deleted',
        async change(b, key) {
          const inbox = await createInbox(b, b.orgA);
          await send(key, 'DELETE', `/inboxes/${inbox.id}`);
          return { resourceId: inbox.id, details: { feedbackDeleted: 0 } };
        },
      },
      {
        action: 'brand.created',
        async change(_bed, key) {
          const brand = await send(key, 'POST', '/brands', { name: 'Audited brand' }, 201);
          return { resourceId: brand.id, details: { name: 'Audited brand' } };
        },
      },
      {
        action: 'brand.updated',
        async change(b, key) {
          const brand = await createBrand(b, b.orgA, 'Brand to rename');
          await send(key, 'PATCH', `/brands/${brand.id}`, { name: 'Renamed brand' });
          return { resourceId: brand.id, details: { changed: ['name'] } };
        },
      },
      {
        action: 'brand.deleted',
        async change(b, key) {
          const brand = await createBrand(b, b.orgA, 'Brand to delete');
          await send(key, 'DELETE', `/brands/${brand.id}`);
          return { resourceId: brand.id, details: { apiKeysDeleted: 0 } };
        },
      },
      {
        action: 'automation.created',
        async change(_bed, key) {
          const automation = await send(key, 'POST', '/automations', automationInput(), 201);
          return { resourceId: automation.id, details: { name: 'Detractors to Slack', events: ['feedback.created'] } };
        },
      },
      {
        action: 'automation.updated',
        async change(_bed, key) {
          const automation = await send(bed().orgA.adminKey, 'POST', '/automations', automationInput(), 201);
          await send(key, 'PATCH', `/automations/${automation.id}`, {
            enabled: false,
            webhook: { url: 'https://hooks.example.com/other', headers: { 'X-Token': 'abc' } },
          });
          return {
            resourceId: automation.id,
            details: { changed: ['enabled', 'webhook.url', 'webhook.headers'] },
          };
        },
      },
      {
        action: 'automation.deleted',
        async change(_bed, key) {
          const automation = await send(bed().orgA.adminKey, 'POST', '/automations', automationInput(), 201);
          await send(key, 'DELETE', `/automations/${automation.id}`);
          return { resourceId: automation.id, details: { name: 'Detractors to Slack' } };
        },
      },
      {
        action: 'automation.signing_secret_rotated',
        async change(_bed, key) {
          const automation = await send(bed().orgA.adminKey, 'POST', '/automations', automationInput(), 201);
          await send(key, 'POST', `/automations/${automation.id}/rotate-signing-secret`);
          return { resourceId: automation.id, details: {} };
        },
      },
      {
        action: 'secret.created',
        async change(_bed, key) {
          await send(key, 'POST', '/secrets', { name: 'AUDITED_NEW', value: 'v1' }, 201);
          return { resourceId: 'AUDITED_NEW', details: {} };
        },
      },
      {
        action: 'secret.updated',
        async change(_bed, key) {
          await send(bed().orgA.adminKey, 'POST', '/secrets', { name: 'AUDITED_PUT', value: 'v1' }, 201);
          await send(key, 'PUT', '/secrets/AUDITED_PUT', { value: 'v2' });
          return { resourceId: 'AUDITED_PUT', details: {} };
        },
      },
      {
        action: 'secret.deleted',
        async change(_bed, key) {
          await send(bed().orgA.adminKey, 'POST', '/secrets', { name: 'AUDITED_GONE', value: 'v1' }, 201);
          expect((await bed().request(org('/secrets/AUDITED_GONE'), { method: 'DELETE', key })).status).toBe(204);
          return { resourceId: 'AUDITED_GONE', details: {} };
        },
      },
      {
        action: 'feedback_page.created',
        async change(_bed, key) {
          const page = await draftPage(key);
          return { resourceId: page.id, details: { title: 'Audited page', slug: page.slug } };
        },
      },
      {
        action: 'feedback_page.updated',
        async change(_bed, key) {
          const page = await draftPage(bed().orgA.adminKey);
          await send(key, 'PATCH', `/feedback-pages/${page.id}`, { title: 'Retitled' });
          return { resourceId: page.id, details: { changed: ['title'] } };
        },
      },
      {
        action: 'feedback_page.published',
        async change(_bed, key) {
          const page = await draftPage(bed().orgA.adminKey);
          await send(key, 'POST', `/feedback-pages/${page.id}/publish`);
          return { resourceId: page.id, details: { from: 'draft', to: 'published' } };
        },
      },
      {
        action: 'feedback_page.closed',
        async change(_bed, key) {
          const page = await draftPage(bed().orgA.adminKey);
          await send(bed().orgA.adminKey, 'POST', `/feedback-pages/${page.id}/publish`);
          await send(key, 'POST', `/feedback-pages/${page.id}/close`);
          return { resourceId: page.id, details: { from: 'published', to: 'closed' } };
        },
      },
      {
        action: 'feedback_page.reopened',
        async change(_bed, key) {
          const page = await draftPage(bed().orgA.adminKey);
          await send(bed().orgA.adminKey, 'POST', `/feedback-pages/${page.id}/publish`);
          await send(bed().orgA.adminKey, 'POST', `/feedback-pages/${page.id}/close`);
          await send(key, 'POST', `/feedback-pages/${page.id}/reopen`);
          return { resourceId: page.id, details: { from: 'closed', to: 'published' } };
        },
      },
      {
        action: 'feedback_page.deleted',
        async change(_bed, key) {
          const page = await draftPage(bed().orgA.adminKey);
          await send(key, 'DELETE', `/feedback-pages/${page.id}`);
          return { resourceId: page.id, details: {} };
        },
      },
      {
        action: 'page_response.deleted',
        async change(_bed, key) {
          const page = await draftPage(bed().orgA.adminKey);
          await send(bed().orgA.adminKey, 'POST', `/feedback-pages/${page.id}/publish`);
          const questionId = (page.questions as { id: string }[])[0]?.id as string;
          const response = await send(
            bed().orgA.collectKey,
            'POST',
            `/feedback-pages/${page.id}/responses`,
            { answers: { [questionId]: 7 } },
            201,
          );
          await send(key, 'DELETE', `/feedback-pages/${page.id}/responses/${response.id}`);
          return { resourceId: response.id as string, details: { pageId: page.id } };
        },
      },
      {
        action: 'feedback.updated',
        async change(_bed, key) {
          const id = await feedbackItem();
          await send(key, 'PATCH', `/feedback/${id}`, { status: 'resolved' });
          return { resourceId: id, details: { changed: ['status'], status: { from: 'new', to: 'resolved' } } };
        },
      },
      {
        action: 'feedback.deleted',
        async change(_bed, key) {
          const id = await feedbackItem();
          await send(bed().orgA.adminKey, 'POST', `/feedback/${id}/notes`, { body: 'Spam' }, 201);
          await send(key, 'DELETE', `/feedback/${id}`);
          return { resourceId: id, details: { inboxId: bed().orgA.inbox.id, notesDeleted: 1 } };
        },
      },
      {
        action: 'note.created',
        async change(_bed, key) {
          const feedbackId = await feedbackItem();
          const note = await send(key, 'POST', `/feedback/${feedbackId}/notes`, { body: 'Seen it' }, 201);
          return { resourceId: note.id, details: { feedbackId } };
        },
      },
      {
        action: 'note.updated',
        async change(_bed, key) {
          const feedbackId = await feedbackItem();
          const note = await send(bed().orgA.adminKey, 'POST', `/feedback/${feedbackId}/notes`, { body: 'a' }, 201);
          await send(key, 'PATCH', `/feedback/${feedbackId}/notes/${note.id}`, { body: 'b' });
          return { resourceId: note.id, details: { feedbackId, changed: ['body'] } };
        },
      },
      {
        action: 'note.deleted',
        async change(_bed, key) {
          const feedbackId = await feedbackItem();
          const note = await send(bed().orgA.adminKey, 'POST', `/feedback/${feedbackId}/notes`, { body: 'a' }, 201);
          const response = await bed().request(org(`/feedback/${feedbackId}/notes/${note.id}`), {
            method: 'DELETE',
            key,
          });
          expect(response.status).toBe(204);
          return { resourceId: note.id, details: { feedbackId } };
        },
      },
      {
        action: 'view.created',
        async change(_bed, key) {
          const view = await send(key, 'POST', '/views', { name: 'Audited view', filters: { status: 'new' } }, 201);
          return { resourceId: view.id, details: { name: 'Audited view' } };
        },
      },
      {
        action: 'view.updated',
        async change(_bed, key) {
          const view = await send(bed().orgA.adminKey, 'POST', '/views', { name: 'View 2', filters: {} }, 201);
          await send(key, 'PATCH', `/views/${view.id}`, { filters: { type: 'nps' } });
          return { resourceId: view.id, details: { changed: ['filters'] } };
        },
      },
      {
        action: 'view.deleted',
        async change(_bed, key) {
          const view = await send(bed().orgA.adminKey, 'POST', '/views', { name: 'View 3', filters: {} }, 201);
          await send(key, 'DELETE', `/views/${view.id}`);
          return { resourceId: view.id, details: { name: 'View 3' } };
        },
      },
    ];

    // Changes only people make, by a signed-in owner of org A who is also the instance's
    // administrator (its first user); the last hands org A over, so it comes last.
    let person: TestUser;
    const asPerson = (method: string, path: string, json?: unknown) =>
      bed().request(path, { method, session: person.session, json });
    async function invited(role: 'member' | 'viewer' = 'member'): Promise<TestUser> {
      return memberWithRole(bed(), bed().orgA, role);
    }
    let joinedViewer: TestUser | undefined;
    const MEMBER_CHANGES: {
      action: AuditAction;
      change(): Promise<{ resourceId: string; details: Json; orgId?: string; actor?: TestUser }>;
    }[] = [
      {
        action: 'organization.created',
        async change() {
          const created = await expectJson(await asPerson('POST', '/organizations', { name: 'Audited Co' }), 201);
          const id = created.organization.id as string;
          return { resourceId: id, details: { name: 'Audited Co' }, orgId: id };
        },
      },
      {
        action: 'organization.plan_changed',
        async change() {
          await expectJson(await asPerson('PATCH', org('/plan'), { plan: 'team' }), 200);
          return { resourceId: orgId(), details: { from: 'enterprise', to: 'team' } };
        },
      },
      {
        action: 'user.signed_in',
        async change() {
          person.session = await signIn(bed(), person.email, person.password);
          return { resourceId: person.userId, details: {} };
        },
      },
      {
        action: 'invite.created',
        async change() {
          const issued = await expectJson(
            await asPerson('POST', org('/invites'), { email: 'Audited@Example.com', role: 'viewer' }),
            201,
          );
          return { resourceId: issued.invite.id, details: { email: 'audited@example.com', role: 'viewer' } };
        },
      },
      {
        action: 'invite.resent',
        async change() {
          const issued = await expectJson(
            await asPerson('POST', org('/invites'), { email: 'resent@example.com', role: 'member' }),
            201,
          );
          await expectJson(await asPerson('POST', org(`/invites/${issued.invite.id}/resend`)), 200);
          return { resourceId: issued.invite.id, details: { email: 'resent@example.com' } };
        },
      },
      {
        action: 'invite.revoked',
        async change() {
          const issued = await expectJson(
            await asPerson('POST', org('/invites'), { email: 'revoked@example.com', role: 'member' }),
            201,
          );
          await expectJson(await asPerson('DELETE', org(`/invites/${issued.invite.id}`)), 200);
          return { resourceId: issued.invite.id, details: { email: 'revoked@example.com' } };
        },
      },
      {
        action: 'member.joined',
        async change() {
          const joined = await invited('viewer');
          joinedViewer = joined;
          return {
            resourceId: joined.userId,
            details: { role: 'viewer', inviteId: expect.any(String) },
            actor: joined,
          };
        },
      },
      {
        action: 'member.role_changed',
        async change() {
          const member = await invited('viewer');
          await expectJson(await asPerson('PATCH', org(`/members/${member.userId}`), { role: 'member' }), 200);
          return { resourceId: member.userId, details: { from: 'viewer', to: 'member' } };
        },
      },
      {
        action: 'member.removed',
        async change() {
          const member = await invited('member');
          await expectJson(await asPerson('DELETE', org(`/members/${member.userId}`)), 200);
          return { resourceId: member.userId, details: { role: 'member' } };
        },
      },
      {
        action: 'member.left',
        async change() {
          // The viewer who joined above (one sign-up fewer: sign-ups are rate-limited per address).
          const member = joinedViewer ?? (await invited('viewer'));
          await expectJson(await bed().request(org('/leave'), { method: 'POST', session: member.session }), 200);
          return { resourceId: member.userId, details: { role: 'viewer' }, actor: member };
        },
      },
      {
        action: 'sso.configured',
        async change() {
          const id = (await expectJson(await asPerson('POST', '/organizations', { name: 'SSO Co' }), 201)).organization
            .id as string;
          await expectJson(await asPerson('PUT', `/organizations/${id}/sso`, SSO_SETTINGS), 200);
          const { clientSecret: _, ...details } = SSO_SETTINGS;
          return { resourceId: id, details, orgId: id };
        },
      },
      {
        action: 'sso.updated',
        async change() {
          const id = (await expectJson(await asPerson('POST', '/organizations', { name: 'SSO Co 2' }), 201))
            .organization.id as string;
          await expectJson(await asPerson('PUT', `/organizations/${id}/sso`, SSO_SETTINGS), 200);
          await expectJson(
            await asPerson('PUT', `/organizations/${id}/sso`, { ...SSO_SETTINGS, defaultRole: 'member' }),
            200,
          );
          const { clientSecret: _, ...details } = SSO_SETTINGS;
          return { resourceId: id, details: { ...details, defaultRole: 'member' }, orgId: id };
        },
      },
      {
        action: 'sso.domain_verified',
        async change() {
          const id = (await expectJson(await asPerson('POST', '/organizations', { name: 'SSO Co 3' }), 201))
            .organization.id as string;
          const sso = await expectJson(
            await asPerson('PUT', `/organizations/${id}/sso`, {
              ...SSO_SETTINGS,
              emailDomains: [`${dialectTag()}.example`],
            }),
            200,
          );
          dns.publish(sso.emailDomains[0].record.name, sso.emailDomains[0].record.value);
          await expectJson(
            await asPerson('POST', `/organizations/${id}/sso/domains/${dialectTag()}.example/verify`),
            200,
          );
          return { resourceId: id, details: { domain: `${dialectTag()}.example` }, orgId: id };
        },
      },
      {
        action: 'sso.deleted',
        async change() {
          const id = (await expectJson(await asPerson('POST', '/organizations', { name: 'SSO Co 4' }), 201))
            .organization.id as string;
          await expectJson(await asPerson('PUT', `/organizations/${id}/sso`, SSO_SETTINGS), 200);
          await expectJson(await asPerson('DELETE', `/organizations/${id}/sso`), 200);
          return { resourceId: id, details: {}, orgId: id };
        },
      },
      {
        action: 'organization.ownership_transferred',
        async change() {
          const member = await invited('member');
          await expectJson(await asPerson('POST', org('/transfer-ownership'), { userId: member.userId }), 200);
          return { resourceId: orgId(), details: { from: person.userId, to: member.userId } };
        },
      },
    ];

    describe('one entry per change, naming who, what and which', () => {
      it('covers every action of the log', () => {
        const actions = [...CHANGES, ...MEMBER_CHANGES].map((change) => change.action);
        expect(actions.sort()).toEqual([...AUDIT_ACTIONS].sort());
      });

      describe('made by a signed-in person', () => {
        it.each(MEMBER_CHANGES)('$action', async ({ action, change }) => {
          let expected: Awaited<ReturnType<typeof change>> | undefined;
          const before = await entries('?limit=1');
          expected = await change();
          const logOrg = expected.orgId ?? orgId();
          const log = await expectJson(
            await bed().request(`/organizations/${logOrg}/audit-log?limit=200`, { session: person.session }),
            200,
          );
          const newest = before[0]?.id ?? '';
          const actor = expected.actor ?? person;
          const written = (log.data as Json[]).filter(
            (entry) => (expected?.orgId !== undefined || entry.id > newest) && entry.action === action,
          );
          expect(written).toEqual([
            {
              id: expect.stringMatching(/^aud_[0-9a-z]{26}$/),
              at: expect.any(String),
              actor: { type: 'user', id: actor.userId, name: actor.email.split('@')[0] },
              action,
              resource: { type: action.slice(0, action.indexOf('.')), id: expected.resourceId },
              details: expected.details,
            },
          ]);
        });
      });

      it.each(CHANGES)('$action', async ({ action, change }) => {
        let expected: { resourceId: string; details: Json } | undefined;
        const written = await writtenDuring(async () => {
          expected = await change(bed(), auditor.secret);
        });
        const byAuditor = written.filter((entry) => entry.actor.id === auditor.id);
        expect(byAuditor).toEqual([
          {
            id: expect.stringMatching(/^aud_[0-9a-z]{26}$/),
            at: expect.any(String),
            actor: { type: 'api_key', id: auditor.id, name: 'Auditor' },
            action,
            resource: { type: action.slice(0, action.indexOf('.')), id: expected?.resourceId },
            details: expected?.details,
          },
        ]);
      });

      it('a REST hook is an automation: subscribing and unsubscribing are automation.created and .deleted', async () => {
        let hookId = '';
        const subscribed = await writtenDuring(async () => {
          hookId = (
            await send(
              auditor.secret,
              'POST',
              '/hooks',
              { event: 'feedback.created', targetUrl: 'https://hooks.example.com/zap' },
              201,
            )
          ).id;
        });
        expect(subscribed).toMatchObject([
          {
            action: 'automation.created',
            resource: { type: 'automation', id: hookId },
            details: { kind: 'rest_hook', events: ['feedback.created'] },
          },
        ]);
        const unsubscribed = await writtenDuring(async () => {
          expect((await bed().request(org(`/hooks/${hookId}`), { method: 'DELETE', key: auditor.secret })).status).toBe(
            204,
          );
        });
        expect(unsubscribed).toMatchObject([{ action: 'automation.deleted', resource: { id: hookId } }]);
      });
    });

    it('a write replayed by its Idempotency-Key is one change: one entry', async () => {
      const written = await writtenDuring(async () => {
        for (let attempt = 0; attempt < 2; attempt += 1) {
          const response = await bed().request(org('/brands'), {
            method: 'POST',
            key: auditor.secret,
            json: { name: 'Replayed brand' },
            headers: { 'idempotency-key': 'audit-replay-1' },
          });
          expect(response.status).toBe(201);
        }
      });
      expect(written.map((entry) => entry.action)).toEqual(['brand.created']);
    });

    describe('a refused change leaves no entry', () => {
      /** Each case prepares what it needs (which may be audited), then answers the refused request. */
      const refusals: { case: string; status: number; prepare(key: string): Promise<() => Promise<Response>> }[] = [
        {
          case: 'an invalid inbox name',
          status: 400,
          prepare: async (key) => () => bed().request(org('/inboxes'), { method: 'POST', key, json: { name: '' } }),
        },
        {
          case: 'an issue link of no known tracker',
          status: 400,
          prepare: async (key) => {
            const id = await feedbackItem();
            const json = { issueLink: { url: 'https://example.com/x' } };
            return () => bed().request(org(`/feedback/${id}`), { method: 'PATCH', key, json });
          },
        },
        {
          case: 'a key granting a scope it lacks',
          status: 403,
          prepare: async () => {
            const writer = await createKey(bed(), bed().orgA, { scopes: ['read', 'write'] });
            const json = { name: 'x', scopes: ['collect'] };
            return () => bed().request(org('/api-keys'), { method: 'POST', key: writer.secret, json });
          },
        },
        {
          case: 'a brand-scoped key deleting a brand',
          status: 403,
          prepare: async () => {
            const brand = await createBrand(bed(), bed().orgA, 'Refusing brand');
            const branded = await createKey(bed(), bed().orgA, { scopes: ['write'], brandId: brand.id });
            return () => bed().request(org(`/brands/${brand.id}`), { method: 'DELETE', key: branded.secret });
          },
        },
        {
          case: 'an unknown inbox',
          status: 404,
          prepare: async (key) => () =>
            bed().request(org('/inboxes/inb_01jd3x2k9v6c4h8m2n5p7q1r3s'), { method: 'DELETE', key }),
        },
        {
          case: 'an unknown note',
          status: 404,
          prepare: async (key) => {
            const id = await feedbackItem();
            return () =>
              bed().request(org(`/feedback/${id}/notes/note_01jd3x2k9v6c4h8m2n5p7q1r3s`), { method: 'DELETE', key });
          },
        },
        {
          case: 'a secret name taken',
          status: 409,
          prepare: async (key) => {
            await send(key, 'POST', '/secrets', { name: 'TAKEN_NAME', value: 'v' }, 201);
            return () =>
              bed().request(org('/secrets'), { method: 'POST', key, json: { name: 'TAKEN_NAME', value: 'w' } });
          },
        },
        {
          case: 'publishing a published page',
          status: 409,
          prepare: async (key) => {
            const page = await draftPage(key);
            await send(key, 'POST', `/feedback-pages/${page.id}/publish`);
            return () => bed().request(org(`/feedback-pages/${page.id}/publish`), { method: 'POST', key });
          },
        },
        {
          case: 'a view name taken',
          status: 409,
          prepare: async (key) => {
            await send(key, 'POST', '/views', { name: 'Named twice', filters: {} }, 201);
            const json = { name: 'Named twice', filters: {} };
            return () => bed().request(org('/views'), { method: 'POST', key, json });
          },
        },
        {
          case: 'renaming a view to a name taken',
          status: 409,
          prepare: async (key) => {
            await send(key, 'POST', '/views', { name: 'First name', filters: {} }, 201);
            const other = await send(key, 'POST', '/views', { name: 'Second name', filters: {} }, 201);
            const json = { name: 'First name' };
            return () => bed().request(org(`/views/${other.id}`), { method: 'PATCH', key, json });
          },
        },
      ];

      it.each(refusals)('$status: $case', async ({ status, prepare }) => {
        const refuse = await prepare(auditor.secret);
        const written = await writtenDuring(async () => {
          expect((await refuse()).status).toBe(status);
        });
        expect(written).toEqual([]);
      });
    });

    describe('reading the log', () => {
      it('pages by cursor, newest first, to the same entries as one long page', async () => {
        const all = await entries('?limit=200');
        expect(all.length).toBeGreaterThan(10);
        const walked: Json[] = [];
        let cursor: string | null = '';
        while (cursor !== null) {
          const page: Json = await expectJson(
            await bed().request(logPath(`?limit=7${cursor ? `&cursor=${cursor}` : ''}`), { key: bed().orgA.adminKey }),
            200,
          );
          walked.push(...page.data);
          cursor = page.nextCursor;
          if (walked.length > 200) break;
        }
        expect(walked.slice(0, all.length)).toEqual(all);
        const ids = walked.map((entry) => entry.id);
        expect(ids).toEqual([...ids].sort().reverse());
      });

      it('filters by action, actor, resource type and time', async () => {
        const all = await entries('?limit=200');
        const byAction = await entries('?limit=200&action=inbox.created');
        expect(byAction.length).toBeGreaterThan(0);
        expect(byAction).toEqual(all.filter((entry) => entry.action === 'inbox.created'));
        const byActor = await entries(`?limit=200&actorId=${auditor.id}`);
        expect(byActor).toEqual(all.filter((entry) => entry.actor.id === auditor.id));
        expect(byActor.length).toBeLessThan(all.length);
        const byType = await entries('?limit=200&resourceType=feedback_page');
        expect(new Set(byType.map((entry) => entry.action))).toEqual(
          new Set([
            'feedback_page.created',
            'feedback_page.updated',
            'feedback_page.published',
            'feedback_page.closed',
            'feedback_page.reopened',
            'feedback_page.deleted',
          ]),
        );
        const middle = all[Math.floor(all.length / 2)];
        const since = await entries(`?limit=200&from=${encodeURIComponent(middle.at)}`);
        expect(since).toEqual(all.filter((entry) => entry.at >= middle.at));
        const before = await entries(`?limit=200&to=${encodeURIComponent(middle.at)}`);
        expect(before).toEqual(all.filter((entry) => entry.at < middle.at));
        await expectProblem(
          await bed().request(logPath('?action=inbox.exploded'), { key: bed().orgA.adminKey }),
          400,
          'validation_failed',
        );
      });

      it('keeps the entries of a deleted resource', async () => {
        const inbox = await createInbox(bed(), bed().orgA, { name: 'Short-lived' });
        await send(bed().orgA.adminKey, 'DELETE', `/inboxes/${inbox.id}`);
        const about = (await entries('?limit=200&resourceType=inbox')).filter(
          (entry) => entry.resource.id === inbox.id,
        );
        expect(about.map((entry) => entry.action)).toEqual(['inbox.deleted', 'inbox.created']);
      });

      it("names a deleted brand's key as gone (null), still by its id", async () => {
        const brand = await createBrand(bed(), bed().orgA, 'Brand with a key');
        const branded = await createKey(bed(), bed().orgA, {
          name: 'Brand writer',
          scopes: ['write'],
          brandId: brand.id,
        });
        const view = await send(branded.secret, 'POST', '/views', { name: 'Brand view', filters: {} }, 201);
        const [before] = await entries(`?limit=1&actorId=${branded.id}`);
        expect(before).toMatchObject({ resource: { id: view.id }, actor: { id: branded.id, name: 'Brand writer' } });
        await send(bed().orgA.adminKey, 'DELETE', `/brands/${brand.id}`);
        const [after] = await entries(`?limit=1&actorId=${branded.id}`);
        expect(after).toMatchObject({
          resource: { id: view.id },
          actor: { type: 'api_key', id: branded.id, name: null },
        });
      });
    });

    describe('tenancy and access', () => {
      it("another organization's key gets 404, and its own log holds none of this one's entries", async () => {
        await expectProblem(await bed().request(logPath(), { key: bed().orgB.adminKey }), 404, 'not_found');
        await send(bed().orgB.adminKey, 'POST', '/inboxes', { name: 'x' }, 201).catch(() => undefined);
        const orgBLog = await expectJson(
          await bed().request(`/organizations/${bed().orgB.organization.id}/audit-log?limit=200`, {
            key: bed().orgB.adminKey,
          }),
          200,
        );
        const orgAIds = new Set((await entries()).map((entry) => entry.id));
        expect(orgBLog.data.filter((entry: Json) => orgAIds.has(entry.id))).toEqual([]);
        expect(orgBLog.data.every((entry: Json) => entry.actor.id !== auditor.id)).toBe(true);
      });

      it('a brand-scoped key gets 403 forbidden: the log covers every brand', async () => {
        const brand = await createBrand(bed(), bed().orgA, 'Brand reading the log');
        const branded = await createKey(bed(), bed().orgA, { scopes: ['read', 'write'], brandId: brand.id });
        await expectProblem(await bed().request(logPath(), { key: branded.secret }), 403, 'forbidden');
      });
    });

    it('no entry holds a secret value, an API key secret or a webhook header value', async () => {
      const secretValue = distinctive('secret-value');
      const headerValue = distinctive('header-value');
      await send(auditor.secret, 'POST', '/secrets', { name: 'NEVER_SHOWN', value: secretValue }, 201);
      await send(auditor.secret, 'PUT', '/secrets/NEVER_SHOWN', { value: `${secretValue}-2` });
      const automation = await send(
        auditor.secret,
        'POST',
        '/automations',
        automationInput({
          webhook: { url: 'https://hooks.example.com/a', headers: { Authorization: `Bearer ${headerValue}` } },
        }),
        201,
      );
      await send(auditor.secret, 'PATCH', `/automations/${automation.id}`, {
        webhook: { url: 'https://hooks.example.com/a', headers: { Authorization: `Bearer ${headerValue}-2` } },
      });
      const key = await send(auditor.secret, 'POST', '/api-keys', { name: 'Secret-bearing', scopes: ['read'] }, 201);
      const rows = await bed().runtime.database.db.selectFrom('audit_log').selectAll().execute();
      const stored = JSON.stringify(rows);
      const shown = JSON.stringify(await entries());
      for (const text of [stored, shown]) {
        expect(text).toContain('NEVER_SHOWN');
        expect(text).not.toContain(secretValue);
        expect(text).not.toContain(headerValue);
        expect(text).not.toContain(key.secret);
        expect(text).not.toContain(key.secret.slice(-32));
      }
    });

    describeScopeMatrix(bed, 'Audit log', [
      {
        operationId: 'listAuditLog',
        okStatus: 200,
        call: (b) => ({ method: 'GET', path: `/organizations/${b.orgA.organization.id}/audit-log` }),
      },
    ]);
  },
  { dnsServers: [dnsServer] },
);
