import { describe, expect, it } from 'vitest';
import { operatorOf, signUp } from '../../../test/support/accounts.js';
import { expectJson, expectProblem } from '../../../test/support/api-assertions.js';
import { describeEachDatabase } from '../../../test/support/harness.js';

/** Whether an invitation's link left by mail, as the inviter is told (with SMTP: test/accounts.test.ts). */
describe('invitations without mail', () => {
  describeEachDatabase('an instance without HEARBACK_SMTP_URL', (bed) => {
    it('answers mailed: false on creation and on resending, so the inviter passes the link on', async () => {
      const { orgA } = bed();
      const owner = await operatorOf(bed());
      const org = (path: string) => `/organizations/${orgA.organization.id}${path}`;
      const issued = await expectJson(
        await bed().request(org('/invites'), {
          method: 'POST',
          session: owner.session,
          json: { email: 'unmailed@example.com', role: 'viewer' },
        }),
        201,
      );
      expect(issued).toMatchObject({ mailed: false, acceptUrl: expect.stringContaining('/app/invites/accept?token=') });
      const resent = await expectJson(
        await bed().request(org(`/invites/${issued.invite.id}/resend`), { method: 'POST', session: owner.session }),
        200,
      );
      expect(resent.mailed).toBe(false);
    });
  });
});

interface Issued {
  invite: { id: string; email: string; role: string; state: string };
  acceptUrl: string;
  resent: boolean;
}

describeEachDatabase('inviting an address twice', (bed) => {
  const org = (path: string) => `/organizations/${bed().orgA.organization.id}${path}`;
  const invite = async (email: string, role: string, status: number) =>
    expectJson<Issued>(
      await bed().request(org('/invites'), {
        method: 'POST',
        session: (await operatorOf(bed())).session,
        json: { email, role },
      }),
      status,
    );
  const tokenOf = (issued: Issued) => new URL(issued.acceptUrl).searchParams.get('token');
  const invitesOf = async (email: string) => {
    const page = await expectJson<{ data: Issued['invite'][] }>(
      await bed().request(org('/invites?limit=100'), { session: (await operatorOf(bed())).session }),
      200,
    );
    return page.data.filter((listed) => listed.email === email);
  };

  it('sends the pending invitation again: one row, the role asked last, only the new link works', async () => {
    const first = await invite('twice@example.com', 'viewer', 201);
    expect(first.resent).toBe(false);
    const second = await invite('Twice@Example.com', 'member', 200);
    expect(second).toMatchObject({ resent: true, invite: { id: first.invite.id, role: 'member', state: 'pending' } });
    expect(await invitesOf('twice@example.com')).toEqual([
      expect.objectContaining({ id: first.invite.id, role: 'member', state: 'pending' }),
    ]);

    const invited = await signUp(bed(), 'twice@example.com');
    const accept = (issued: Issued) =>
      bed().request('/invites/accept', { method: 'POST', session: invited.session, json: { token: tokenOf(issued) } });
    await expectProblem(await accept(first), 404, 'not_found');
    expect(await expectJson(await accept(second), 200)).toMatchObject({ role: 'member' });
    await expectProblem(await accept(second), 404, 'not_found');
    expect((await invitesOf('twice@example.com')).map((listed) => listed.state)).toEqual(['accepted']);
  });

  it('makes a new invitation when the earlier one was revoked', async () => {
    const revoked = await invite('again@example.com', 'viewer', 201);
    await expectJson(
      await bed().request(org(`/invites/${revoked.invite.id}`), {
        method: 'DELETE',
        session: (await operatorOf(bed())).session,
      }),
      200,
    );
    const fresh = await invite('again@example.com', 'viewer', 201);
    expect(fresh.resent).toBe(false);
    expect(fresh.invite.id).not.toBe(revoked.invite.id);
    expect((await invitesOf('again@example.com')).map((listed) => listed.state)).toEqual(['pending', 'revoked']);
  });

  it('makes one invitation of two sent at once, and answers both as if they came one after the other', async () => {
    const session = (await operatorOf(bed())).session;
    const send = async (email: string) => {
      const response = await bed().request(org('/invites'), {
        method: 'POST',
        session,
        json: { email, role: 'member' },
      });
      return { status: response.status, body: (await response.json()) as Issued };
    };
    // Several addresses at once, so that on PostgreSQL some pair surely races (both read "none open").
    const emails = Array.from({ length: 6 }, (_, index) => `at-once-${index}@example.com`);
    const answers = await Promise.all(emails.map((email) => Promise.all([send(email), send(email)])));
    for (const [index, pair] of answers.entries()) {
      const email = emails[index] as string;
      expect(pair.map((answer) => answer.status).sort(), JSON.stringify(pair)).toEqual([200, 201]);
      const created = pair.find((answer) => answer.status === 201)?.body as Issued;
      const resent = pair.find((answer) => answer.status === 200)?.body as Issued;
      expect(created.resent).toBe(false);
      expect(resent).toMatchObject({ resent: true, invite: { id: created.invite.id, state: 'pending' } });
      expect(await invitesOf(email)).toEqual([expect.objectContaining({ id: created.invite.id, state: 'pending' })]);
    }
  });
});
