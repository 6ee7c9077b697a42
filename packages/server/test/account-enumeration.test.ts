import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mailer, MailMessage } from '../src/accounts/mailer.js';
import type { Runtime } from '../src/runtime.js';
import { expectProblem } from './support/api-assertions.js';
import { deferred, within } from './support/async.js';
import { dialectsUnderTest, openTestRuntime, requestApp } from './support/harness.js';

const ORIGIN = { origin: 'http://localhost' };
const PASSWORD = 'a long enough password';

/**
 * What the account endpoints tell a stranger about who has an account: nothing beyond what open
 * sign-up tells (there, signing up an address that has an account is refused as such). Each answer
 * is the same, in content and in time, for an address with an account and one without.
 */
describe.each(dialectsUnderTest())('Account enumeration [%s]', (dialect) => {
  let runtime: Runtime;
  let cleanup: () => Promise<void>;
  /** Reset mail waits here until the test lets it go: a slow mail server. */
  const mailServer = deferred();
  const resetMail: MailMessage[] = [];
  const mailer: Mailer = {
    sendsMail: true,
    async send(message) {
      if (!message.subject.includes('Reset')) return;
      resetMail.push(message);
      await mailServer.promise;
    },
  };
  const request = (path: string, json: unknown) => requestApp(runtime, path, { method: 'POST', headers: ORIGIN, json });

  beforeAll(async () => {
    // HEARBACK_SIGNUP=invite, the default: after the first user, only invited addresses sign up.
    const opened = await openTestRuntime(dialect, { publicUrl: 'http://localhost' }, { mailer });
    runtime = opened.runtime;
    cleanup = opened.cleanup;
    const first = await request('/auth/sign-up/email', { email: 'ann@example.com', password: PASSWORD, name: 'Ann' });
    expect(first.status, await first.clone().text()).toBe(200);
  });
  afterAll(async () => {
    mailServer.resolve();
    await cleanup?.();
  });

  it('refuses a sign-up the instance does not take alike, whether the address has an account or not', async () => {
    const signUp = (email: string) => request('/auth/sign-up/email', { email, password: PASSWORD, name: 'Someone' });
    const taken = await expectProblem(await signUp('ann@example.com'), 403, 'signup_closed');
    const free = await expectProblem(await signUp('nobody@example.com'), 403, 'signup_closed');
    expect(taken.detail).toBe(free.detail);
  });

  it('answers a password reset before its mail leaves, so its time does not tell who has an account', async () => {
    const asked = await within(
      Promise.resolve(request('/auth/request-password-reset', { email: 'ann@example.com' })),
      2000,
      'the reset of an address with an account waited for the mail server',
    );
    expect(asked.status).toBe(200);
    expect(resetMail.map((message) => message.to)).toEqual(['ann@example.com']);
  });
});

describe.each(dialectsUnderTest())('Open sign-up [%s]', (dialect) => {
  let runtime: Runtime;
  let cleanup: () => Promise<void>;
  const request = (path: string, json: unknown) => requestApp(runtime, path, { method: 'POST', headers: ORIGIN, json });

  beforeAll(async () => {
    const opened = await openTestRuntime(dialect, { signup: 'open' });
    runtime = opened.runtime;
    cleanup = opened.cleanup;
  });
  afterAll(async () => {
    await cleanup?.();
  });

  it('refuses an address with an account as such, the one thing it tells (README, Teams)', async () => {
    const signUp = () => request('/auth/sign-up/email', { email: 'ann@example.com', password: PASSWORD, name: 'Ann' });
    expect((await signUp()).status).toBe(200);
    await expectProblem(await signUp(), 422, 'user_already_exists_use_another_email');
  });
});
