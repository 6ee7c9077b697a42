import { beforeAll, describe, expect, it } from 'vitest';
import { type CreatedInbox, createInbox, expectJson } from '../../../test/support/api-assertions.js';
import { describeEachDatabase, type TestBed } from '../../../test/support/harness.js';
import type { BootstrappedOrganization } from '../../services/organizations.js';

/** Every stored tag row of these items (any organization), as `id:tag`, sorted. */
async function tagRowsOf(bed: TestBed, ids: readonly string[]): Promise<string[]> {
  const rows = await bed.runtime.database.db
    .selectFrom('feedback_tags')
    .select(['feedback_id', 'tag'])
    .where('feedback_id', 'in', ids)
    .execute();
  return rows.map((row) => `${row.feedback_id}:${row.tag}`).sort();
}

async function collectInto(bed: TestBed, org: BootstrappedOrganization, inboxKey: string, comment: string) {
  const response = await bed.request('/collect', {
    method: 'POST',
    key: org.collectKey,
    json: { inboxKey, type: 'text', comment, context: { userId: `person of ${comment}` } },
  });
  return (await expectJson<{ id: string }>(response, 201)).id;
}

describeEachDatabase('feedback_tags storage', (bed) => {
  const tag = (org: BootstrappedOrganization, id: string, tags: string[]) =>
    bed().runtime.store.transaction((tx) =>
      tx.feedbackTags.replace(org.organization.id, id, tags, new Date().toISOString()),
    );

  describe('an item read with its tags', () => {
    let id: string;
    beforeAll(async () => {
      id = await collectInto(bed(), bed().orgA, bed().orgA.inbox.inboxKey, 'read with tags');
    });

    it('has none when new, then exactly the set last stored, sorted', async () => {
      const scope = { orgId: bed().orgA.organization.id, brandId: null };
      expect((await bed().runtime.store.feedback.find(scope, id))?.tags).toEqual([]);
      await tag(bed().orgA, id, ['onboarding', 'billing']);
      expect((await bed().runtime.store.feedback.find(scope, id))?.tags).toEqual(['billing', 'onboarding']);
      await tag(bed().orgA, id, ['bug', 'billing']);
      expect((await bed().runtime.store.feedback.find(scope, id))?.tags).toEqual(['billing', 'bug']);
      await tag(bed().orgA, id, []);
      expect((await bed().runtime.store.feedback.find(scope, id))?.tags).toEqual([]);
    });
  });

  describe('deletions take the tags with the items', () => {
    it('deleting one item', async () => {
      const id = await collectInto(bed(), bed().orgA, bed().orgA.inbox.inboxKey, 'deleted alone');
      await tag(bed().orgA, id, ['billing', 'bug']);
      expect(await tagRowsOf(bed(), [id])).toEqual([`${id}:billing`, `${id}:bug`]);
      const path = `/organizations/${bed().orgA.organization.id}/feedback/${id}`;
      await expectJson(await bed().request(path, { method: 'DELETE', key: bed().orgA.adminKey }), 200);
      expect(await tagRowsOf(bed(), [id])).toEqual([]);
    });

    it('deleting an inbox', async () => {
      const inbox: CreatedInbox = await createInbox(bed(), bed().orgA, { name: 'Tagged inbox' });
      const ids = [
        await collectInto(bed(), bed().orgA, inbox.inboxKey, 'inbox item 1'),
        await collectInto(bed(), bed().orgA, inbox.inboxKey, 'inbox item 2'),
      ];
      for (const id of ids) await tag(bed().orgA, id, ['billing']);
      expect(await tagRowsOf(bed(), ids)).toHaveLength(2);
      const path = `/organizations/${bed().orgA.organization.id}/inboxes/${inbox.id}`;
      await expectJson(await bed().request(path, { method: 'DELETE', key: bed().orgA.adminKey }), 200);
      expect(await tagRowsOf(bed(), ids)).toEqual([]);
    });

    it("erasing a person's feedback", async () => {
      const id = await collectInto(bed(), bed().orgA, bed().orgA.inbox.inboxKey, 'erased');
      const kept = await collectInto(bed(), bed().orgA, bed().orgA.inbox.inboxKey, 'kept');
      await tag(bed().orgA, id, ['billing']);
      await tag(bed().orgA, kept, ['billing']);
      const path = `/organizations/${bed().orgA.organization.id}/feedback/erase`;
      const json = { context: { userId: 'person of erased' } };
      expect(
        await expectJson(await bed().request(path, { method: 'POST', key: bed().orgA.adminKey, json }), 200),
      ).toEqual({ deleted: 1 });
      expect(await tagRowsOf(bed(), [id, kept])).toEqual([`${kept}:billing`]);
    });

    it('deleting an organization', async () => {
      const doomed = await bed().runtime.services.organizations.bootstrap({ name: 'Doomed' });
      const id = await collectInto(bed(), doomed, doomed.inbox.inboxKey, 'doomed item');
      await tag(doomed, id, ['billing', 'bug']);
      expect(await tagRowsOf(bed(), [id])).toHaveLength(2);
      await bed().runtime.store.transaction((tx) => tx.deletions.organization(doomed.organization.id));
      const left = await bed()
        .runtime.database.db.selectFrom('feedback_tags')
        .select('tag')
        .where('org_id', '=', doomed.organization.id)
        .execute();
      expect(left).toEqual([]);
    });
  });
});
