import { expect, it } from 'vitest';
import { joinByInvitation, memberWithRole, operatorOf } from '../../../test/support/accounts.js';
import { collectComments, expectJson } from '../../../test/support/api-assertions.js';
import { within } from '../../../test/support/async.js';
import { readEventStream } from '../../../test/support/event-stream.js';
import { describeEachDatabase } from '../../../test/support/harness.js';
import type { BootstrappedOrganization } from '../../services/organizations.js';

/**
 * A heartbeat far longer than any test here: a stream that ends, ends by the membership's event in
 * the log, not by the heartbeat's check of the session.
 */
const HEARTBEAT_MS = 120_000;
const SOON_MS = 10_000;

/** A person's open realtime streams of an organization end with their membership of it, at once. */
describeEachDatabase(
  'a membership that ends closes its streams',
  (bed) => {
    const orgA = () => bed().orgA;
    const orgB = () => bed().orgB;
    const path = (org: BootstrappedOrganization, rest = '') => `/organizations/${org.organization.id}${rest}`;
    const openStream = async (org: BootstrappedOrganization, session: string) => {
      const stream = readEventStream(await bed().request(path(org, '/feedback/stream'), { session }));
      expect(stream.response.status).toBe(200);
      return stream;
    };
    const commentOf = (event: { data: string }) => (JSON.parse(event.data) as { comment: string }).comment;

    it('ends the stream of a person who leaves before any later event, and keeps their stream of another organization', async () => {
      const person = await memberWithRole(bed(), orgA(), 'viewer');
      await joinByInvitation(bed(), orgB(), person);
      const streamA = await openStream(orgA(), person.session);
      const streamB = await openStream(orgB(), person.session);
      await collectComments(bed(), orgA(), ['while a member']);
      expect(commentOf(await streamA.next(SOON_MS))).toBe('while a member');

      await expectJson(await bed().request(path(orgA(), '/leave'), { method: 'POST', session: person.session }), 200);
      await collectComments(bed(), orgA(), ['after leaving']);
      await within(streamA.ended, SOON_MS, 'the stream outlived the membership');
      // It ended at the membership's event, before the item stored after it.
      await expect(streamA.next(0)).rejects.toThrow(/ended/);

      await collectComments(bed(), orgB(), ['still a member here']);
      expect(commentOf(await streamB.next(SOON_MS))).toBe('still a member here');
      await streamB.close();
    });

    it("ends a removed member's stream at once", async () => {
      const owner = await operatorOf(bed());
      const person = await memberWithRole(bed(), orgA(), 'member');
      const stream = await openStream(orgA(), person.session);
      const removed = await bed().request(path(orgA(), `/members/${person.userId}`), {
        method: 'DELETE',
        session: owner.session,
      });
      expect(removed.status).toBe(200);
      await collectComments(bed(), orgA(), ['after the removal']);
      await within(stream.ended, SOON_MS, 'the stream outlived the membership');
      await expect(stream.next(0)).rejects.toThrow(/ended/);
    });
  },
  { streamHeartbeatMs: HEARTBEAT_MS },
);
