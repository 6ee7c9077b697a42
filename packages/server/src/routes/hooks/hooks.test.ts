import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createBrand,
  createKey,
  describeScopeMatrix,
  expectHiddenFromOrgB,
  expectJson,
  expectProblem,
  type Json,
} from '../../../test/support/api.js';
import { createInbox, errorPaths } from '../../../test/support/api-assertions.js';
import { describeEachDatabase, type TestBed } from '../../../test/support/harness.js';
import { newId } from '../../lib/ids.js';
import { openSigningSecret } from '../../secrets/sealed-values.js';
import type { BootstrappedOrganization } from '../../services/organizations.js';

const TARGET = 'https://hooks.zapier.com/hooks/standard/1/abc/';

describeEachDatabase('REST hooks API', (bed) => {
  const orgA = () => bed().orgA;
  const hooksPath = (org: BootstrappedOrganization = orgA()) => `/organizations/${org.organization.id}/hooks`;
  const subscribe = (json: unknown, key = orgA().adminKey, org = orgA()) =>
    bed().request(hooksPath(org), { method: 'POST', key, json });
  const unsubscribe = (id: string, key = orgA().adminKey, org = orgA()) =>
    bed().request(`${hooksPath(org)}/${id}`, { method: 'DELETE', key });
  const sample = (event: string | undefined, key = orgA().adminKey, org = orgA()) =>
    bed().request(`${hooksPath(org)}/sample${event === undefined ? '' : `?event=${encodeURIComponent(event)}`}`, {
      key,
    });

  const automationRows = (testBed: TestBed, orgId = orgA().organization.id) =>
    testBed.runtime.database.db.selectFrom('automations').selectAll().where('org_id', '=', orgId).execute();

  async function collect(org: BootstrappedOrganization, comment: string): Promise<string> {
    const response = await bed().request('/collect', {
      method: 'POST',
      key: org.collectKey,
      json: { inboxKey: org.inbox.inboxKey, type: 'stars', score: 4, comment },
    });
    return (await expectJson<{ id: string }>(response, 201)).id;
  }

  beforeEach(async () => {
    await bed().runtime.database.db.deleteFrom('automations').execute();
  });

  describe('subscribe', () => {
    it('answers 201 with the subscription and its signing secret, stored as an enabled rest_hook automation with the secret sealed', async () => {
      const hook = await expectJson(await subscribe({ event: 'feedback.created', targetUrl: TARGET }), 201);
      expect(hook).toEqual({
        id: expect.stringMatching(/^auto_[0-9a-z]{26}$/),
        orgId: orgA().organization.id,
        event: 'feedback.created',
        targetUrl: TARGET,
        createdAt: expect.any(String),
        signingSecret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{32}$/),
      });

      const [row, ...others] = await automationRows(bed());
      expect(others).toEqual([]);
      expect(row).toMatchObject({
        id: hook.id,
        org_id: orgA().organization.id,
        kind: 'rest_hook',
        name: 'REST hook (feedback.created)',
        events: '["feedback.created"]',
        filter: '{}',
        enabled: 1,
        url: TARGET,
        method: 'POST',
        headers: '{}',
        body_template: null,
        disabled_reason: null,
        created_at: hook.createdAt,
      });
      // Deliveries are signed like any automation's: the sealed secret opens for this row only.
      const secret = openSigningSecret(bed().runtime.secrets, hook.id, row?.sealed_signing_secret ?? '');
      expect(secret).toBe(hook.signingSecret);
      expect(row?.sealed_signing_secret).not.toContain(secret.slice('whsec_'.length));
    });

    it('accepts every event of the registry and http:// targets (a receiver on the same host)', async () => {
      for (const event of ['feedback.created', 'feedback.updated', 'page_response.created']) {
        await expectJson(await subscribe({ event, targetUrl: 'http://127.0.0.1:9999/hook?x=1' }), 201);
      }
      expect((await automationRows(bed())).map((row) => row.events).sort()).toEqual([
        '["feedback.created"]',
        '["feedback.updated"]',
        '["page_response.created"]',
      ]);
    });

    it('is also served under /v1', async () => {
      const response = await bed().request(`/v1${hooksPath()}`, {
        method: 'POST',
        key: orgA().adminKey,
        json: { event: 'feedback.updated', targetUrl: TARGET },
      });
      expect((await expectJson(response, 201)).event).toBe('feedback.updated');
    });

    it.each([
      ['no body members', {}, ['event', 'targetUrl']],
      ['an unknown event', { event: 'feedback.deleted', targetUrl: TARGET }, ['event']],
      ['a relative URL', { event: 'feedback.created', targetUrl: '/hooks/1' }, ['targetUrl']],
      ['an ftp URL', { event: 'feedback.created', targetUrl: 'ftp://example.com/hook' }, ['targetUrl']],
      ['a javascript: URL', { event: 'feedback.created', targetUrl: 'javascript:alert(1)' }, ['targetUrl']],
      [
        'a placeholder in the URL',
        { event: 'feedback.created', targetUrl: 'https://hooks.example.com/h?x={{secrets.TOKEN}}' },
        ['targetUrl'],
      ],
      [
        'a URL over 2,048 characters (the limit of every webhook URL)',
        { event: 'feedback.created', targetUrl: `${TARGET}${'a'.repeat(2049 - TARGET.length)}` },
        ['targetUrl'],
      ],
      [
        'credentials in the URL, as for an automation',
        { event: 'feedback.created', targetUrl: 'https://user:pass@hooks.example.com/h' },
        ['targetUrl'],
      ],
      ['a space in the URL', { event: 'feedback.created', targetUrl: 'https://hooks.example.com/a b' }, ['targetUrl']],
      ['an unknown member', { event: 'feedback.created', targetUrl: TARGET, secret: 'x' }, ['secret']],
    ])('refuses %s with 400 naming the field, storing nothing', async (_label, json, paths) => {
      const problem = await expectProblem(await subscribe(json), 400, 'validation_failed');
      expect(errorPaths(problem).sort()).toEqual(paths);
      expect(await automationRows(bed())).toEqual([]);
    });
  });

  describe('unsubscribe', () => {
    it('answers 204 and removes the hook; a second time answers 404', async () => {
      const keep = await expectJson(await subscribe({ event: 'feedback.created', targetUrl: `${TARGET}keep` }), 201);
      const drop = await expectJson(await subscribe({ event: 'feedback.created', targetUrl: TARGET }), 201);

      const response = await unsubscribe(drop.id);
      expect(response.status).toBe(204);
      expect(await response.text()).toBe('');
      expect((await automationRows(bed())).map((row) => row.id)).toEqual([keep.id]);

      await expectProblem(await unsubscribe(drop.id), 404, 'not_found');
    });

    it('answers 404 for an automation that is not a REST hook, and leaves it alone', async () => {
      const hook = await expectJson(await subscribe({ event: 'feedback.created', targetUrl: TARGET }), 201);
      const automationId = newId('automation');
      const [row] = await automationRows(bed());
      await bed()
        .runtime.database.db.insertInto('automations')
        .values({ ...(row as NonNullable<typeof row>), id: automationId, kind: 'automation', name: 'Slack' })
        .execute();

      await expectProblem(await unsubscribe(automationId), 404, 'not_found');
      expect((await automationRows(bed())).map((stored) => stored.id).sort()).toEqual([hook.id, automationId].sort());
    });

    it('answers 404 for an unknown id', async () => {
      await expectProblem(await unsubscribe('auto_00000000000000000000000000'), 404, 'not_found');
    });
  });

  describe('sample', () => {
    it('answers the 3 most recent feedback items, newest first, exactly as the API returns them', async () => {
      const ids: string[] = [];
      for (const comment of ['one', 'two', 'three', 'four']) ids.push(await collect(orgA(), comment));
      const expected: Json[] = [];
      for (const id of ids.slice(1).reverse()) {
        expected.push(
          await expectJson(
            await bed().request(`/organizations/${orgA().organization.id}/feedback/${id}`, { key: orgA().adminKey }),
            200,
          ),
        );
      }

      for (const event of ['feedback.created', 'feedback.updated']) {
        const body = await expectJson(await sample(event), 200);
        expect(body).toEqual({ data: expected });
      }
    });

    it('answers the newest page responses for page_response.created, as the API returns them', async () => {
      const org = await bed().runtime.services.organizations.bootstrap({ name: 'Sampled pages' });
      await collect(org, 'not a page response');
      expect(await expectJson(await sample('page_response.created', org.adminKey, org), 200)).toEqual({ data: [] });
      const pages = `/organizations/${org.organization.id}/feedback-pages`;
      const page = await expectJson(
        await bed().request(pages, {
          method: 'POST',
          key: org.adminKey,
          json: { title: 'Sampled', questions: [{ id: 'score', type: 'nps', title: 'Recommend?' }] },
        }),
        201,
      );
      await bed().request(`${pages}/${page.id}/publish`, { method: 'POST', key: org.adminKey });
      const responses: Json[] = [];
      for (const score of [1, 2, 3, 4]) {
        const submitted = await bed().request(`${pages}/${page.id}/responses`, {
          method: 'POST',
          key: org.adminKey,
          json: { answers: { score } },
        });
        responses.push(await expectJson(submitted, 201));
      }
      expect(await expectJson(await sample('page_response.created', org.adminKey, org), 200)).toEqual({
        data: responses.slice(1).reverse(),
      });
    });

    it('refuses a missing or unknown event with 400 naming it', async () => {
      for (const event of [undefined, 'feedback', 'FEEDBACK.CREATED']) {
        const problem = await expectProblem(await sample(event), 400, 'validation_failed');
        expect(errorPaths(problem)).toEqual(['event']);
      }
    });
  });

  describe('brand-scoped keys', () => {
    let brandKey: string;
    beforeAll(async () => {
      const brand = await createBrand(bed(), orgA(), 'Hooks brand');
      await createInbox(bed(), orgA(), { name: 'hooks brand inbox', brandId: brand.id });
      brandKey = (await createKey(bed(), orgA(), { scopes: ['read', 'write'], brandId: brand.id })).secret;
    });

    it('may not subscribe, unsubscribe or sample: a hook receives every event of the organization', async () => {
      const hook = await expectJson(await subscribe({ event: 'feedback.created', targetUrl: TARGET }), 201);
      await expectProblem(
        await subscribe({ event: 'feedback.created', targetUrl: TARGET }, brandKey),
        403,
        'forbidden',
      );
      await expectProblem(await unsubscribe(hook.id, brandKey), 403, 'forbidden');
      await expectProblem(await sample('feedback.created', brandKey), 403, 'forbidden');
      expect((await automationRows(bed())).map((row) => row.id)).toEqual([hook.id]);
    });
  });

  describe('tenancy', () => {
    it("answers org B's key on org A's paths with 404, revealing nothing", async () => {
      const hook = await expectJson(await subscribe({ event: 'feedback.created', targetUrl: TARGET }), 201);
      await expectHiddenFromOrgB(bed(), {
        method: 'POST',
        path: hooksPath(),
        json: { event: 'feedback.created', targetUrl: TARGET },
      });
      await expectHiddenFromOrgB(bed(), { method: 'DELETE', path: `${hooksPath()}/${hook.id}` });
      await expectHiddenFromOrgB(bed(), { method: 'GET', path: `${hooksPath()}/sample?event=feedback.created` });
      expect((await automationRows(bed())).map((row) => row.id)).toEqual([hook.id]);
    });

    it("answers org A's hook id on org B's own path with 404 and keeps the hook", async () => {
      const { orgB } = bed();
      const hook = await expectJson(await subscribe({ event: 'feedback.created', targetUrl: TARGET }), 201);
      await expectProblem(await unsubscribe(hook.id, orgB.adminKey, orgB), 404, 'not_found');
      expect((await automationRows(bed())).map((row) => row.id)).toEqual([hook.id]);
    });

    it("samples the caller's own organization only", async () => {
      const { orgB } = bed();
      await collect(orgA(), 'org A secret plans');
      const own = await collect(orgB, 'org B');
      const body = await expectJson(await sample('feedback.created', orgB.adminKey, orgB), 200);
      expect(body.data.map((item: Json) => item.id)).toEqual([own]);
    });
  });

  describeScopeMatrix(bed, 'REST hooks', [
    {
      operationId: 'subscribeRestHook',
      okStatus: 201,
      call: () => ({ method: 'POST', path: hooksPath(), json: { event: 'feedback.created', targetUrl: TARGET } }),
    },
    {
      operationId: 'getRestHookSample',
      okStatus: 200,
      call: () => ({ method: 'GET', path: `${hooksPath()}/sample?event=feedback.created` }),
    },
    {
      operationId: 'unsubscribeRestHook',
      okStatus: 204,
      call: async (testBed) => ({
        method: 'DELETE',
        path: `${hooksPath()}/${(await expectJson(await subscribe({ event: 'feedback.created', targetUrl: TARGET }, testBed.orgA.adminKey), 201)).id}`,
      }),
    },
  ]);

  describe('plans', () => {
    it('a starter organization cannot subscribe or sample (403 plan_upgrade_required), but can unsubscribe', async () => {
      const starter = await bed().runtime.services.organizations.bootstrap({ name: 'Starter hooks', plan: 'starter' });
      const refused = await subscribe(
        { event: 'feedback.created', targetUrl: 'https://hooks.example.com/catch/9' },
        starter.adminKey,
        starter,
      );
      expect(await expectProblem(refused, 403, 'plan_upgrade_required')).toMatchObject({ requiredPlan: 'team' });
      expect(await automationRows(bed(), starter.organization.id)).toEqual([]);
      await expectProblem(await sample('feedback.created', starter.adminKey, starter), 403, 'plan_upgrade_required');

      // Subscribed while on team, then moved down: the hook can still be removed.
      const team = await bed().runtime.services.organizations.bootstrap({ name: 'Team hooks', plan: 'team' });
      const hook = await expectJson<{ id: string }>(
        await subscribe(
          { event: 'feedback.created', targetUrl: 'https://hooks.example.com/catch/10' },
          team.adminKey,
          team,
        ),
        201,
      );
      await bed()
        .runtime.database.db.updateTable('organizations')
        .set({ plan: 'starter' })
        .where('id', '=', team.organization.id)
        .execute();
      expect((await unsubscribe(hook.id, team.adminKey, team)).status).toBe(204);
    });
  });
});
