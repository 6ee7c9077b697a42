import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../src/runtime.js';
import { captchaService } from '../src/services/captcha.js';
import type { BootstrappedOrganization } from '../src/services/organizations.js';
import { createPage } from './support/feedback-page-fixture.js';
import { dialectsUnderTest, openTestRuntime } from './support/harness.js';
import { listResponses, postForm, solvedCaptcha } from './support/public-page-client.js';

const QUESTIONS = [{ id: 'nps', type: 'nps', title: 'How likely are you to recommend us?', required: true }];
/** Little work per challenge: the tests solve many. */
const QUICK_CAPTCHA = { counter: { min: 10, max: 200 } };

for (const dialect of dialectsUnderTest()) {
  describe(`responses from the public page [${dialect}]`, () => {
    let runtime: Runtime;
    let cleanup: () => Promise<void>;
    let org: BootstrappedOrganization;
    beforeAll(async () => {
      ({ runtime, cleanup } = await openTestRuntime(dialect, {}, { captcha: QUICK_CAPTCHA }));
      org = await runtime.services.organizations.bootstrap({ name: `Submissions ${dialect}` });
    });
    afterAll(() => cleanup());

    let counter = 0;
    const newPage = (settings: Record<string, unknown>) =>
      createPage(runtime, org, { title: 'Survey', slug: `survey-${++counter}`, questions: QUESTIONS, settings });
    const spentRows = () => runtime.database.db.selectFrom('captcha_spent_challenges').selectAll().execute();

    describe('captcha', () => {
      it('asks for a solution (400 captcha_required), saying that it needs JavaScript', async () => {
        const { page, path } = await newPage({});
        expect(await (await runtime.app.request(path)).text()).toContain('<noscript><p class="notice">');
        const form = await postForm(runtime, path, [['q.nps', '9']]);
        expect(form.status).toBe(400);
        const html = await form.text();
        expect(html).toContain('enable JavaScript');
        expect(html).toMatch(/class="error-summary"[^>]*role="alert"[^>]*><h2[^>]*>There is a problem/);

        const json = await runtime.app.request(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ answers: { nps: 9 } }),
        });
        expect(json.status).toBe(400);
        expect(await json.json()).toMatchObject({ code: 'captcha_required' });
        expect(await listResponses(runtime, org, page.id)).toEqual([]);
      });

      it('accepts a solved challenge once; a replay is 400 captcha_failed', async () => {
        const { page, path } = await newPage({});
        const payload = await solvedCaptcha(runtime, path);
        const first = await postForm(runtime, path, [
          ['q.nps', '9'],
          ['altcha', payload],
        ]);
        expect(first.status).toBe(200);
        const replay = await runtime.app.request(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ answers: { nps: 3 }, captcha: payload }),
        });
        expect(replay.status).toBe(400);
        expect(await replay.json()).toMatchObject({ code: 'captcha_failed' });
        expect((await listResponses(runtime, org, page.id)).map((response) => response.answers)).toEqual([{ nps: 9 }]);
      });

      it('does not spend a solution on answers that must be corrected', async () => {
        const { path } = await newPage({});
        const payload = await solvedCaptcha(runtime, path);
        const refused = await postForm(runtime, path, [['altcha', payload]]);
        expect(refused.status).toBe(400);
        expect(await refused.text()).toContain('This question is required.');
        const accepted = await postForm(runtime, path, [
          ['q.nps', '7'],
          ['altcha', payload],
        ]);
        expect(accepted.status).toBe(200);
      });

      it('refuses an expired challenge, a forged one, and one of another page', async () => {
        const { path } = await newPage({});
        const other = await newPage({});
        const expiredCaptcha = captchaService(runtime.store, runtime.secrets, {
          ttlMs: -60_000,
          counter: { min: 1, max: 5 },
        });
        const { solveChallenge } = await import('altcha-lib');
        const { deriveKey } = await import('altcha-lib/algorithms/sha');
        const page = await runtime.services.publicPages.find(org.organization.slug, path.split('/')[3] ?? '');
        const expired = await expiredCaptcha.challenge(page?.id ?? '');
        const expiredPayload = Buffer.from(
          JSON.stringify({ challenge: expired, solution: await solveChallenge({ challenge: expired, deriveKey }) }),
        ).toString('base64');
        const stale = await postForm(runtime, path, [
          ['q.nps', '9'],
          ['altcha', expiredPayload],
        ]);
        expect(stale.status).toBe(400);
        expect(await stale.text()).toContain('The captcha expired');

        const foreign = await solvedCaptcha(runtime, other.path);
        const misplaced = await runtime.app.request(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ answers: { nps: 9 }, captcha: foreign }),
        });
        expect(await misplaced.json()).toMatchObject({ status: 400, code: 'captcha_failed' });

        const genuine = JSON.parse(Buffer.from(await solvedCaptcha(runtime, path), 'base64').toString());
        // The key the work found is what proves it: one changed digit is a forgery.
        const key: string = genuine.solution.derivedKey;
        genuine.solution.derivedKey = `${key.slice(0, -1)}${key.endsWith('0') ? '1' : '0'}`;
        const forged = await runtime.app.request(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            answers: { nps: 9 },
            captcha: Buffer.from(JSON.stringify(genuine)).toString('base64'),
          }),
        });
        expect(await forged.json()).toMatchObject({ status: 400, code: 'captcha_failed' });
      });

      it('keeps spent challenges until they expire; housekeeping then purges them', async () => {
        const { path } = await newPage({});
        const before = (await spentRows()).length;
        await postForm(runtime, path, [
          ['q.nps', '9'],
          ['altcha', await solvedCaptcha(runtime, path)],
        ]);
        expect((await spentRows()).length).toBe(before + 1);
        const later = new Date(Date.now() + 11 * 60_000);
        expect((await runtime.housekeeping.pruneOnce(later)).spentChallenges).toBeGreaterThanOrEqual(1);
        expect(await spentRows()).toEqual([]);
      });

      it('is never asked of keyed API calls', async () => {
        const { page } = await newPage({});
        const response = await runtime.app.request(
          `/v1/organizations/${org.organization.id}/feedback-pages/${page.id}/responses`,
          {
            method: 'POST',
            headers: { 'x-service-key': org.collectKey, 'content-type': 'application/json' },
            body: JSON.stringify({ answers: { nps: 10 } }),
          },
        );
        expect(response.status).toBe(201);
      });
    });

    describe('single submission', () => {
      it('sets a page-scoped HttpOnly cookie, and a second response with it is 409 already_submitted', async () => {
        const { page, path } = await newPage({ captcha: false, singleSubmission: true });
        const first = await postForm(runtime, path, [['q.nps', '9']], { headers: { 'user-agent': 'Browser A' } });
        expect(first.status).toBe(200);
        const cookie = first.headers.get('set-cookie') ?? '';
        expect(cookie).toMatch(/^hearback_answered=1;/);
        expect(cookie).toContain(`Path=${path}`);
        expect(cookie).toContain('HttpOnly');
        expect(cookie).toContain('SameSite=Lax');

        const again = await postForm(runtime, path, [['q.nps', '2']], {
          headers: { 'user-agent': 'Browser B', cookie: cookie.split(';')[0] ?? '' },
          remoteAddress: '198.51.100.20',
        });
        expect(again.status).toBe(409);
        expect(await again.text()).toContain('You have already answered');
        expect(await listResponses(runtime, org, page.id)).toHaveLength(1);
        // Coming back to the page, the browser is told so rather than shown the form.
        const revisit = await runtime.app.request(path, { headers: { cookie: cookie.split(';')[0] ?? '' } });
        expect(revisit.status).toBe(200);
        const html = await revisit.text();
        expect(html).toContain('You have already answered');
        expect(html).not.toContain('<form');
      });

      it('recognises the same address and browser without the cookie, not another browser', async () => {
        const { page, path } = await newPage({ captcha: false, singleSubmission: true });
        const as = (agent: string, address: string) =>
          postForm(runtime, path, [['q.nps', '9']], { headers: { 'user-agent': agent }, remoteAddress: address });
        expect((await as('Browser A', '198.51.100.1')).status).toBe(200);
        const json = await runtime.app.request(
          path,
          {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'user-agent': 'Browser A' },
            body: JSON.stringify({ answers: { nps: 1 } }),
          },
          { incoming: { socket: { remoteAddress: '198.51.100.1' } } },
        );
        expect(json.status).toBe(409);
        expect(await json.json()).toMatchObject({ code: 'already_submitted' });
        expect((await as('Browser B', '198.51.100.1')).status).toBe(200);
        expect((await as('Browser A', '198.51.100.2')).status).toBe(200);
        expect(await listResponses(runtime, org, page.id)).toHaveLength(3);
      });

      it('on anonymous pages stores no address, agent or hash: only the cookie counts', async () => {
        const { page, path } = await newPage({ captcha: false, singleSubmission: true, anonymous: true });
        const first = await postForm(runtime, path, [['q.nps', '9']], { headers: { 'user-agent': 'Browser A' } });
        expect(first.status).toBe(200);
        // Same address and browser, no cookie: nothing remembers them.
        const second = await postForm(runtime, path, [['q.nps', '8']], { headers: { 'user-agent': 'Browser A' } });
        expect(second.status).toBe(200);
        const withCookie = await postForm(runtime, path, [['q.nps', '7']], {
          headers: { cookie: (first.headers.get('set-cookie') ?? '').split(';')[0] ?? '' },
        });
        expect(withCookie.status).toBe(409);
        const rows = await runtime.database.db
          .selectFrom('page_responses')
          .select(['ip_address', 'user_agent', 'respondent_hash'])
          .where('page_id', '=', page.id)
          .execute();
        expect(rows).toEqual([
          { ip_address: null, user_agent: null, respondent_hash: null },
          { ip_address: null, user_agent: null, respondent_hash: null },
        ]);
      });
    });
  });

  describe(`the respondent's address [${dialect}]`, () => {
    const proxied = { headers: { 'x-forwarded-for': '192.0.2.50, 198.51.100.23, 203.0.113.99' } };
    async function storedAddress(trustedProxies: string[]): Promise<string | null> {
      const { runtime, cleanup } = await openTestRuntime(dialect, { trustedProxies });
      try {
        const org = await runtime.services.organizations.bootstrap({ name: `Proxied ${dialect}` });
        const { page, path } = await createPage(runtime, org, {
          title: 'Proxied',
          slug: `proxied-${trustedProxies.length}`,
          questions: QUESTIONS,
          settings: { captcha: false },
        });
        // From 203.0.113.7, which forwards for 203.0.113.99 (another proxy), for 198.51.100.23.
        expect((await postForm(runtime, path, [['q.nps', '9']], proxied)).status).toBe(200);
        const [response] = await listResponses(runtime, org, page.id);
        return (response?.ipAddress as string | null) ?? null;
      } finally {
        await cleanup();
      }
    }

    it('is the connection’s, whatever X-Forwarded-For says, unless the proxy is trusted', async () => {
      expect(await storedAddress([])).toBe('203.0.113.7');
    });

    it('behind trusted proxies, is the nearest forwarded address that is not one of them', async () => {
      // 192.0.2.50 was written by the client itself: only what the trusted proxies appended counts.
      expect(await storedAddress(['203.0.113.0/24'])).toBe('198.51.100.23');
    });
  });
}
