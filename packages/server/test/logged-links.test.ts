import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../src/http-server.js';
import type { Runtime } from '../src/runtime.js';
import { capturingLogger, type LoggedLine } from './support/capturing-logger.js';
import { dialectsUnderTest, openTestRuntime, requestApp } from './support/harness.js';

const PUBLIC_URL = 'https://feedback.example.com';
const ATTACKER = 'attacker.example';

/**
 * A POST as `curl -H 'Host: attacker.example' http://127.0.0.1:PORT/…` sends it: fetch() will not
 * set `Host`, node:http does.
 */
function postWithHost(server: RunningServer, host: string, path: string, body: unknown): Promise<number> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      {
        host: '127.0.0.1',
        port: server.port,
        method: 'POST',
        path,
        headers: { host, 'content-type': 'application/json' },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    sent.on('error', reject);
    sent.end(JSON.stringify(body));
  });
}

/** The reset link logged for `email`, once logged (the mail is sent after the answer, not awaited). */
async function loggedResetLine(lines: () => readonly LoggedLine[], email: string): Promise<LoggedLine> {
  const resetLine = () =>
    lines().find((line) => line.fields.to === email && String(line.fields.subject).startsWith('Reset'));
  await expect.poll(resetLine).toBeDefined();
  return resetLine() as LoggedLine;
}

/**
 * Without HEARBACK_SMTP_URL the server logs account mail's links for its operator to pass on. A
 * password reset is asked by anyone, for anyone's address, from any `Host` header: a logged link on
 * that host would hand the reset token to whoever the operator (or the person they forward it to)
 * then visits. So the logged link is on HEARBACK_PUBLIC_URL, or else on the server's own listen
 * address, and the log line says which. (With SMTP, HEARBACK_PUBLIC_URL is required: mailed-links.test.ts.)
 */
describe.each(dialectsUnderTest())('Logged links without SMTP [%s]', (dialect) => {
  describe('without HEARBACK_PUBLIC_URL', () => {
    let runtime: Runtime;
    let server: RunningServer;
    let cleanup: () => Promise<void>;
    const logger = capturingLogger();

    beforeAll(async () => {
      // Open sign-up: a stranger's sign-up, from any Host, logs a verification link too.
      const opened = await openTestRuntime(dialect, { signup: 'open' }, {}, logger);
      runtime = opened.runtime;
      cleanup = opened.cleanup;
      server = await listen(runtime, { port: 0, host: '127.0.0.1' });
      const signedUp = await fetch(`${server.url}/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url },
        body: JSON.stringify({ email: 'victim@example.com', password: 'a long enough password', name: 'Victim' }),
      });
      expect(signedUp.status, await signedUp.text()).toBe(200);
    });
    afterAll(async () => {
      // close() closes the runtime too; cleanup then removes the database.
      await server?.close();
      await cleanup?.();
    });

    it("logs a reset asked with another Host on the server's listen address, and says so", async () => {
      const status = await postWithHost(server, ATTACKER, '/auth/request-password-reset', {
        email: 'victim@example.com',
        redirectTo: `http://${ATTACKER}/steal`,
      });
      expect(status).toBe(200);
      const line = await loggedResetLine(logger.lines, 'victim@example.com');
      const link = new URL(String(line.fields.link));
      expect(link.origin).toBe(server.url);
      expect(link.pathname).toMatch(/^\/auth\/reset-password\/\w+$/);
      expect(line.message).toContain("this server's listen address, never on the Host a request named");
      expect(line.message).toContain('HEARBACK_PUBLIC_URL');

      // Followed, the link keeps its token on this server: the callback the request named, on the
      // attacker's host, is refused there (better-auth checks it against the origin it is opened on).
      const followed = await fetch(link, { redirect: 'manual' });
      expect(followed.status).toBe(403);
      expect(followed.headers.get('location')).toBeNull();
    });

    it('logs the verification link of a sign-up sent with another Host on the listen address too', async () => {
      const status = await postWithHost(server, ATTACKER, '/auth/sign-up/email', {
        email: 'newcomer@example.com',
        password: 'a long enough password',
        name: 'Newcomer',
      });
      expect(status).toBe(200);
      const verification = () =>
        logger.lines().find((line) => line.fields.to === 'newcomer@example.com' && line.fields.subject !== undefined);
      await expect.poll(verification).toBeDefined();
      expect(new URL(String(verification()?.fields.link)).origin).toBe(server.url);
    });
  });

  it('logs the link on HEARBACK_PUBLIC_URL when it is set, and says so', async () => {
    const logger = capturingLogger();
    const { runtime, cleanup } = await openTestRuntime(dialect, { publicUrl: PUBLIC_URL }, {}, logger);
    try {
      const signedUp = await requestApp(runtime, '/auth/sign-up/email', {
        method: 'POST',
        headers: { origin: PUBLIC_URL },
        json: { email: 'victim@example.com', password: 'a long enough password', name: 'Victim' },
      });
      expect(signedUp.status, await signedUp.text()).toBe(200);
      const asked = await runtime.app.request(`http://${ATTACKER}/auth/request-password-reset`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'victim@example.com' }),
      });
      expect(asked.status).toBe(200);
      const line = await loggedResetLine(logger.lines, 'victim@example.com');
      expect(new URL(String(line.fields.link)).origin).toBe(PUBLIC_URL);
      expect(line.message).toContain('its link is on HEARBACK_PUBLIC_URL');
    } finally {
      await cleanup();
    }
  });
});
