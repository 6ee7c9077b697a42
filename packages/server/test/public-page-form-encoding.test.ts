import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../src/runtime.js';
import type { BootstrappedOrganization } from '../src/services/organizations.js';
import { createPage } from './support/feedback-page-fixture.js';
import { dialectsUnderTest, openTestRuntime } from './support/harness.js';
import { listResponses } from './support/public-page-client.js';

const QUESTIONS = [{ id: 'why', type: 'short_text', title: 'What brought you here?', required: true }];

/**
 * A form posted without script is read as UTF-8, as the page sends it. URLSearchParams turned
 * bytes that are not UTF-8 (`caf%E9`, Latin-1's é) into U+FFFD, and the response was stored as
 * `caf\uFFFD`; such a form is now refused with the page's own 400 message, and nothing is stored.
 */
for (const dialect of dialectsUnderTest()) {
  describe(`a form posted in another encoding than UTF-8 [${dialect}]`, () => {
    let runtime: Runtime;
    let cleanup: () => Promise<void>;
    let org: BootstrappedOrganization;
    let page: { id: string };
    let path: string;
    beforeAll(async () => {
      ({ runtime, cleanup } = await openTestRuntime(dialect));
      org = await runtime.services.organizations.bootstrap({ name: `Encodings ${dialect}` });
      ({ page, path } = await createPage(runtime, org, {
        title: 'Survey',
        slug: 'encodings',
        questions: QUESTIONS,
        settings: { captcha: false },
      }));
    });
    afterAll(() => cleanup());

    /** Posts `body` (bytes as they are) as a browser without script would. */
    const post = (body: string | Uint8Array, contentType = 'application/x-www-form-urlencoded') =>
      runtime.app.request(path, { method: 'POST', headers: { 'content-type': contentType }, body });
    const storedAnswers = async () => (await listResponses(runtime, org, page.id)).map((response) => response.answers);

    it('is refused with the page’s 400 message saying the form could not be read, and nothing is stored', async () => {
      const garbled = [
        'q.why=caf%E9', // Latin-1 é, percent-encoded
        'q.why=%ED%A0%80', // an encoded surrogate
        'q.why=%C3', // a sequence cut short
        'q.caf%E9=1&q.why=fine', // in a field's name
      ];
      for (const body of garbled) {
        const response = await post(body);
        expect(response.status, body).toBe(400);
        expect(response.headers.get('content-type'), body).toMatch(/^text\/html/);
        const html = await response.text();
        expect(html, body).toContain('<h1 dir="auto">Your answers could not be read</h1>');
        expect(html, body).toContain('nothing was saved');
      }
      // The raw byte, not percent-encoded, as a hand-made client may send it.
      expect((await post(new Uint8Array([...Buffer.from('q.why=caf'), 0xe9]))).status).toBe(400);
      // A form declared in another charset would be read as UTF-8 all the same.
      expect((await post('q.why=caf%E9', 'application/x-www-form-urlencoded; charset=ISO-8859-1')).status).toBe(400);
      expect(await storedAnswers()).toEqual([]);
    });

    it('stores UTF-8 text as typed, with or without a charset=utf-8 label', async () => {
      expect((await post('q.why=caf%C3%A9+au+lait')).status).toBe(200);
      expect(
        (await post('q.why=na%C3%AFve%20%F0%9F%91%8D', 'application/x-www-form-urlencoded; charset=UTF-8')).status,
      ).toBe(200);
      // A lone `%` stays, as URLSearchParams reads it.
      expect((await post('q.why=100%+sure')).status).toBe(200);
      expect((await storedAnswers()).map((answers) => (answers as { why: string }).why).sort()).toEqual(
        ['100% sure', 'café au lait', 'naïve 👍'].sort(),
      );
    });
  });
}
