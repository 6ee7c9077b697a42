import { beforeAll, describe, expect, it } from 'vitest';
import { memberWithRole, type TestUser } from '../../../test/support/accounts.js';
import {
  collectComments,
  createApiKey,
  errorPaths,
  expectJson,
  expectProblem,
  type FeedbackItem,
  type Json,
  listAllFeedback,
  outboxEventsFor,
} from '../../../test/support/api-assertions.js';
import { readEventStream } from '../../../test/support/event-stream.js';
import { describeEachDatabase } from '../../../test/support/harness.js';

/** Assignment (`assigneeId`) and an item's activity history, by a member signed in and by a key. */
describeEachDatabase('feedback assignment and activity', (bed) => {
  const orgA = () => bed().orgA;
  const feedbackPath = (id = '', org = orgA()) => `/organizations/${org.organization.id}/feedback${id && `/${id}`}`;

  let admin: TestUser;
  let assignee: TestUser;

  const patch = (id: string, json: unknown, init: { session?: string; key?: string }) =>
    bed().request(feedbackPath(id), { method: 'PATCH', json, ...init });
  const getItem = async (id: string): Promise<FeedbackItem> =>
    expectJson(await bed().request(feedbackPath(id), { key: orgA().adminKey }), 200);
  const listIds = async (query: Record<string, string>) =>
    (await listAllFeedback(bed(), orgA().organization.id, orgA().adminKey, query)).map((item) => item.id);
  const activityOf = async (id: string, query = ''): Promise<{ data: Json[]; nextCursor: string | null }> =>
    expectJson(await bed().request(`${feedbackPath(id)}/activity${query}`, { key: orgA().adminKey }), 200);

  beforeAll(async () => {
    admin = await memberWithRole(bed(), orgA(), 'admin');
    assignee = await memberWithRole(bed(), orgA(), 'member');
  });

  describe('assigneeId', () => {
    it('an admin signed in assigns a member; the item shows it in GET, the list, its event and the export', async () => {
      const [id] = (await collectComments(bed(), orgA(), ['assign me'])) as [string];
      const assigned = await expectJson<FeedbackItem>(
        await patch(id, { assigneeId: assignee.userId }, { session: admin.session }),
        200,
      );
      expect(assigned.assigneeId).toBe(assignee.userId);
      expect((await getItem(id)).assigneeId).toBe(assignee.userId);
      const listed = await listAllFeedback(bed(), orgA().organization.id, orgA().adminKey);
      expect(listed.find((item) => item.id === id)?.assigneeId).toBe(assignee.userId);
      const events = await outboxEventsFor(bed(), id);
      expect(events.at(-1)).toMatchObject({ type: 'feedback.updated', data: { assigneeId: assignee.userId } });
      const csv = await (
        await bed().request(`${feedbackPath()}/export?format=csv&assigneeId=${assignee.userId}`, {
          key: orgA().adminKey,
        })
      ).text();
      const [header, row] = csv.replace('\uFEFF', '').split('\r\n');
      const column = header?.split(',').indexOf('assigneeId') ?? -1;
      expect(column).toBeGreaterThan(-1);
      expect(row?.split(',')[column]).toBe(assignee.userId);
    });

    it('null unassigns', async () => {
      const [id] = (await collectComments(bed(), orgA(), ['assign then unassign'])) as [string];
      await expectJson(await patch(id, { assigneeId: assignee.userId }, { key: orgA().adminKey }), 200);
      const unassigned = await expectJson<FeedbackItem>(
        await patch(id, { assigneeId: null }, { key: orgA().adminKey }),
        200,
      );
      expect(unassigned.assigneeId).toBeNull();
    });

    it('refuses a user who is not a member here (another organization’s included), changing nothing', async () => {
      const [id] = (await collectComments(bed(), orgA(), ['refused assignee'])) as [string];
      await expectJson(await patch(id, { assigneeId: assignee.userId }, { key: orgA().adminKey }), 200);
      const elsewhere = await memberWithRole(bed(), bed().orgB, 'member');
      for (const assigneeId of [elsewhere.userId, 'usr_00000000000000000000000000', 'someone']) {
        const problem = await expectProblem(
          await patch(id, { assigneeId, status: 'resolved' }, { session: admin.session }),
          400,
          'validation_failed',
        );
        expect(errorPaths(problem)).toEqual(['assigneeId']);
      }
      const item = await getItem(id);
      expect(item).toMatchObject({ assigneeId: assignee.userId, status: 'new' });
      expect((await activityOf(id)).data.map((entry) => entry.kind)).toEqual(['assigned']);
    });

    it('filters by assignee and unassigned, and refuses both at once', async () => {
      const [mine, theirs, nobodys] = (await collectComments(bed(), orgA(), ['mine', 'theirs', 'nobody'])) as [
        string,
        string,
        string,
      ];
      await expectJson(await patch(mine, { assigneeId: assignee.userId }, { key: orgA().adminKey }), 200);
      await expectJson(await patch(theirs, { assigneeId: admin.userId }, { key: orgA().adminKey }), 200);
      const byAssignee = await listIds({ assigneeId: assignee.userId });
      expect(byAssignee).toContain(mine);
      expect(byAssignee).not.toContain(theirs);
      expect(byAssignee).not.toContain(nobodys);
      const unassigned = await listIds({ unassigned: 'true' });
      expect(unassigned).toContain(nobodys);
      expect(unassigned).not.toContain(mine);
      expect(unassigned).not.toContain(theirs);
      // The stats share the filters.
      const stats = await expectJson(
        await bed().request(`${feedbackPath()}/stats?assigneeId=${admin.userId}`, { key: orgA().adminKey }),
        200,
      );
      expect(stats.total).toBe((await listIds({ assigneeId: admin.userId })).length);

      for (const path of ['', '/stats', '/export']) {
        const problem = await expectProblem(
          await bed().request(`${feedbackPath()}${path}?assigneeId=${admin.userId}&unassigned=true`, {
            key: orgA().adminKey,
          }),
          400,
          'validation_failed',
        );
        expect(errorPaths(problem)).toEqual(['assigneeId']);
      }
      const view = await bed().request(`/organizations/${orgA().organization.id}/views`, {
        method: 'POST',
        key: orgA().adminKey,
        json: { name: 'contradiction', filters: { assigneeId: admin.userId, unassigned: true } },
      });
      await expectProblem(view, 400, 'validation_failed');
    });

    it('a stream filtered by assignee sends the item once assigned, as the API shows it', async () => {
      const response = await bed().request(`${feedbackPath()}/stream?assigneeId=${assignee.userId}`, {
        key: orgA().adminKey,
      });
      expect(response.status).toBe(200);
      const stream = readEventStream(response);
      try {
        await stream.retry();
        const [id] = (await collectComments(bed(), orgA(), ['stream me'])) as [string];
        await expectJson(await patch(id, { status: 'triaged' }, { key: orgA().adminKey }), 200);
        await expectJson(await patch(id, { assigneeId: assignee.userId }, { session: admin.session }), 200);
        const [event] = await stream.take(1);
        expect(event?.event).toBe('feedback.updated');
        expect(JSON.parse(event?.data ?? '')).toEqual(await getItem(id));
      } finally {
        await stream.close();
      }
    });

    it('search filters by assignee and unassigned too, and refuses both at once', async () => {
      const [mine, theirs, nobodys] = (await collectComments(bed(), orgA(), [
        'quokka checkout mine',
        'quokka checkout theirs',
        'quokka checkout nobody',
      ])) as [string, string, string];
      await expectJson(await patch(mine, { assigneeId: assignee.userId }, { key: orgA().adminKey }), 200);
      await expectJson(await patch(theirs, { assigneeId: admin.userId }, { key: orgA().adminKey }), 200);
      const search = (filters: Json) =>
        bed().request(`/organizations/${orgA().organization.id}/search`, {
          method: 'POST',
          key: orgA().adminKey,
          json: { query: 'quokka checkout', limit: 50, filters },
        });
      const found = async (filters: Json) =>
        (await expectJson<{ data: { feedback: { id: string } }[] }>(await search(filters), 200)).data
          .map((hit) => hit.feedback.id)
          .sort();
      expect(await found({})).toEqual([mine, theirs, nobodys].sort());
      expect(await found({ assigneeId: assignee.userId })).toEqual([mine]);
      expect(await found({ unassigned: true })).toEqual([nobodys]);
      expect(await found({ unassigned: false })).toEqual([mine, theirs, nobodys].sort());
      const problem = await expectProblem(
        await search({ assigneeId: assignee.userId, unassigned: true }),
        400,
        'validation_failed',
      );
      expect(errorPaths(problem)).toEqual(['filters.assigneeId']);
    });

    it('removing a member unassigns their items in the same change, each with its event and activity', async () => {
      const leaving = await memberWithRole(bed(), orgA(), 'member');
      const [first, second] = (await collectComments(bed(), orgA(), ['leaver one', 'leaver two'])) as [string, string];
      for (const id of [first, second]) {
        await expectJson(await patch(id, { assigneeId: leaving.userId }, { key: orgA().adminKey }), 200);
      }
      expect(await listIds({ assigneeId: leaving.userId })).toEqual([second, first]);
      const removed = await bed().request(`/organizations/${orgA().organization.id}/members/${leaving.userId}`, {
        method: 'DELETE',
        session: admin.session,
      });
      expect(removed.status).toBe(200);
      expect(await listIds({ assigneeId: leaving.userId })).toEqual([]);
      for (const id of [first, second]) {
        expect((await getItem(id)).assigneeId).toBeNull();
        expect((await outboxEventsFor(bed(), id)).at(-1)).toMatchObject({ data: { assigneeId: null } });
        expect((await activityOf(id)).data.at(-1)).toMatchObject({
          kind: 'unassigned',
          from: leaving.userId,
          to: null,
          actor: { type: 'user', id: admin.userId },
        });
      }
    });
  });

  describe('GET …/feedback/{id}/activity', () => {
    it('lists status change, assignment, issue link and notes, oldest first, by whom', async () => {
      const [id] = (await collectComments(bed(), orgA(), ['a full history'])) as [string];
      const triager = await createApiKey(bed(), orgA(), { name: 'Triage bot', scopes: ['triage', 'read'] });
      const url = 'https://github.com/acme/app/issues/12';
      await expectJson(await patch(id, { status: 'triaged' }, { key: triager.secret }), 200);
      await expectJson(await patch(id, { assigneeId: assignee.userId }, { session: admin.session }), 200);
      await expectJson(await patch(id, { issueLink: { url } }, { session: assignee.session }), 200);
      const note = await expectJson(
        await bed().request(`${feedbackPath(id)}/notes`, {
          method: 'POST',
          session: assignee.session,
          json: { body: 'Looking into it' },
        }),
        201,
      );
      const notePath = `${feedbackPath(id)}/notes/${note.id}`;
      await expectJson(
        await bed().request(notePath, { method: 'PATCH', key: triager.secret, json: { body: 'Fixed' } }),
        200,
      );
      await expectJson(
        await patch(id, { status: 'resolved', issueLink: null, assigneeId: null }, { session: admin.session }),
        200,
      );
      expect((await bed().request(notePath, { method: 'DELETE', key: triager.secret })).status).toBe(204);
      // A change to the value it had is no change.
      await expectJson(await patch(id, { status: 'resolved' }, { key: triager.secret }), 200);

      const bot = { type: 'api_key', id: triager.id, name: 'Triage bot' };
      const adminActor = { type: 'user', id: admin.userId, name: admin.email.split('@')[0] };
      const assigneeActor = { type: 'user', id: assignee.userId, name: assignee.email.split('@')[0] };
      const { data, nextCursor } = await activityOf(id);
      expect(nextCursor).toBeNull();
      expect(data.map(({ id: _id, at: _at, ...rest }) => rest)).toEqual([
        { actor: bot, kind: 'status_changed', from: 'new', to: 'triaged' },
        { actor: adminActor, kind: 'assigned', from: null, to: assignee.userId },
        { actor: assigneeActor, kind: 'issue_linked', from: null, to: url },
        { actor: assigneeActor, kind: 'note_added', noteId: note.id },
        { actor: bot, kind: 'note_edited', noteId: note.id },
        { actor: adminActor, kind: 'status_changed', from: 'triaged', to: 'resolved' },
        { actor: adminActor, kind: 'issue_unlinked', from: url, to: null },
        { actor: adminActor, kind: 'unassigned', from: assignee.userId, to: null },
        { actor: bot, kind: 'note_deleted', noteId: note.id },
      ]);
      expect(new Set(data.map((entry) => entry.id)).size).toBe(data.length);
      const times = data.map((entry) => entry.at as string);
      expect([...times].sort()).toEqual(times);
    });

    it('pages oldest first with a cursor', async () => {
      const [id] = (await collectComments(bed(), orgA(), ['paged history'])) as [string];
      for (const status of ['triaged', 'in_progress', 'resolved'] as const) {
        await expectJson(await patch(id, { status }, { key: orgA().adminKey }), 200);
      }
      const first = await activityOf(id, '?limit=2');
      expect(first.data.map((entry) => entry.to)).toEqual(['triaged', 'in_progress']);
      expect(first.nextCursor).not.toBeNull();
      const second = await activityOf(id, `?limit=2&cursor=${first.nextCursor}`);
      expect(second.data.map((entry) => entry.to)).toEqual(['resolved']);
      expect(second.nextCursor).toBeNull();
    });

    it('is not found through another organization, by its key or its member', async () => {
      const [id] = (await collectComments(bed(), orgA(), ['tenancy'])) as [string];
      await expectJson(await patch(id, { status: 'triaged' }, { key: orgA().adminKey }), 200);
      // orgB's key on orgB's path with orgA's item id.
      await expectProblem(
        await bed().request(`${feedbackPath(id, bed().orgB)}/activity`, { key: bed().orgB.adminKey }),
        404,
        'not_found',
      );
      // orgB's member signed in, on orgA's path.
      const outsider = await memberWithRole(bed(), bed().orgB, 'admin');
      await expectProblem(
        await bed().request(`${feedbackPath(id)}/activity`, { session: outsider.session }),
        404,
        'not_found',
      );
    });

    it('is 404 to a brand-scoped key for an item outside its brand', async () => {
      const brand = await expectJson(
        await bed().request(`/organizations/${orgA().organization.id}/brands`, {
          method: 'POST',
          key: orgA().adminKey,
          json: { name: 'Activity brand' },
        }),
        201,
      );
      const brandKey = await createApiKey(bed(), orgA(), {
        name: 'Brand team',
        scopes: ['read', 'write'],
        brandId: brand.id,
      });
      const [outside] = (await collectComments(bed(), orgA(), ['outside the brand'])) as [string];
      await expectJson(await patch(outside, { status: 'triaged' }, { key: orgA().adminKey }), 200);
      const problem = await expectProblem(
        await bed().request(`${feedbackPath(outside)}/activity`, { key: brandKey.secret }),
        404,
        'not_found',
      );
      expect(problem.detail).toContain(outside);
    });
  });
});
