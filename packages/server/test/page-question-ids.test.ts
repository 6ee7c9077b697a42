import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../src/runtime.js';
import type { BootstrappedOrganization } from '../src/services/organizations.js';
import { createPage } from './support/feedback-page-fixture.js';
import { dialectsUnderTest, openTestRuntime, requestApp } from './support/harness.js';
import { listResponses, postForm } from './support/public-page-client.js';

// Ids are the author's own words; these are also the names of Object.prototype's members, which a
// plain `{}` keyed by question id would answer (or, for `__proto__`, take as its prototype).
const QUESTIONS = [
  { id: 'constructor', type: 'short_text', title: 'Your role' },
  { id: 'toString', type: 'number', title: 'Team size' },
  { id: '__proto__', type: 'short_text', title: 'Anything else' },
  { id: 'hasOwnProperty', type: 'nps', title: 'How likely are you to recommend us?', required: true },
];

for (const dialect of dialectsUnderTest()) {
  describe(`question ids named like Object.prototype members [${dialect}]`, () => {
    let runtime: Runtime;
    let cleanup: () => Promise<void>;
    let org: BootstrappedOrganization;
    let page: { id: string };
    let path: string;
    beforeAll(async () => {
      ({ runtime, cleanup } = await openTestRuntime(dialect));
      org = await runtime.services.organizations.bootstrap({ name: `Prototype ids ${dialect}` });
      ({ page, path } = await createPage(runtime, org, {
        title: 'Survey',
        slug: 'survey',
        questions: QUESTIONS,
        settings: { captcha: false },
      }));
    });
    afterAll(() => cleanup());

    /** Posts a raw JSON body (JSON.stringify of an object literal would drop `__proto__`). */
    const postResponse = (body: string) =>
      requestApp(runtime, `/v1/organizations/${org.organization.id}/feedback-pages/${page.id}/responses`, {
        method: 'POST',
        key: org.adminKey,
        headers: { 'content-type': 'application/json' },
        body,
      });

    it('keeps the ids on the page as given', async () => {
      const response = await requestApp(runtime, `/v1/organizations/${org.organization.id}/feedback-pages/${page.id}`, {
        key: org.adminKey,
      });
      const body = (await response.json()) as { questions: { id: string }[] };
      expect(body.questions.map((question) => question.id)).toEqual(QUESTIONS.map((question) => question.id));
    });

    it('takes a response by the API with the optional ones left blank', async () => {
      const response = await postResponse('{"answers":{"hasOwnProperty":7}}');
      expect(response.status).toBe(201);
      expect(((await response.json()) as { answers: unknown }).answers).toEqual({ hasOwnProperty: 7 });
    });

    it('says the required one is required when left out', async () => {
      const response = await postResponse('{"answers":{}}');
      expect(response.status).toBe(400);
      const problem = (await response.json()) as { errors: { path: string; message: string }[] };
      expect(problem.errors).toEqual([
        {
          path: 'answers.hasOwnProperty',
          message: '“How likely are you to recommend us?”: This question is required.',
        },
      ]);
    });

    it('stores every answer, `__proto__` as an ordinary one, and reads it back', async () => {
      const response = await postResponse(
        '{"answers":{"constructor":"Engineer","toString":12,"__proto__":"Keep going","hasOwnProperty":10}}',
      );
      expect(response.status).toBe(201);
      const { id } = (await response.json()) as { id: string };
      const read = await requestApp(
        runtime,
        `/v1/organizations/${org.organization.id}/feedback-pages/${page.id}/responses/${id}`,
        { key: org.adminKey },
      );
      expect(read.status).toBe(200);
      const text = await read.text();
      expect(text).toContain('"__proto__":"Keep going"');
      expect(Object.entries((JSON.parse(text) as { answers: object }).answers)).toEqual([
        ['constructor', 'Engineer'],
        ['toString', 12],
        ['__proto__', 'Keep going'],
        ['hasOwnProperty', 10],
      ]);
    });

    it('takes the form posted without script, and shows it again with its errors (never a 500)', async () => {
      const refused = await postForm(runtime, path, [['q.toString', 'many']]);
      expect(refused.status).toBe(400);
      const html = await refused.text();
      expect(html).toContain('How likely are you to recommend us?: This question is required.');
      expect(html).toContain('Team size: Expected a number.');
      expect(html).not.toContain('function');

      const accepted = await postForm(runtime, path, [
        ['q.hasOwnProperty', '9'],
        ['q.__proto__', 'From the form'],
      ]);
      expect(accepted.status).toBe(200);
      expect(await accepted.text()).toContain('Thank you');
      const [latest] = await listResponses(runtime, org, page.id);
      expect(latest?.answers).toEqual(JSON.parse('{"__proto__":"From the form","hasOwnProperty":9}'));
    });

    it('takes the page script’s JSON post', async () => {
      const response = await runtime.app.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"answers":{"hasOwnProperty":3,"__proto__":"From the script"}}',
      });
      expect(response.status).toBe(201);
      const [latest] = await listResponses(runtime, org, page.id);
      expect(latest?.answers).toEqual(JSON.parse('{"__proto__":"From the script","hasOwnProperty":3}'));
    });

    it('exports the answers under their questions', async () => {
      const response = await requestApp(
        runtime,
        `/v1/organizations/${org.organization.id}/feedback-pages/${page.id}/responses/export?format=csv`,
        { key: org.adminKey },
      );
      const lines = (await response.text()).replace(/^\uFEFF/, '').split('\r\n');
      expect(lines[0]).toBe(
        'id,createdAt,pageVersion,contactName,contactEmail,Your role,Team size,Anything else,How likely are you to recommend us?',
      );
      // The first response answered only the required question: no inherited members in its row.
      expect(lines.at(-2)?.split(',').slice(5)).toEqual(['', '', '', '7']);
      expect(lines).toContainEqual(expect.stringMatching(/,Engineer,12,Keep going,10$/));
    });
  });
}
