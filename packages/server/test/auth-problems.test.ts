import { BASE_ERROR_CODES } from 'better-auth';
import { expect, it, vi } from 'vitest';
import { AUTH_RATE_LIMIT_RULES } from '../src/accounts/auth-limits.js';
import { ERROR_CODES } from '../src/errors/error-codes.js';
import { expectProblem } from './support/api-assertions.js';
import { describeEachDatabase, type TestBed } from './support/harness.js';

const ORIGIN = { origin: 'http://localhost' };

/** A request to `/auth/*` from a client at `address` (as @hono/node-server passes the socket). */
function fromAddress(bed: TestBed, address: string, path: string, init: RequestInit) {
  return bed.runtime.app.request(path, init, { incoming: { socket: { remoteAddress: address } } });
}

const signIn = (email: string, password: string) => ({
  method: 'POST',
  headers: { ...ORIGIN, 'content-type': 'application/json' },
  body: JSON.stringify({ email, password }),
});

it("lists every code of the installed better-auth, in lower_snake, among the problems' codes", () => {
  const listed = new Set<string>(ERROR_CODES);
  const unlisted = Object.keys(BASE_ERROR_CODES)
    .map((code) => code.toLowerCase())
    .filter((code) => !listed.has(code));
  expect(unlisted).toEqual([]);
  expect(new Set(ERROR_CODES).size, 'a code listed twice').toBe(ERROR_CODES.length);
});

describeEachDatabase('the account endpoints refuse with problems', (bed) => {
  it('a wrong password: 401 invalid_email_or_password, with better-auth’s message as detail and message', async () => {
    const email = `wrong-${Date.now()}@example.com`;
    const signedUp = await bed().request('/auth/sign-up/email', {
      method: 'POST',
      headers: ORIGIN,
      json: { name: 'Ada', email, password: 'a-long-enough-password' },
    });
    // A success passes through as better-auth wrote it.
    expect(signedUp.status).toBe(200);
    expect(signedUp.headers.get('content-type')).toMatch(/^application\/json/);
    expect(((await signedUp.json()) as { user: { email: string } }).user.email).toBe(email);

    const refused = await fromAddress(bed(), '198.51.100.10', '/auth/sign-in/email', signIn(email, 'not-it-at-all'));
    const problem = await expectProblem(refused, 401, 'invalid_email_or_password');
    expect(problem).toMatchObject({
      title: 'Unauthorized',
      detail: 'Invalid email or password',
      message: 'Invalid email or password',
    });
  });

  it('a NUL or a lone surrogate in an account body: 400 validation_failed naming the field, on both databases', async () => {
    const reset = await bed().request('/auth/reset-password', {
      method: 'POST',
      headers: ORIGIN,
      json: { token: '\u0000', newPassword: 'a-long-enough-password' },
    });
    // PostgreSQL refused the token's NUL in the lookup: a 500.
    const problem = await expectProblem(reset, 400, 'validation_failed');
    expect(problem.errors).toEqual([expect.objectContaining({ path: 'token' })]);

    const email = `surrogate-${Date.now()}@example.com`;
    const signUp = await bed().request('/auth/sign-up/email', {
      method: 'POST',
      headers: ORIGIN,
      json: { name: 'Ada \ud800', email, password: 'a-long-enough-password' },
    });
    expect((await expectProblem(signUp, 400, 'validation_failed')).errors).toEqual([
      expect.objectContaining({ path: 'name' }),
    ]);
    // Nothing was stored: the address has no account to sign in to.
    const signIn = await bed().request('/auth/sign-in/email', {
      method: 'POST',
      headers: ORIGIN,
      json: { email, password: 'a-long-enough-password' },
    });
    await expectProblem(signIn, 401, 'invalid_email_or_password');

    const form = await bed().runtime.app.request('/auth/sign-in/email', {
      method: 'POST',
      headers: { ...ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      body: `email=${encodeURIComponent(email)}&password=%00`,
    });
    expect((await expectProblem(form, 400, 'validation_failed')).errors).toEqual([
      expect.objectContaining({ path: 'password' }),
    ]);
  });

  it('too many sign-ins from one address: 429 rate_limited, with Retry-After; another address still signs in', async () => {
    const { max } = AUTH_RATE_LIMIT_RULES['/sign-in/email'];
    const address = '198.51.100.20';
    const answers: Response[] = [];
    for (let attempt = 0; attempt <= max; attempt++) {
      answers.push(await fromAddress(bed(), address, '/auth/sign-in/email', signIn('nobody@example.com', 'guess')));
    }
    expect(answers.map((answer) => answer.status)).toEqual([...Array(max).fill(401), 429]);
    const limited = answers[max] as Response;
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(AUTH_RATE_LIMIT_RULES['/sign-in/email'].window);
    expect(limited.headers.get('x-retry-after')).toBe(String(retryAfter));
    expect(await expectProblem(limited, 429, 'rate_limited')).toMatchObject({
      detail: expect.stringMatching(/too many requests/i),
    });

    const elsewhere = await fromAddress(
      bed(),
      '198.51.100.21',
      '/auth/sign-in/email',
      signIn('nobody@example.com', 'x'),
    );
    await expectProblem(elsewhere, 401, 'invalid_email_or_password');
  });

  it('an unknown /auth path: 404 not_found naming the path', async () => {
    for (const method of ['GET', 'POST']) {
      const missing = await bed().request('/auth/no-such-endpoint', { method, headers: ORIGIN });
      expect((await expectProblem(missing, 404, 'not_found')).detail, method).toContain('/auth/no-such-endpoint');
    }
  });

  it('a body better-auth refuses: its own code, as a problem, and nothing on the console', async () => {
    // better-auth's default logged every refusal at ERROR on the console, where an operator reads faults.
    const console_ = ['log', 'info', 'warn', 'error'].map((method) =>
      vi.spyOn(console, method as 'log' | 'info' | 'warn' | 'error').mockImplementation(() => {}),
    );
    try {
      await refusedBodies();
      expect(console_.flatMap((spy) => spy.mock.calls)).toEqual([]);
    } finally {
      for (const spy of console_) spy.mockRestore();
    }
  });

  async function refusedBodies() {
    const notJson = await bed().request('/auth/sign-in/email', {
      method: 'POST',
      headers: { ...ORIGIN, 'content-type': 'text/plain' },
      body: 'email=ada@example.com',
    });
    await expectProblem(notJson, 415, 'unsupported_media_type');
    const notAnAddress = await bed().request('/auth/sign-in/email', {
      method: 'POST',
      headers: ORIGIN,
      json: { email: 'not an address', password: 'x' },
    });
    await expectProblem(notAnAddress, 400, 'invalid_email');
    const noPassword = await bed().request('/auth/sign-in/email', {
      method: 'POST',
      headers: ORIGIN,
      json: { email: 'ada@example.com' },
    });
    expect((await expectProblem(noPassword, 400, 'validation_error')).detail).toMatch(/password/i);
  }

  it('a mailed link must return to this server: another site is 403, a path of its own is taken', async () => {
    const reset = (redirectTo: string) =>
      bed().request('/auth/request-password-reset', {
        method: 'POST',
        headers: ORIGIN,
        json: { email: 'ada@example.com', redirectTo },
      });
    for (const elsewhere of ['https://evil.example/reset', 'not a url']) {
      await expectProblem(await reset(elsewhere), 403, 'invalid_redirect_url');
    }
    expect((await reset('/app/reset-password')).status).toBe(200);

    const signUp = await bed().request('/auth/sign-up/email', {
      method: 'POST',
      headers: ORIGIN,
      json: {
        name: 'Eve',
        email: `eve-${Date.now()}@example.com`,
        password: 'a-long-enough-password',
        callbackURL: 'https://evil.example/welcome',
      },
    });
    await expectProblem(signUp, 403, 'invalid_callback_url');
  });

  it('a redirect passes through untouched: a stale verification link goes back with its error', async () => {
    const redirected = await bed().request('/auth/verify-email?token=stale&callbackURL=/app/', { headers: ORIGIN });
    expect(redirected.status).toBe(302);
    expect(redirected.headers.get('location')).toMatch(/^\/app\/\?error=/);
    expect(redirected.headers.get('content-type')).not.toBe('application/problem+json');
  });
});

describeEachDatabase('the account endpoints under /v1', (bed) => {
  it('answer as they do at /auth: sign-up, sign-in and the session, with the cookie they set', async () => {
    const email = `v1-${Date.now()}@example.com`;
    const password = 'a-long-enough-password';
    const signedUp = await bed().request('/v1/auth/sign-up/email', {
      method: 'POST',
      headers: ORIGIN,
      json: { name: 'Ada', email, password },
    });
    expect(signedUp.status).toBe(200);
    const signedIn = await bed().runtime.app.request('/v1/auth/sign-in/email', signIn(email, password));
    expect(signedIn.status).toBe(200);
    const cookie = (signedIn.headers.get('set-cookie') ?? '').split(';')[0] as string;
    expect(cookie).toMatch(/session_token=/);
    const session = await bed().runtime.app.request('/v1/auth/get-session', { headers: { cookie } });
    expect(session.status).toBe(200);
    expect(((await session.json()) as { user: { email: string } }).user.email).toBe(email);
    await expectProblem(
      await bed().runtime.app.request('/v1/auth/sign-in/email', signIn(email, 'not-it-at-all')),
      401,
      'invalid_email_or_password',
    );
  });
});
