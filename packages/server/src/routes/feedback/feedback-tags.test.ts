import { beforeAll, describe, expect, it } from 'vitest';
import { createBrand } from '../../../test/support/api.js';
import {
  collectComments,
  createApiKey,
  createInbox,
  errorPaths,
  expectJson,
  expectProblem,
  type FeedbackItem,
  type Json,
  outboxEventsFor,
} from '../../../test/support/api-assertions.js';
import { describeEachDatabase } from '../../../test/support/harness.js';

/** Tags on feedback through `PATCH …/feedback/{id}`: what is stored, answered, recorded and refused. */
describeEachDatabase('feedback tags (PATCH, reads, activity, event)', (bed) => {
  const orgA = () => bed().orgA;
  const feedbackPath = (id: string, org = orgA().organization.id) => `/organizations/${org}/feedback/${id}`;
  const patch = (id: string, json: unknown, key = orgA().adminKey, org?: string) =>
    bed().request(feedbackPath(id, org), { method: 'PATCH', key, json });
  const get = async (id: string): Promise<FeedbackItem> =>
    expectJson(await bed().request(feedbackPath(id), { key: orgA().adminKey }), 200);
  const activityOf = async (id: string): Promise<Json[]> =>
    (
      await expectJson<{ data: Json[] }>(
        await bed().request(`${feedbackPath(id)}/activity`, { key: orgA().adminKey }),
        200,
      )
    ).data;

  describe('setting the whole set', () => {
    let id: string;
    beforeAll(async () => {
      [id] = (await collectComments(bed(), orgA(), ['Invoices show the wrong VAT'])) as [string];
    });

    it('answers the item with its tags normalized, without duplicates, sorted; every read carries them', async () => {
      const updated = await expectJson<FeedbackItem>(
        await patch(id, { tags: ['  Billing ', 'BUG', 'bug', 'Tax   Rules'] }),
        200,
      );
      expect(updated.tags).toEqual(['billing', 'bug', 'tax rules']);
      expect((await get(id)).tags).toEqual(['billing', 'bug', 'tax rules']);
      const list = await expectJson<{ data: FeedbackItem[] }>(
        await bed().request(`/organizations/${orgA().organization.id}/feedback?limit=200`, { key: orgA().adminKey }),
        200,
      );
      expect(list.data.find((item) => item.id === id)?.tags).toEqual(['billing', 'bug', 'tax rules']);
      // An item never tagged carries an empty set, not a missing member.
      expect(list.data.filter((item) => item.id !== id).every((item) => Array.isArray(item.tags))).toBe(true);
    });

    it('replaces the set, and [] clears it', async () => {
      expect((await expectJson<FeedbackItem>(await patch(id, { tags: ['onboarding', 'billing'] }), 200)).tags).toEqual([
        'billing',
        'onboarding',
      ]);
      expect((await expectJson<FeedbackItem>(await patch(id, { tags: [] }), 200)).tags).toEqual([]);
      expect((await get(id)).tags).toEqual([]);
    });

    it('takes ten distinct tags, counted once duplicates collapse', async () => {
      const ten = Array.from({ length: 10 }, (_, index) => `t${index}`);
      const answer = await expectJson<FeedbackItem>(await patch(id, { tags: [...ten, 'T0', ' t1 '] }), 200);
      expect(answer.tags).toEqual([...ten].sort());
      expect((await expectJson<FeedbackItem>(await patch(id, { tags: ['x'.repeat(32)] }), 200)).tags).toEqual([
        'x'.repeat(32),
      ]);
    });

    it('leaves the tags as they are when a triage change does not name them', async () => {
      await expectJson(await patch(id, { tags: ['billing'] }), 200);
      expect((await expectJson<FeedbackItem>(await patch(id, { status: 'triaged' }), 200)).tags).toEqual(['billing']);
    });
  });

  describe('the activity and the feedback.updated event', () => {
    let id: string;
    beforeAll(async () => {
      [id] = (await collectComments(bed(), orgA(), ['The onboarding email never came'])) as [string];
    });

    it('records each change of the set as tags_changed, from and to, as a status change is', async () => {
      await expectJson(await patch(id, { tags: ['Onboarding'] }), 200);
      await expectJson(await patch(id, { tags: ['onboarding', 'email'], status: 'triaged' }), 200);
      // The same set again is no change.
      await expectJson(await patch(id, { tags: ['email', 'onboarding'] }), 200);
      await expectJson(await patch(id, { tags: [] }), 200);
      const changes = (await activityOf(id)).map(({ kind, from, to }) => ({ kind, from, to }));
      expect(changes).toEqual([
        { kind: 'tags_changed', from: [], to: ['onboarding'] },
        { kind: 'status_changed', from: 'new', to: 'triaged' },
        { kind: 'tags_changed', from: ['onboarding'], to: ['email', 'onboarding'] },
        { kind: 'tags_changed', from: ['email', 'onboarding'], to: [] },
      ]);
    });

    it('sends the item with its tags in feedback.updated, as the API answers it', async () => {
      const answer = await expectJson<FeedbackItem>(await patch(id, { tags: ['email', 'Urgent'] }), 200);
      const events = await outboxEventsFor(bed(), id);
      expect(events[0]).toMatchObject({ type: 'feedback.created', data: { tags: [] } });
      const last = events.at(-1);
      expect(last?.type).toBe('feedback.updated');
      expect(last?.data).toEqual(answer);
      expect(answer.tags).toEqual(['email', 'urgent']);
    });
  });

  describe('refused input changes nothing', () => {
    let id: string;
    beforeAll(async () => {
      [id] = (await collectComments(bed(), orgA(), ['Refusals leave me as I am'])) as [string];
      await expectJson(await patch(id, { tags: ['billing'] }), 200);
    });

    it.each([
      ['not a list', { tags: 'billing' }, ['tags']],
      ['eleven tags', { tags: Array.from({ length: 11 }, (_, index) => `tag ${index}`) }, ['tags']],
      ['a tag of 33 characters', { tags: ['ok', 'x'.repeat(33)] }, ['tags.1']],
      ['a control character', { tags: ['bell\u0007'] }, ['tags.0']],
      ['an empty tag', { tags: ['billing', '   '] }, ['tags.1']],
      ['a tag that is not text', { tags: [42] }, ['tags.0']],
      ['null', { tags: null }, ['tags']],
      ['with a valid status beside it', { status: 'resolved', tags: [''] }, ['tags.0']],
    ])('%s: 400 validation_failed naming the field', async (_case, body, paths) => {
      const before = await get(id);
      const eventsBefore = (await outboxEventsFor(bed(), id)).length;
      const activityBefore = (await activityOf(id)).length;
      const problem = await expectProblem(await patch(id, body), 400, 'validation_failed');
      expect(errorPaths(problem)).toEqual(paths);
      expect(await get(id)).toEqual(before);
      expect(await outboxEventsFor(bed(), id)).toHaveLength(eventsBefore);
      expect(await activityOf(id)).toHaveLength(activityBefore);
    });
  });

  describe('who may tag what', () => {
    let id: string;
    beforeAll(async () => {
      [id] = (await collectComments(bed(), orgA(), ['Only my organization tags me'])) as [string];
      await expectJson(await patch(id, { tags: ['billing'] }), 200);
    });

    it("answers 404 for another organization's item, and leaves its tags", async () => {
      const orgB = bed().orgB;
      await expectProblem(await patch(id, { tags: ['spam'] }, orgB.adminKey, orgB.organization.id), 404, 'not_found');
      await expectProblem(await patch(id, { tags: ['spam'] }, orgB.adminKey), 404, 'not_found');
      expect((await get(id)).tags).toEqual(['billing']);
    });

    it('takes the triage scope, as a status change does, and refuses a read-only key', async () => {
      const triage = await createApiKey(bed(), orgA(), { scopes: ['triage'] });
      const read = await createApiKey(bed(), orgA(), { scopes: ['read'] });
      await expectProblem(await patch(id, { tags: ['nope'] }, read.secret), 403, 'insufficient_scope');
      expect((await expectJson<FeedbackItem>(await patch(id, { tags: ['bug'] }, triage.secret), 200)).tags).toEqual([
        'bug',
      ]);
    });

    it("answers 404 to a brand-scoped key for another brand's item", async () => {
      const brand = await createBrand(bed(), orgA(), 'Tagging brand');
      const inbox = await createInbox(bed(), orgA(), { name: 'branded', brandId: brand.id });
      const branded = await expectJson<{ id: string }>(
        await bed().request('/collect', {
          method: 'POST',
          key: orgA().collectKey,
          json: { inboxKey: inbox.inboxKey, type: 'text', comment: 'a branded item' },
        }),
        201,
      );
      const brandKey = await createApiKey(bed(), orgA(), { scopes: ['read', 'write'], brandId: brand.id });
      await expectProblem(await patch(id, { tags: ['other'] }, brandKey.secret), 404, 'not_found');
      expect((await get(id)).tags).toEqual(['bug']);
      const answer = await expectJson<FeedbackItem>(await patch(branded.id, { tags: ['Brand'] }, brandKey.secret), 200);
      expect(answer.tags).toEqual(['brand']);
    });
  });

  it('search results carry the tags of their items', async () => {
    const [id] = (await collectComments(bed(), orgA(), ['Zebra-striped invoices are unreadable'])) as [string];
    await expectJson(await patch(id, { tags: ['invoices'] }), 200);
    const { data } = await expectJson<{ data: { feedback: FeedbackItem }[] }>(
      await bed().request(`/organizations/${orgA().organization.id}/search`, {
        method: 'POST',
        key: orgA().adminKey,
        json: { query: 'zebra', mode: 'keyword' },
      }),
      200,
    );
    expect(data.map((hit) => [hit.feedback.id, hit.feedback.tags])).toEqual([[id, ['invoices']]]);
  });
});
