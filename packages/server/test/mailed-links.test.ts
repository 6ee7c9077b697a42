import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../src/runtime.js';
import { dialectsUnderTest, openTestRuntime, requestApp } from './support/harness.js';
import { SmtpInbox } from './support/smtp-inbox.js';

const PUBLIC_URL = 'https://feedback.example.com';

/**
 * The links of account mail lead to the instance's public address, never to the host a request
 * names: a password reset is asked by anyone, for anyone's address, from any `Host` header.
 * (A server that mails refuses to start without HEARBACK_PUBLIC_URL: config.test.ts.)
 */
describe.each(dialectsUnderTest())('Mailed links [%s]', (dialect) => {
  let runtime: Runtime;
  let cleanup: () => Promise<void>;
  const mail = new SmtpInbox();

  beforeAll(async () => {
    const smtpUrl = await mail.start();
    const opened = await openTestRuntime(dialect, { smtpUrl, publicUrl: PUBLIC_URL });
    runtime = opened.runtime;
    cleanup = opened.cleanup;
    const signedUp = await requestApp(runtime, '/auth/sign-up/email', {
      method: 'POST',
      headers: { origin: PUBLIC_URL },
      json: { email: 'victim@example.com', password: 'a long enough password', name: 'Victim' },
    });
    expect(signedUp.status, await signedUp.clone().text()).toBe(200);
  });
  afterAll(async () => {
    await cleanup?.();
    await mail.close();
  });

  it('mails a reset link on the public address when the request names another host', async () => {
    // What `curl -H 'Host: attacker.example'` sends: the URL a server sees is built from that header.
    const asked = await runtime.app.request('http://attacker.example/auth/request-password-reset', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'victim@example.com' }),
    });
    expect(asked.status).toBe(200);
    const link = SmtpInbox.linkIn(await mail.next('victim@example.com', 'Reset'));
    expect(link.origin).toBe(PUBLIC_URL);
    expect(link.pathname).toMatch(/^\/auth\/reset-password\/\w+$/);
  });
});
