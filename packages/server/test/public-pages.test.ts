import { SAMPLE_ANSWERS, SAMPLE_QUESTIONS } from '@hearback/forms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../src/runtime.js';
import type { BootstrappedOrganization } from '../src/services/organizations.js';
import { clearOfDayChange } from './support/day-change.js';
import { ALL_TYPES_FORM, createPage } from './support/feedback-page-fixture.js';
import { dialectsUnderTest, openTestRuntime } from './support/harness.js';
import { listResponses, postForm, postStart, viewedVisit } from './support/public-page-client.js';

const NO_CAPTCHA = { captcha: false };

for (const dialect of dialectsUnderTest()) {
  describe(`the public feedback page [${dialect}]`, () => {
    let runtime: Runtime;
    let cleanup: () => Promise<void>;
    let org: BootstrappedOrganization;
    beforeAll(async () => {
      ({ runtime, cleanup } = await openTestRuntime(dialect));
      org = await runtime.services.organizations.bootstrap({ name: `Pages ${dialect}` });
    });
    afterAll(() => cleanup());

    let counter = 0;
    const slug = () => `page-${++counter}`;

    it('renders every question type with native, labelled controls that work without script', async () => {
      const { path } = await createPage(runtime, org, {
        title: 'All types',
        slug: slug(),
        questions: SAMPLE_QUESTIONS,
        settings: NO_CAPTCHA,
      });
      const response = await runtime.app.request(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const html = await response.text();
      expect(html).toContain(`<form method="post" action="${path}">`);
      // Ratings and single choice: radio groups in fieldsets with legends.
      for (const [id, count] of [
        ['stars', 5],
        ['mood', 5],
        ['nps', 11],
        ['csat', 5],
        ['plan', 2],
      ] as const) {
        expect(html).toContain(`<fieldset class="question`);
        expect(html.match(new RegExp(`type="radio" name="q\\.${id}"`, 'g'))?.length, id).toBe(count);
      }
      expect(html).toMatch(/<fieldset[^>]*id="q-nps"[^>]*><legend dir="auto">How likely are you to recommend us\?/);
      expect(html.match(/type="checkbox" name="q\.features"/g)).toHaveLength(3);
      expect(html).toMatch(
        /<label class="title" for="q-country"[^>]*>Where are you\?.*<select id="q-country" name="q\.country" required>/,
      );
      // Rank order: one position select per option, labelled by the option.
      for (const index of [0, 1, 2])
        expect(html).toContain(`<select id="q-priorities-${index}" name="r.priorities.${index}" required>`);
      expect(html).toContain('<label for="q-priorities-1" dir="auto">Price</label>');
      expect(html).toMatch(/<input type="email" id="q-email" name="q\.email" required/);
      expect(html).toMatch(/<input type="tel" id="q-phone" name="q\.phone" required/);
      expect(html).toMatch(/<input type="number" id="q-seats" name="q\.seats" required min="1" max="1000"/);
      expect(html).toMatch(/<input type="date" id="q-since" name="q\.since" required max="2030-12-31"/);
      expect(html).toMatch(/<input type="text" id="q-summary" name="q\.summary" required maxlength="40"/);
      expect(html).toMatch(
        /<textarea id="q-details" name="q\.details" rows="5" aria-describedby="q-details-description"/,
      );
      expect(html).toContain('<h2 dir="auto">About your visit</h2>');
      expect(html).toContain('<p dir="auto">Your answers help us improve.</p>');
      expect(html).toContain('<button type="submit" id="send">Send</button>');
    });

    it('escapes a hostile title, description, option and thank-you message', async () => {
      const hostile = '<img src=x onerror=alert(1)>"\'&';
      const { path } = await createPage(runtime, org, {
        title: `Title ${hostile}`,
        slug: slug(),
        description: `About ${hostile}`,
        questions: [
          {
            id: 'pick',
            type: 'single_choice',
            title: `Question ${hostile}`,
            description: `Help ${hostile}`,
            options: [
              { value: `v${hostile}`, label: `Label ${hostile}` },
              { value: 'other', label: 'Other' },
            ],
          },
        ],
        settings: { ...NO_CAPTCHA, thankYouMessage: `Thanks ${hostile}` },
      });
      const html = await (await runtime.app.request(path)).text();
      expect(html).not.toContain('<img src=x');
      expect(html).toContain('Title &lt;img src=x onerror=alert(1)&gt;&quot;&#39;&amp;');
      expect(html).toContain('Label &lt;img src=x');
      expect(html).toContain('value="v&lt;img src=x onerror=alert(1)&gt;&quot;&#39;&amp;"');
      const thanks = await (await postForm(runtime, path, [['q.pick', `v${hostile}`]])).text();
      expect(thanks).toContain('Thanks &lt;img src=x onerror=alert(1)&gt;&quot;&#39;&amp;');
      expect(thanks).not.toContain('<img src=x');
    });

    it('sends a strict Content Security Policy, framing allowed in embed mode only', async () => {
      const { path } = await createPage(runtime, org, { title: 'Csp', slug: slug(), questions: SAMPLE_QUESTIONS });
      const page = await runtime.app.request(path);
      const csp = page.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toMatch(/style-src 'self' 'nonce-[A-Za-z0-9+/=]{16,}'/);
      expect(csp).toContain("frame-ancestors 'none'");
      const html = await page.text();
      expect(html).not.toMatch(/<script(?![^>]*(type="application\/json"|src="\/f\/assets\/))/);
      expect(html).toContain('Powered by Hearback');

      const embed = await runtime.app.request(`${path}?embed=1`);
      expect(embed.headers.get('content-security-policy')).toContain('frame-ancestors *');
      const embedded = await embed.text();
      expect(embedded).not.toContain('Powered by Hearback');
      expect(embedded).toContain(`action="${path}?embed=1"`);
    });

    it('applies the theme through a nonce’d style, and the colour scheme', async () => {
      const { path } = await createPage(runtime, org, {
        title: 'Themed',
        slug: slug(),
        questions: [{ id: 'nps', type: 'nps', title: 'Score' }],
        settings: { theme: { colorScheme: 'dark', colors: { primary: '#7c3aed' }, radius: 4 } },
      });
      const response = await runtime.app.request(path);
      const nonce = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1];
      const html = await response.text();
      expect(html).toContain('data-scheme="dark"');
      // The button's label colour follows the primary chosen (white on violet), not the default's.
      expect(html).toContain(
        `<style nonce="${nonce}">:root{--hb-primary:#7c3aed;--hb-on-primary:#ffffff;--hb-radius:4px;}</style>`,
      );
    });

    it('takes a form posted without script: the response is stored and the thank-you page shown', async () => {
      const { page, path } = await createPage(runtime, org, {
        title: 'No script',
        slug: slug(),
        questions: SAMPLE_QUESTIONS,
        settings: NO_CAPTCHA,
      });
      const response = await postForm(runtime, path, ALL_TYPES_FORM, { headers: { 'user-agent': 'Test browser/1.0' } });
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('Thank you for your feedback!');
      const [stored] = await listResponses(runtime, org, page.id);
      expect(stored).toMatchObject({
        answers: SAMPLE_ANSWERS,
        channel: 'page',
        ipAddress: '203.0.113.7',
        userAgent: 'Test browser/1.0',
      });
    });

    it('redirects to the page’s redirect URL after a response (303), allowed by form-action', async () => {
      const { path } = await createPage(runtime, org, {
        title: 'Redirect',
        slug: slug(),
        questions: [{ id: 'nps', type: 'nps', title: 'Score' }],
        settings: { ...NO_CAPTCHA, redirectUrl: 'https://example.com/thanks' },
      });
      expect((await runtime.app.request(path)).headers.get('content-security-policy')).toContain(
        "form-action 'self' https://example.com",
      );
      const response = await postForm(runtime, path, [['q.nps', '10']]);
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe('https://example.com/thanks');
    });

    it('shows a refused form again with an error summary and each field’s error, keeping what was given', async () => {
      const { page, path } = await createPage(runtime, org, {
        title: 'Errors',
        slug: slug(),
        questions: SAMPLE_QUESTIONS,
        settings: NO_CAPTCHA,
      });
      const fields = ALL_TYPES_FORM.filter(([name]) => name !== 'q.nps' && name !== 'q.seats');
      fields.push(['q.seats', 'many'], ['r.priorities.2', '2']);
      const response = await postForm(runtime, path, [
        ...fields.filter(([name]) => name !== 'r.priorities.2'),
        ['r.priorities.2', '2'],
      ]);
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(html).toMatch(/<div class="error-summary" id="error-summary" role="alert" tabindex="-1"[^>]*>/);
      expect(html).toContain('<a href="#q-nps">How likely are you to recommend us?: This question is required.</a>');
      expect(html).toContain('<a href="#q-seats">How many seats?: Expected a number.</a>');
      // Options named as the respondent reads them (their labels), not by their values.
      expect(html).toContain(
        '<a href="#q-priorities">Rank what matters: Rank every option exactly once: “Speed”, “Price”, “Support”.</a>',
      );
      expect(html).toMatch(/<fieldset[^>]*id="q-nps"[^>]*aria-describedby="q-nps-error" aria-invalid="true"/);
      expect(html).toContain('<p class="error" id="q-nps-error">This question is required.</p>');
      expect(html).toMatch(
        /<input type="number" id="q-seats" name="q\.seats" value="many"[^>]*aria-describedby="q-seats-error" aria-invalid="true"/,
      );
      // What was right stays filled in.
      expect(html).toContain('value="Fast"');
      expect(html).toMatch(/name="q\.plan" value="pro" checked/);
      expect(await listResponses(runtime, org, page.id)).toEqual([]);
    });

    it('answers 404 pages for unknown addresses and drafts, 410 for a closed page, never a stack trace', async () => {
      const unknownOrg = await runtime.app.request('/f/no-such-org/anything');
      expect(unknownOrg.status).toBe(404);
      expect(unknownOrg.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await unknownOrg.text()).toContain('Page not found');
      expect((await runtime.app.request(`/f/${org.organization.slug}/no-such-page`)).status).toBe(404);

      const draft = await createPage(runtime, org, { title: 'Draft', slug: slug() }, { publish: false });
      expect((await runtime.app.request(draft.path)).status).toBe(404);
      expect((await postForm(runtime, draft.path, [])).status).toBe(404);

      const { page, path } = await createPage(runtime, org, {
        title: 'Soon closed',
        slug: slug(),
        questions: [{ id: 'nps', type: 'nps', title: 'Score' }],
        settings: NO_CAPTCHA,
      });
      const close = await runtime.app.request(
        `/v1/organizations/${org.organization.id}/feedback-pages/${page.id}/close`,
        { method: 'POST', headers: { 'x-service-key': org.adminKey } },
      );
      expect(close.status).toBe(200);
      const closed = await runtime.app.request(path);
      expect(closed.status).toBe(410);
      expect(await closed.text()).toContain('This page is closed');
      const posted = await postForm(runtime, path, [['q.nps', '5']]);
      expect(posted.status).toBe(410);

      // A program posting JSON gets problems, as from every API answer, not the pages people see.
      const postJson = (to: string) =>
        runtime.app.request(to, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ answers: { nps: 5 } }),
        });
      for (const [to, status, code] of [
        [`/f/${org.organization.slug}/no-such-page`, 404, 'not_found'],
        [draft.path, 404, 'not_found'],
        [path, 409, 'page_not_accepting_responses'],
      ] as const) {
        const answered = await postJson(to);
        expect(answered.status).toBe(status);
        expect(answered.headers.get('content-type')).toBe('application/problem+json');
        expect(((await answered.json()) as { code: string }).code).toBe(code);
      }
      // Respondents read that the form is closed, never the page's id or what its owner should do;
      // the owner's keyed API keeps both.
      for (const answered of [await postJson(path), await runtime.app.request(`${path}/challenge`)]) {
        expect(answered.status).toBe(409);
        expect(await answered.json()).toMatchObject({
          code: 'page_not_accepting_responses',
          detail: 'This form is closed and no longer takes responses.',
        });
      }
      const keyed = await runtime.app.request(
        `/v1/organizations/${org.organization.id}/feedback-pages/${page.id}/responses`,
        {
          method: 'POST',
          headers: { 'x-service-key': org.adminKey, 'content-type': 'application/json' },
          body: JSON.stringify({ answers: { nps: 5 } }),
        },
      );
      expect(await keyed.json()).toMatchObject({
        status: 409,
        code: 'page_not_accepting_responses',
        detail: `The feedback page ${page.id} is closed: reopen it to take responses again.`,
      });
      expect(await listResponses(runtime, org, page.id)).toEqual([]);
    });

    it('takes JSON from the page’s script: 201, or a problem naming answers.<questionId>', async () => {
      const { page, path } = await createPage(runtime, org, {
        title: 'Json',
        slug: slug(),
        questions: SAMPLE_QUESTIONS,
        settings: NO_CAPTCHA,
      });
      const refused = await runtime.app.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ answers: { ...SAMPLE_ANSWERS, nps: 11, phone: 'call me' } }),
      });
      expect(refused.status).toBe(400);
      expect(refused.headers.get('content-type')).toBe('application/problem+json');
      const problem = (await refused.json()) as { code: string; errors: { path: string }[] };
      expect(problem.code).toBe('validation_failed');
      expect(problem.errors.map((error) => error.path)).toEqual(['answers.nps', 'answers.phone']);
      const malformed = await runtime.app.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ answers: 'all good' }),
      });
      expect(((await malformed.json()) as { errors: unknown[] }).errors).toEqual([
        { path: 'answers', message: 'Must be an object.' },
      ]);
      // A member the page does not take is refused by name, and nothing is stored.
      const unknownMember = await runtime.app.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ answers: SAMPLE_ANSWERS, email: 'ada@example.com' }),
      });
      expect(unknownMember.status).toBe(400);
      expect(((await unknownMember.json()) as { errors: { path: string }[] }).errors.map((e) => e.path)).toEqual([
        'email',
      ]);
      // A name in Latin-1 bytes is refused (it used to be stored as `Jos\uFFFD`), as is a Latin-1 charset.
      const latin1Name = Buffer.concat([
        Buffer.from(`${JSON.stringify({ answers: SAMPLE_ANSWERS }).slice(0, -1)},"contact":{"name":"Jos`),
        Buffer.from([0xe9]),
        Buffer.from('"}}'),
      ]);
      for (const [contentType, status, code] of [
        ['application/json', 400, 'malformed_json'],
        ['application/json; charset=latin1', 415, 'unsupported_media_type'],
      ] as const) {
        const notUtf8 = await runtime.app.request(path, {
          method: 'POST',
          headers: { 'content-type': contentType },
          body: new Uint8Array(latin1Name),
        });
        expect(notUtf8.status).toBe(status);
        expect(((await notUtf8.json()) as { code: string }).code).toBe(code);
      }
      expect(await listResponses(runtime, org, page.id)).toEqual([]);

      const accepted = await runtime.app.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ answers: SAMPLE_ANSWERS }),
      });
      expect(accepted.status).toBe(201);
      const body = (await accepted.json()) as { id: string };
      expect(body).toMatchObject({ thankYouMessage: 'Thank you for your feedback!', redirectUrl: null });
      const [stored] = await listResponses(runtime, org, page.id);
      expect(stored).toMatchObject({ id: body.id, answers: SAMPLE_ANSWERS, channel: 'page' });
    });

    it('counts a view per visit of a published page (a HEAD request is none) and a start per visit', async () => {
      await clearOfDayChange();
      const { page, path } = await createPage(runtime, org, {
        title: 'Counted',
        slug: slug(),
        questions: [{ id: 'nps', type: 'nps', title: 'Score' }],
        settings: NO_CAPTCHA,
      });
      const visit = await viewedVisit(runtime, path);
      await runtime.app.request(`${path}?embed=1`);
      // A link checker or monitor asking only for the headers has not seen the page.
      expect((await runtime.app.request(path, { method: 'HEAD' })).status).toBe(200);
      expect((await postStart(runtime, path, visit)).status).toBe(204);
      const rows = await runtime.database.db
        .selectFrom('page_daily_counts')
        .selectAll()
        .where('page_id', '=', page.id)
        .execute();
      expect(rows).toEqual([{ page_id: page.id, day: new Date().toISOString().slice(0, 10), views: 2, starts: 1 }]);
    });

    it('serves the stylesheet (and the built script) immutable under a hashed name', async () => {
      const { path } = await createPage(runtime, org, {
        title: 'Assets',
        slug: slug(),
        questions: [{ id: 'nps', type: 'nps', title: 'Score' }],
      });
      const html = await (await runtime.app.request(path)).text();
      const stylesheet = /href="(\/f\/assets\/page\.[0-9a-f]{12}\.css)"/.exec(html)?.[1] ?? '';
      const css = await runtime.app.request(stylesheet);
      expect(css.status).toBe(200);
      expect(css.headers.get('cache-control')).toContain('immutable');
      expect(await css.text()).toContain('--hb-primary');
      const script = /src="(\/f\/assets\/page\.[0-9a-f]{12}\.js)"/.exec(html)?.[1];
      // The root test command builds every package first, so the script is there.
      expect(script).toBeDefined();
      expect((await runtime.app.request(script ?? '')).headers.get('content-type')).toBe(
        'text/javascript; charset=utf-8',
      );
    });
  });
}
