import { expect, it } from 'vitest';
import { joinByInvitation, memberWithRole, operatorOf, type TestUser } from '../../../test/support/accounts.js';
import { collectComments, expectJson, expectProblem, type Json } from '../../../test/support/api-assertions.js';
import { within } from '../../../test/support/async.js';
import { readEventStream } from '../../../test/support/event-stream.js';
import { describeEachDatabase } from '../../../test/support/harness.js';
import type { BootstrappedOrganization } from '../../services/organizations.js';

const HEARTBEAT_MS = 100;

/** `POST /organizations/{orgId}/leave`: a signed-in member ends their own membership. */
describeEachDatabase(
  'leaving an organization',
  (bed) => {
    const orgA = () => bed().orgA;
    const path = (org: BootstrappedOrganization, rest = '') => `/organizations/${org.organization.id}${rest}`;
    const leave = (org: BootstrappedOrganization, init: { session?: string; key?: string }) =>
      bed().request(path(org, '/leave'), { method: 'POST', ...init });
    const memberIds = async (org: BootstrappedOrganization): Promise<string[]> =>
      (await expectJson(await bed().request(path(org, '/members'), { key: org.adminKey }), 200)).data.map(
        (member: Json) => member.userId,
      );
    const organizationsOf = async (person: TestUser): Promise<string[]> =>
      (await expectJson(await bed().request('/account', { session: person.session }), 200)).organizations.map(
        (entry: Json) => entry.organization.id,
      );

    it.each(['viewer', 'member', 'admin'] as const)(
      'leaving as %s: their session is refused there at once, the list no longer has them, the log says so',
      async (role) => {
        const person = await memberWithRole(bed(), orgA(), role);
        expect(await memberIds(orgA())).toContain(person.userId);

        const left = await expectJson(await leave(orgA(), { session: person.session }), 200);
        expect(left).toEqual({ orgId: orgA().organization.id, userId: person.userId, left: true });

        await expectProblem(
          await bed().request(path(orgA(), '/feedback'), { session: person.session }),
          404,
          'not_found',
        );
        await expectProblem(await leave(orgA(), { session: person.session }), 404, 'not_found');
        expect(await memberIds(orgA())).not.toContain(person.userId);
        expect(await organizationsOf(person)).not.toContain(orgA().organization.id);
        const log = await expectJson(
          await bed().request(path(orgA(), `/audit-log?action=member.left&actorId=${person.userId}`), {
            key: orgA().adminKey,
          }),
          200,
        );
        expect(log.data).toEqual([
          expect.objectContaining({
            actor: expect.objectContaining({ type: 'user', id: person.userId }),
            action: 'member.left',
            resource: { type: 'member', id: person.userId },
            details: { role },
          }),
        ]);
      },
    );

    it('refuses the owner with 409 until they hand the organization over; they stay its owner', async () => {
      const owner = await operatorOf(bed());
      const refused = await expectProblem(await leave(orgA(), { session: owner.session }), 409, 'conflict');
      expect(refused.detail).toBe('The owner cannot leave; transfer ownership to another member first.');
      const members = await expectJson(await bed().request(path(orgA(), '/members'), { key: orgA().adminKey }), 200);
      expect(members.data).toContainEqual(expect.objectContaining({ userId: owner.userId, role: 'owner' }));
      expect((await bed().request(path(orgA(), '/feedback'), { session: owner.session })).status).toBe(200);
    });

    it('a person in two organizations leaves one and keeps the other', async () => {
      const person = await memberWithRole(bed(), orgA(), 'member');
      await joinByInvitation(bed(), bed().orgB, person);
      await expectJson(await leave(orgA(), { session: person.session }), 200);
      expect(await organizationsOf(person)).toEqual([bed().orgB.organization.id]);
      expect((await bed().request(path(bed().orgB, '/feedback'), { session: person.session })).status).toBe(200);
      expect(await memberIds(bed().orgB)).toContain(person.userId);
    });

    it('ends their open realtime stream of that organization, as a removal does', async () => {
      const person = await memberWithRole(bed(), orgA(), 'viewer');
      const stream = readEventStream(
        await bed().request(path(orgA(), '/feedback/stream'), { session: person.session }),
      );
      expect(stream.response.status).toBe(200);
      await expectJson(await leave(orgA(), { session: person.session }), 200);
      await within(stream.ended, HEARTBEAT_MS * 50, 'the stream outlived the membership');
    });

    it('unassigns their items and keeps their notes, as a removal does, with the reason in the activity', async () => {
      const person = await memberWithRole(bed(), orgA(), 'member');
      const [id] = (await collectComments(bed(), orgA(), ['assigned to the leaver'])) as [string];
      const item = path(orgA(), `/feedback/${id}`);
      await expectJson(
        await bed().request(item, { method: 'PATCH', key: orgA().adminKey, json: { assigneeId: person.userId } }),
        200,
      );
      const note = await expectJson(
        await bed().request(`${item}/notes`, { method: 'POST', session: person.session, json: { body: 'Mine' } }),
        201,
      );
      await expectJson(await leave(orgA(), { session: person.session }), 200);

      expect((await expectJson(await bed().request(item, { key: orgA().adminKey }), 200)).assigneeId).toBeNull();
      const notes = await expectJson(await bed().request(`${item}/notes`, { key: orgA().adminKey }), 200);
      expect(notes.data).toContainEqual(expect.objectContaining({ id: note.id, authorUserId: person.userId }));
      const activity = await expectJson(await bed().request(`${item}/activity`, { key: orgA().adminKey }), 200);
      expect(activity.data.at(-1)).toMatchObject({
        kind: 'unassigned',
        from: person.userId,
        to: null,
        actor: { type: 'user', id: person.userId },
      });
    });

    it('refuses an API key with 401 naming why: a key is no member and cannot leave', async () => {
      const refused = await expectProblem(await leave(orgA(), { key: orgA().adminKey }), 401, 'sign_in_required');
      expect(refused.detail).toContain('An API key cannot be used here.');
    });

    it('answers 404 for an organization the person does not belong to, as its other paths do', async () => {
      const outsider = await memberWithRole(bed(), bed().orgB, 'member');
      await expectProblem(await leave(orgA(), { session: outsider.session }), 404, 'not_found');
      expect(await organizationsOf(outsider)).toEqual([bed().orgB.organization.id]);
    });
  },
  { streamHeartbeatMs: HEARTBEAT_MS },
);
