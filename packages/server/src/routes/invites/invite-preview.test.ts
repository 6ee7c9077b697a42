import { describe, expect, it, vi } from 'vitest';
import { operatorOf, signUp } from '../../../test/support/accounts.js';
import { expectJson, expectProblem, type Json } from '../../../test/support/api-assertions.js';
import { describeEachDatabase, dialectsUnderTest, openTestRuntime, requestApp } from '../../../test/support/harness.js';
import { INVITE_PREVIEW_RATE_LIMIT } from '../../domain/invite.js';

interface Issued {
  invite: { id: string; expiresAt: string };
  acceptUrl: string;
}

const INVALID_LINK = 'This invitation link is not valid: it may have expired, been used or been revoked.';

describeEachDatabase('reading an invitation by its token', (bed) => {
  const org = (path: string) => `/organizations/${bed().orgA.organization.id}${path}`;
  const tokenOf = (issued: Issued) => new URL(issued.acceptUrl).searchParams.get('token') as string;
  /** Without a key or a session, as a browser opening the link before signing up. */
  const preview = (token: unknown) => bed().request('/invites/preview', { method: 'POST', json: { token } });
  const invite = async (email: string, role = 'admin'): Promise<Issued> => {
    const session = (await operatorOf(bed())).session;
    return expectJson(await bed().request(org('/invites'), { method: 'POST', session, json: { email, role } }), 201);
  };
  const expectInvalid = async (token: string) => {
    const problem = await expectProblem(await preview(token), 404, 'not_found');
    expect(problem.detail).toBe(INVALID_LINK);
    expect(JSON.stringify(problem)).not.toContain(token);
  };

  it('names the organization, the role, the address and the inviter, and nothing else, to anyone holding the link', async () => {
    const issued = await invite('preview@example.com');
    const previewed = await expectJson(await preview(tokenOf(issued)), 200);
    expect(previewed).toEqual({
      organization: { name: bed().orgA.organization.name },
      role: 'admin',
      email: 'preview@example.com',
      invitedBy: { name: 'operator' },
      expiresAt: issued.invite.expiresAt,
    });
    // Reading accepts nothing: the invitation is still pending.
    const session = (await operatorOf(bed())).session;
    const page = await expectJson(await bed().request(org('/invites?limit=100'), { session }), 200);
    expect(page.data.find((listedInvite: Json) => listedInvite.id === issued.invite.id)?.state).toBe('pending');
  });

  it('answers the same 404 for a token that is unknown, used, revoked, replaced by a resend or expired', async () => {
    await expectInvalid('nosuchtokennosuchtokennosuchtoke');

    const used = await invite('used@example.com', 'member');
    const invited = await signUp(bed(), 'used@example.com');
    const accepted = await bed().request('/invites/accept', {
      method: 'POST',
      session: invited.session,
      json: { token: tokenOf(used) },
    });
    expect(accepted.status).toBe(200);
    await expectInvalid(tokenOf(used));

    const session = (await operatorOf(bed())).session;
    const revoked = await invite('revoked@example.com');
    await expectJson(await bed().request(org(`/invites/${revoked.invite.id}`), { method: 'DELETE', session }), 200);
    await expectInvalid(tokenOf(revoked));

    const resent = await invite('resent@example.com');
    const again = await expectJson<Issued>(
      await bed().request(org(`/invites/${resent.invite.id}/resend`), { method: 'POST', session }),
      200,
    );
    await expectInvalid(tokenOf(resent));
    await expectJson(await preview(tokenOf(again)), 200);

    const expiring = await invite('expiring@example.com');
    await expectJson(await preview(tokenOf(expiring)), 200);
    try {
      // Faking only Date moves the server's clock without sleeping; timers and I/O stay real.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.parse(expiring.invite.expiresAt) + 1_000);
      await expectInvalid(tokenOf(expiring));
    } finally {
      vi.useRealTimers();
    }
  });

  it('takes the token as accepting does: a missing one is a 400 naming the field', async () => {
    const problem = await expectProblem(
      await bed().request('/invites/preview', { method: 'POST', json: {} }),
      400,
      'validation_failed',
    );
    expect(problem.errors?.map((error) => error.path)).toEqual(['token']);
  });
});

describe('reading invitations by token, too often', () => {
  for (const dialect of dialectsUnderTest()) {
    it(`answers 429 rate_limited with Retry-After past ${INVITE_PREVIEW_RATE_LIMIT.max} a minute from one client [${dialect}]`, async () => {
      const { runtime, cleanup } = await openTestRuntime(dialect);
      try {
        const preview = () =>
          requestApp(runtime, '/invites/preview', {
            method: 'POST',
            json: { token: 'guessedguessedguessedguessedgues' },
          });
        for (let attempt = 0; attempt < INVITE_PREVIEW_RATE_LIMIT.max; attempt++) {
          await expectProblem(await preview(), 404, 'not_found');
        }
        const refused = await preview();
        expect(refused.headers.get('retry-after')).toBe(String(INVITE_PREVIEW_RATE_LIMIT.windowSeconds));
        await expectProblem(refused, 429, 'rate_limited');
      } finally {
        await cleanup();
      }
    });

    it(`counts an IPv6 client by its /64, not by each address it can take [${dialect}]`, async () => {
      const { runtime, cleanup } = await openTestRuntime(dialect);
      try {
        // What @hono/node-server gives handlers: the connection the request came from.
        const previewFrom = (remoteAddress: string) =>
          runtime.app.request(
            '/invites/preview',
            {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ token: 'guessedguessedguessedguessedgues' }),
            },
            { incoming: { socket: { remoteAddress } } },
          );
        for (let attempt = 0; attempt < INVITE_PREVIEW_RATE_LIMIT.max; attempt++) {
          await expectProblem(await previewFrom(`2001:db8:1:2::${(attempt + 1).toString(16)}`), 404, 'not_found');
        }
        await expectProblem(await previewFrom('2001:db8:1:2:ffff:ffff:ffff:fffe'), 429, 'rate_limited');
        // Another /64, and an IPv4 client, are counted on their own.
        await expectProblem(await previewFrom('2001:db8:1:3::1'), 404, 'not_found');
        await expectProblem(await previewFrom('::ffff:198.51.100.7'), 404, 'not_found');
      } finally {
        await cleanup();
      }
    });
  }
});
