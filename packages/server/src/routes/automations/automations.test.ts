import { describe, expect, it } from 'vitest';
import { createInbox, expectJson, expectProblem, type Json } from '../../../test/support/api.js';
import { automationInput } from '../../../test/support/automations.js';
import { describeEachDatabase } from '../../../test/support/harness.js';
import { openSigningSecret } from '../../secrets/sealed-values.js';

const UNKNOWN_AUTOMATION = 'auto_01jd3x2k9v6c4h8m2n5p7q1r3s';

describeEachDatabase('Automations', (bed) => {
  const orgA = () => bed().orgA;
  const path = () => `/organizations/${orgA().organization.id}/automations`;
  const create = async (overrides: Record<string, unknown> = {}) =>
    expectJson(
      await bed().request(path(), { method: 'POST', key: orgA().adminKey, json: automationInput(overrides) }),
      201,
    );
  const get = async (id: string) => expectJson(await bed().request(`${path()}/${id}`, { key: orgA().adminKey }), 200);
  const patch = (id: string, json: unknown) =>
    bed().request(`${path()}/${id}`, { method: 'PATCH', key: orgA().adminKey, json });

  describe('create, get, list, update, delete', () => {
    it('creates an automation with defaults and answers its signing secret once', async () => {
      const created = await create();
      expect(created).toMatchObject({
        id: expect.stringMatching(/^auto_[0-9a-z]{26}$/),
        orgId: orgA().organization.id,
        kind: 'automation',
        name: 'Detractors to Slack',
        events: ['feedback.created'],
        filter: {},
        enabled: true,
        disabledReason: null,
        failingSince: null,
        webhook: { url: 'https://hooks.example.com/hearback', method: 'POST', headers: {}, body: null },
        signingSecret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{32}$/),
      });
      const { signingSecret, ...shown } = created;
      expect(await get(created.id)).toEqual(shown);
      const listed = await expectJson(await bed().request(`${path()}?limit=200`, { key: orgA().adminKey }), 200);
      expect(listed.data).toContainEqual(shown);
      expect(JSON.stringify(listed)).not.toContain(signingSecret);
    });

    it('keeps every member it was given: filter, method, header and body templates, enabled', async () => {
      const inbox = await createInbox(bed(), orgA(), { name: 'Filtered inbox' });
      const webhook = {
        url: 'http://127.0.0.1:9/hook?x=1',
        method: 'PUT',
        headers: { Authorization: 'Bearer {{secrets.API_TOKEN}}', 'X-Kind': '{{ event.type }}' },
        body: { text: 'New feedback: {{feedback.comment}}', score: '{{feedback.score}}', tags: ['a', 1, null, true] },
      };
      const filter = { inboxId: inbox.id, type: 'nps', scoreMin: 0, scoreMax: 6, source: 'widget' };
      const created = await create({
        events: ['feedback.updated', 'feedback.created'],
        filter,
        enabled: false,
        webhook,
      });
      expect(created).toMatchObject({
        events: ['feedback.updated', 'feedback.created'],
        filter,
        enabled: false,
        webhook,
      });
      expect(await get(created.id)).toMatchObject({ filter, webhook, enabled: false });
    });

    it('the signing secret is sealed in the database, and opens to the one answered', async () => {
      const created = await create();
      const row = await bed()
        .runtime.database.db.selectFrom('automations')
        .selectAll()
        .where('id', '=', created.id)
        .executeTakeFirstOrThrow();
      expect(JSON.stringify(row)).not.toContain(created.signingSecret);
      expect(JSON.stringify(row)).not.toContain(created.signingSecret.slice('whsec_'.length));
      expect(openSigningSecret(bed().runtime.secrets, created.id, row.sealed_signing_secret)).toBe(
        created.signingSecret,
      );
    });

    it('rotates the signing secret: a new one answered once, the old one gone', async () => {
      const created = await create();
      const rotatePath = `${path()}/${created.id}/rotate-signing-secret`;
      const rotated = await expectJson(await bed().request(rotatePath, { method: 'POST', key: orgA().adminKey }), 200);
      expect(rotated.signingSecret).toMatch(/^whsec_/);
      expect(rotated.signingSecret).not.toBe(created.signingSecret);
      expect(rotated.id).toBe(created.id);
      const row = await bed()
        .runtime.database.db.selectFrom('automations')
        .select('sealed_signing_secret')
        .where('id', '=', created.id)
        .executeTakeFirstOrThrow();
      expect(openSigningSecret(bed().runtime.secrets, created.id, row.sealed_signing_secret)).toBe(
        rotated.signingSecret,
      );
      const shown = JSON.stringify([
        await get(created.id),
        await expectJson(await bed().request(`${path()}?limit=200`, { key: orgA().adminKey }), 200),
      ]);
      expect(shown).not.toContain(created.signingSecret);
      expect(shown).not.toContain(rotated.signingSecret);
    });

    it('changes only the members a PATCH gives; webhook member by member', async () => {
      const created = await create({
        filter: { type: 'nps' },
        webhook: { url: 'https://a.example.com/', headers: { 'X-A': '1' }, body: { a: 1 } },
      });
      const renamed = await expectJson(await patch(created.id, { name: 'Renamed' }), 200);
      expect(renamed).toMatchObject({ name: 'Renamed', filter: { type: 'nps' }, events: created.events });
      expect(renamed.webhook).toEqual(created.webhook);
      expect(renamed.updatedAt >= created.updatedAt).toBe(true);

      const moved = await expectJson(await patch(created.id, { webhook: { url: 'https://b.example.com/x' } }), 200);
      expect(moved.webhook).toEqual({ ...created.webhook, url: 'https://b.example.com/x' });
      const plain = await expectJson(await patch(created.id, { webhook: { body: null }, filter: null }), 200);
      expect(plain).toMatchObject({ filter: {}, webhook: { url: 'https://b.example.com/x', body: null } });
      expect(await get(created.id)).toEqual(plain);
    });

    it('re-enabling clears the reason the server disabled it and the failure streak', async () => {
      const created = await create();
      // What the delivery pipeline writes when an endpoint answers 410 (see AUTOMATION_DISABLED_REASONS).
      await bed()
        .runtime.database.db.updateTable('automations')
        .set({ enabled: 0, disabled_reason: 'endpoint_gone', failing_since: '2026-11-20T10:00:00.000Z' })
        .where('id', '=', created.id)
        .execute();
      expect(await get(created.id)).toMatchObject({
        enabled: false,
        disabledReason: 'endpoint_gone',
        failingSince: '2026-11-20T10:00:00.000Z',
      });
      const renamed = await expectJson(await patch(created.id, { name: 'Still off' }), 200);
      expect(renamed).toMatchObject({ enabled: false, disabledReason: 'endpoint_gone' });
      const enabled = await expectJson(await patch(created.id, { enabled: true }), 200);
      expect(enabled).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
    });

    it('answers the reason as its code for automations an earlier build disabled with a sentence', async () => {
      const gone = await create();
      const failing = await create({ name: 'Failing' });
      const disable = (id: string, sentence: string) =>
        bed()
          .runtime.database.db.updateTable('automations')
          .set({ enabled: 0, disabled_reason: sentence })
          .where('id', '=', id)
          .execute();
      await disable(gone.id, 'The endpoint answered 410 Gone: it asked for no more deliveries.');
      await disable(failing.id, 'Every delivery has failed since 2026-11-01T10:00:00.000Z (last: HTTP 503).');
      expect(await get(gone.id)).toMatchObject({ enabled: false, disabledReason: 'endpoint_gone' });
      expect(await get(failing.id)).toMatchObject({ enabled: false, disabledReason: 'failing_for_5_days' });
    });

    it('a PATCH does not undo what the delivery pipeline wrote after the PATCH read the automation', async () => {
      const created = await create();
      const { store, database } = bed().runtime;
      const find = store.automations.find;
      // The pipeline disables the automation (410) between the PATCH's read and its write.
      store.automations.find = async (orgId, id) => {
        const read = await find(orgId, id);
        await database.db
          .updateTable('automations')
          .set({ enabled: 0, disabled_reason: 'endpoint_gone' })
          .where('id', '=', created.id)
          .execute();
        return read;
      };
      try {
        const renamed = await expectJson(await patch(created.id, { name: 'Renamed meanwhile' }), 200);
        expect(renamed).toMatchObject({ name: 'Renamed meanwhile', enabled: false, disabledReason: 'endpoint_gone' });
      } finally {
        store.automations.find = find;
      }
      expect(await get(created.id)).toMatchObject({ enabled: false, disabledReason: 'endpoint_gone' });
    });

    it('deletes an automation', async () => {
      const created = await create();
      expect(
        await expectJson(
          await bed().request(`${path()}/${created.id}`, { method: 'DELETE', key: orgA().adminKey }),
          200,
        ),
      ).toEqual({ id: created.id, deleted: true });
      await expectProblem(await bed().request(`${path()}/${created.id}`, { key: orgA().adminKey }), 404, 'not_found');
    });

    it('answers 404 for an unknown automation on every operation', async () => {
      const at = `${path()}/${UNKNOWN_AUTOMATION}`;
      const key = orgA().adminKey;
      await expectProblem(await bed().request(at, { key }), 404, 'not_found');
      await expectProblem(await patch(UNKNOWN_AUTOMATION, { name: 'x' }), 404, 'not_found');
      await expectProblem(await bed().request(at, { method: 'DELETE', key }), 404, 'not_found');
      await expectProblem(
        await bed().request(`${at}/rotate-signing-secret`, { method: 'POST', key }),
        404,
        'not_found',
      );
    });

    it('pages through automations with limit and cursor', async () => {
      const org = await bed().runtime.services.organizations.bootstrap({ name: 'Paged automations' });
      const orgPath = `/organizations/${org.organization.id}/automations`;
      const ids: string[] = [];
      for (const name of ['One', 'Two', 'Three']) {
        const response = await bed().request(orgPath, {
          method: 'POST',
          key: org.adminKey,
          json: automationInput({ name }),
        });
        ids.push((await expectJson(response, 201)).id);
      }
      const first = await expectJson(await bed().request(`${orgPath}?limit=2`, { key: org.adminKey }), 200);
      const second = await expectJson(
        await bed().request(`${orgPath}?limit=2&cursor=${first.nextCursor}`, { key: org.adminKey }),
        200,
      );
      expect([...first.data, ...second.data].map((automation: Json) => automation.id)).toEqual(ids);
      expect(second.nextCursor).toBeNull();
    });

    it('serves the same routes under /v1', async () => {
      const response = await bed().request(`/v1${path()}`, {
        method: 'POST',
        key: orgA().adminKey,
        json: automationInput(),
      });
      const created = await expectJson(response, 201);
      expect(
        (await expectJson(await bed().request(`/v1${path()}/${created.id}`, { key: orgA().adminKey }), 200)).id,
      ).toBe(created.id);
    });
  });

  describe('filter.inboxId', () => {
    it("answers 404 for an inbox that is not the organization's, and creates nothing", async () => {
      const before = await expectJson(await bed().request(`${path()}?limit=200`, { key: orgA().adminKey }), 200);
      for (const inboxId of [bed().orgB.inbox.id, 'inb_01jd3x2k9v6c4h8m2n5p7q1r3s']) {
        const response = await bed().request(path(), {
          method: 'POST',
          key: orgA().adminKey,
          json: automationInput({ filter: { inboxId } }),
        });
        const problem = await expectProblem(response, 404, 'not_found');
        expect(problem.detail).toContain(inboxId);
      }
      const after = await expectJson(await bed().request(`${path()}?limit=200`, { key: orgA().adminKey }), 200);
      expect(after.data).toEqual(before.data);
      const created = await create();
      await expectProblem(await patch(created.id, { filter: { inboxId: bed().orgB.inbox.id } }), 404, 'not_found');
      expect((await get(created.id)).filter).toEqual({});
    });
  });
});
