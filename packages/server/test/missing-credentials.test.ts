import { expect, it } from 'vitest';
import { operatorOf, signIn } from './support/accounts.js';
import { expectJson, expectProblem } from './support/api-assertions.js';
import { describeEachDatabase, type TestBed } from './support/harness.js';

const KEY_CHALLENGE = 'ApiKey header="X-Service-Key"';

/** A session cookie that was valid once: signed out since, so it no longer opens anything. */
async function endedSession(bed: TestBed): Promise<string> {
  const operator = await operatorOf(bed);
  const session = await signIn(bed, operator.email, operator.password);
  expect((await bed.request('/account', { session })).status).toBe(200);
  const signedOut = await bed.request('/auth/sign-out', { method: 'POST', session, json: {} });
  expect(signedOut.status, await signedOut.clone().text()).toBe(200);
  return session;
}

/**
 * A request without the credentials its operation takes is told what the operation does take: a
 * dashboard user on a session-only route is asked to sign in, never for an API key it cannot use.
 */
describeEachDatabase('a 401 asks for what the operation takes', (bed) => {
  it('a session-only route without credentials, or with an ended session: sign_in_required', async () => {
    const ended = await endedSession(bed());
    const requests: [string, Response][] = [
      ['GET /account, nothing sent', await bed().request('/account')],
      ['POST /organizations, nothing sent', await bed().request('/organizations', { method: 'POST', json: {} })],
      ['GET /account, an ended session', await bed().request('/account', { session: ended })],
      [
        'POST /organizations, an ended session',
        await bed().request('/organizations', { method: 'POST', session: ended, json: { name: 'Never made' } }),
      ],
    ];
    for (const [what, response] of requests) {
      const challenge = response.headers.get('www-authenticate');
      const problem = await expectProblem(response, 401, 'sign_in_required');
      expect(problem.detail, what).toMatch(/^Sign in first/);
      expect(problem.detail, what).toContain('An API key cannot be used here.');
      // Nothing points the client at a key header this route would refuse.
      expect(challenge, what).toBeNull();
    }
  });

  it('a session-only route reads the session alone: a key sent along neither opens it nor refuses a live session', async () => {
    const { session } = await operatorOf(bed());
    const { adminKey } = bed().orgA;
    // A browser (or a proxy) that adds a key header does not lose the signed-in user's own routes.
    const account = await expectJson(await bed().request('/account', { session, key: adminKey }), 200);
    expect(account.user.email).toBe((await operatorOf(bed())).email);
    await expectJson(await bed().request('/account', { session, key: 'hb_not_a_key' }), 200);
    // A key alone is not read either: the route asks for what it takes.
    const keyOnly = await expectProblem(await bed().request('/account', { key: adminKey }), 401, 'sign_in_required');
    expect(keyOnly.detail).toContain('An API key cannot be used here.');
  });

  it('a key-only route without a key: missing_api_key asking for the key alone, even from a signed-in user', async () => {
    const { session } = await operatorOf(bed());
    const requests: [string, Response][] = [
      ['GET /me, nothing sent', await bed().request('/me')],
      ['GET /me, a live session', await bed().request('/me', { session })],
      ['POST /collect, nothing sent', await bed().request('/collect', { method: 'POST', json: {} })],
    ];
    for (const [what, response] of requests) {
      expect(response.headers.get('www-authenticate'), what).toBe(KEY_CHALLENGE);
      const problem = await expectProblem(response, 401, 'missing_api_key');
      expect(problem.detail, what).toBe('Send an API key in the X-Service-Key header.');
    }
  });

  it('a route taking a key or a session, without either or with an ended session: missing_api_key naming both', async () => {
    const ended = await endedSession(bed());
    const feedback = `/organizations/${bed().orgA.organization.id}/feedback`;
    const requests: [string, Response][] = [
      ['nothing sent', await bed().request(feedback)],
      ['an ended session', await bed().request(feedback, { session: ended })],
    ];
    for (const [what, response] of requests) {
      expect(response.headers.get('www-authenticate'), what).toBe(KEY_CHALLENGE);
      const problem = await expectProblem(response, 401, 'missing_api_key');
      expect(problem.detail, what).toBe(
        "Send an API key in the X-Service-Key header, or sign in: a signed-in member's session works too.",
      );
    }
    // Both really do: the key, and a member's live session.
    await expectJson(await bed().request(feedback, { key: bed().orgA.adminKey }), 200);
    await expectJson(await bed().request(feedback, { session: (await operatorOf(bed())).session }), 200);
  });
});
