import { type Question, SAMPLE_ANSWERS, SAMPLE_QUESTIONS } from '@hearback/forms';
import { describe, expect, it } from 'vitest';
import {
  createBrand,
  createKey,
  describeScopeMatrix,
  expectHiddenFromOrgB,
  expectJson,
  expectProblem,
  type Json,
} from '../../../test/support/api.js';
import { describeEachDatabase } from '../../../test/support/harness.js';

/** The questions of the sample page without their ids, as a client that lets the server assign them sends them. */
const ALL_TYPES = SAMPLE_QUESTIONS.map(({ id: _id, ...question }) => question);

describeEachDatabase('Feedback pages', (bed) => {
  const orgA = () => bed().orgA;
  const pagesPath = () => `/organizations/${orgA().organization.id}/feedback-pages`;
  let unique = 0;

  async function createPage(body: Json = {}, key = orgA().adminKey): Promise<Json> {
    unique += 1;
    return expectJson(
      await bed().request(pagesPath(), {
        method: 'POST',
        key,
        json: { title: `Survey ${unique}`, questions: ALL_TYPES, ...body },
      }),
      201,
    );
  }
  async function publish(page: Json): Promise<Json> {
    return expectJson(
      await bed().request(`${pagesPath()}/${page.id}/publish`, { method: 'POST', key: orgA().adminKey }),
      200,
    );
  }
  const idOf = (page: Json, type: string) =>
    (page.questions as Question[]).find((question) => question.type === type)?.id as string;
  const submit = (page: Json, body: Json, key = orgA().adminKey) =>
    bed().request(`${pagesPath()}/${page.id}/responses`, { method: 'POST', key, json: body });

  /** A valid answer to every answerable question of `page` (the sample's answers, by question type). */
  function fullAnswers(page: Json): Json {
    const byType = new Map(SAMPLE_QUESTIONS.map((question) => [question.type, SAMPLE_ANSWERS[question.id]]));
    return Object.fromEntries(
      (page.questions as Question[])
        .filter((question) => byType.get(question.type) !== undefined)
        .map((question) => [question.id, byType.get(question.type)]),
    );
  }

  describe('create, read, change, delete', () => {
    it('creates a draft with ids for every question, a slug from its title and default settings', async () => {
      const page = await createPage({ title: 'Spring survey: Café ☕' });
      expect(page).toMatchObject({
        orgId: orgA().organization.id,
        slug: 'spring-survey-cafe',
        state: 'draft',
        version: 1,
        settings: { captcha: true, anonymous: false, requireContact: 'none', singleSubmission: false },
      });
      const questions = page.questions as Question[];
      expect(questions.map((question) => question.type)).toEqual(ALL_TYPES.map((question) => question.type));
      expect(new Set(questions.map((question) => question.id)).size).toBe(ALL_TYPES.length);
      const read = await expectJson(await bed().request(`${pagesPath()}/${page.id}`, { key: orgA().adminKey }), 200);
      expect(read).toEqual(page);
      // Under /v1 too, as the specification names it.
      expect((await bed().request(`/v1${pagesPath()}/${page.id}`, { key: orgA().adminKey })).status).toBe(200);
    });

    it('makes a taken title slug unique, and refuses a taken slug given explicitly with 409 slug_taken', async () => {
      const first = await createPage({ title: 'Onboarding', slug: undefined });
      const second = await createPage({ title: 'Onboarding' });
      expect(first.slug).toBe('onboarding');
      expect(second.slug).toBe('onboarding-2');
      await expectProblem(
        await bed().request(pagesPath(), {
          method: 'POST',
          key: orgA().adminKey,
          json: { title: 'Again', slug: 'onboarding' },
        }),
        409,
        'slug_taken',
      );
      await expectProblem(
        await bed().request(`${pagesPath()}/${second.id}`, {
          method: 'PATCH',
          key: orgA().adminKey,
          json: { slug: 'onboarding' },
        }),
        409,
        'slug_taken',
      );
    });

    it('refuses questions that break their type’s rules, naming each, and stores nothing', async () => {
      const before = await expectJson(await bed().request(`${pagesPath()}?limit=200`, { key: orgA().adminKey }), 200);
      const response = await bed().request(pagesPath(), {
        method: 'POST',
        key: orgA().adminKey,
        json: {
          title: 'Broken',
          questions: [
            { id: 'a', type: 'single_choice', title: 'One option', options: [{ value: 'x', label: 'X' }] },
            { id: 'a', type: 'nps', title: 'Same id' },
            { type: 'section_header', title: 'Header', required: true },
            { type: 'short_text', title: 'Options here?', options: [{ value: 'x', label: 'X' }] },
            { type: 'star_rating', title: 'Eleven stars', max: 11 },
            { type: 'date', title: 'Backwards', minDate: '2026-12-31', maxDate: '2026-01-01' },
            { type: 'nps', title: 'Typo', requird: true },
          ],
        },
      });
      const problem = await expectProblem(response, 400, 'validation_failed');
      const paths = (problem.errors as { path: string }[]).map((error) => error.path);
      expect(paths).toEqual(
        expect.arrayContaining([
          'questions.0.options',
          'questions.1.id',
          'questions.2.required',
          'questions.3.options',
          'questions.4.max',
          'questions.5.maxDate',
          'questions.6.requird',
        ]),
      );
      const after = await expectJson(await bed().request(`${pagesPath()}?limit=200`, { key: orgA().adminKey }), 200);
      expect((after.data as Json[]).length).toBe((before.data as Json[]).length);
    });

    it('refuses an update that changes nothing, leaving the page as it was', async () => {
      const page = await createPage({ title: 'Unchanged' });
      const problem = await expectProblem(
        await bed().request(`${pagesPath()}/${page.id}`, { method: 'PATCH', key: orgA().adminKey, json: {} }),
        400,
        'validation_failed',
      );
      expect(problem.detail).toContain('at least one member');
      const after = await expectJson(await bed().request(`${pagesPath()}/${page.id}`, { key: orgA().adminKey }), 200);
      expect(after).toEqual(page);
    });

    it('merges settings member by member and refuses a redirect that is not http(s)', async () => {
      const page = await createPage({ settings: { anonymous: true, theme: { colors: { primary: '#0f766e' } } } });
      const updated = await expectJson(
        await bed().request(`${pagesPath()}/${page.id}`, {
          method: 'PATCH',
          key: orgA().adminKey,
          json: { settings: { requireContact: 'email', redirectUrl: 'https://example.com/thanks' } },
        }),
        200,
      );
      expect(updated.settings).toMatchObject({
        anonymous: true,
        requireContact: 'email',
        redirectUrl: 'https://example.com/thanks',
        theme: { colors: { primary: '#0f766e' } },
      });
      const problem = await expectProblem(
        await bed().request(`${pagesPath()}/${page.id}`, {
          method: 'PATCH',
          key: orgA().adminKey,
          json: { settings: { redirectUrl: 'javascript:alert(1)' } },
        }),
        400,
        'validation_failed',
      );
      expect(problem.errors).toEqual([{ path: 'settings.redirectUrl', message: expect.stringContaining('http') }]);
    });

    it('lists each page with its number of responses', async () => {
      const answered = await publish(await createPage());
      const unanswered = await publish(await createPage());
      const draft = await createPage();
      for (let count = 0; count < 2; count++)
        await expectJson(await submit(answered, { answers: fullAnswers(answered) }), 201);
      const listed = await expectJson(await bed().request(`${pagesPath()}?limit=200`, { key: orgA().adminKey }), 200);
      const countOf = (page: Json) => (listed.data as Json[]).find((item) => item.id === page.id)?.responseCount;
      expect([countOf(answered), countOf(unanswered), countOf(draft)]).toEqual([2, 0, 0]);
    });

    it('lists pages by state and deletes one with its responses', async () => {
      const draft = await createPage();
      const live = await publish(await createPage());
      const published = await expectJson(
        await bed().request(`${pagesPath()}?state=published&limit=200`, { key: orgA().adminKey }),
        200,
      );
      const ids = (published.data as Json[]).map((page) => page.id);
      expect(ids).toContain(live.id);
      expect(ids).not.toContain(draft.id);
      await expectJson(await submit(live, { answers: fullAnswers(live) }), 201);
      await expectJson(
        await bed().request(`${pagesPath()}/${live.id}`, { method: 'DELETE', key: orgA().adminKey }),
        200,
      );
      await expectProblem(await bed().request(`${pagesPath()}/${live.id}`, { key: orgA().adminKey }), 404, 'not_found');
      await expectProblem(
        await bed().request(`${pagesPath()}/${live.id}/responses`, { key: orgA().adminKey }),
        404,
        'not_found',
      );
    });
  });

  describe('states and versions', () => {
    it('goes draft → published → closed → published, refusing the other moves with 409', async () => {
      const page = await createPage();
      const action = (name: string) =>
        bed().request(`${pagesPath()}/${page.id}/${name}`, { method: 'POST', key: orgA().adminKey });
      await expectProblem(await action('close'), 409, 'conflict');
      await expectProblem(await action('reopen'), 409, 'conflict');
      expect(await expectJson(await action('publish'), 200)).toMatchObject({ state: 'published', closedAt: null });
      await expectProblem(await action('publish'), 409, 'conflict');
      const closed = await expectJson(await action('close'), 200);
      expect(closed).toMatchObject({ state: 'closed', closedAt: expect.any(String) });
      expect(await expectJson(await action('reopen'), 200)).toMatchObject({ state: 'published', closedAt: null });
    });

    it('publishes only a page with a question to answer', async () => {
      const empty = await createPage({ questions: [{ type: 'content_block', title: 'Just text' }] });
      const problem = await expectProblem(
        await bed().request(`${pagesPath()}/${empty.id}/publish`, { method: 'POST', key: orgA().adminKey }),
        409,
        'conflict',
      );
      expect(problem.detail).toContain('at least one question');
    });

    it('keeps a published page editable: new questions make a new version, and each response records its own', async () => {
      const page = await publish(await createPage());
      const first = await expectJson(await submit(page, { answers: fullAnswers(page) }), 201);
      expect(first.pageVersion).toBe(1);

      const questions = [...(page.questions as Question[]), { type: 'short_text', title: 'Added later' }];
      const edited = await expectJson(
        await bed().request(`${pagesPath()}/${page.id}`, {
          method: 'PATCH',
          key: orgA().adminKey,
          json: { questions },
        }),
        200,
      );
      expect(edited).toMatchObject({ state: 'published', version: 2 });
      const addedId = (edited.questions as Question[]).at(-1)?.id as string;
      const second = await expectJson(
        await submit(edited, { answers: { ...fullAnswers(edited), [addedId]: 'New answer' } }),
        201,
      );
      expect(second.pageVersion).toBe(2);
      // A title-only change keeps the version.
      const renamed = await expectJson(
        await bed().request(`${pagesPath()}/${page.id}`, {
          method: 'PATCH',
          key: orgA().adminKey,
          json: { title: 'Renamed' },
        }),
        200,
      );
      expect(renamed.version).toBe(2);
      const stored = await bed().runtime.store.feedbackPages.versionQuestions(page.id as string, 1);
      expect(stored?.map((question) => question.id)).toEqual((page.questions as Question[]).map((q) => q.id));
    });
  });

  describe('responses with a key', () => {
    it('stores every type’s answer normalised, and reads it back', async () => {
      const page = await publish(await createPage());
      const response = await expectJson(
        await submit(page, { answers: fullAnswers(page), context: { plan: 'pro' } }),
        201,
      );
      expect(response).toMatchObject({
        pageId: page.id,
        channel: 'api',
        ipAddress: null,
        userAgent: null,
        context: { plan: 'pro' },
        answers: {
          [idOf(page, 'email')]: 'ada@example.com',
          [idOf(page, 'phone')]: '+442079460958',
          [idOf(page, 'rank_order')]: SAMPLE_ANSWERS.priorities,
        },
      });
      const read = await expectJson(
        await bed().request(`${pagesPath()}/${page.id}/responses/${response.id}`, { key: orgA().adminKey }),
        200,
      );
      expect(read).toEqual(response);
    });

    it('names every invalid or missing required answer by question, and stores nothing', async () => {
      const page = await publish(await createPage());
      const { [idOf(page, 'star_rating')]: _left, ...answered } = fullAnswers(page);
      const response = await submit(page, {
        answers: {
          ...answered,
          [idOf(page, 'nps')]: 11,
          [idOf(page, 'rank_order')]: ['speed'],
          [idOf(page, 'phone')]: '020 7946 0958',
          [idOf(page, 'date')]: '2026-02-30',
          ghost: 'boo',
        },
      });
      const problem = await expectProblem(response, 400, 'validation_failed');
      expect(problem.errors).toEqual([
        { path: `answers.${idOf(page, 'star_rating')}`, message: '“How many stars?”: This question is required.' },
        {
          path: `answers.${idOf(page, 'nps')}`,
          message: '“How likely are you to recommend us?”: Choose a whole number from 0 to 10.',
        },
        {
          path: `answers.${idOf(page, 'rank_order')}`,
          message: expect.stringContaining('Rank every option exactly once'),
        },
        { path: `answers.${idOf(page, 'phone')}`, message: expect.stringContaining('country code') },
        { path: `answers.${idOf(page, 'date')}`, message: expect.stringContaining('calendar date') },
        { path: 'answers.ghost', message: 'The page has no question with this id.' },
      ]);
      const list = await expectJson(
        await bed().request(`${pagesPath()}/${page.id}/responses`, { key: orgA().adminKey }),
        200,
      );
      expect(list.data).toEqual([]);
    });

    it('requires the contact the page asks for', async () => {
      const page = await publish(await createPage({ settings: { requireContact: 'name_email' } }));
      const answers = fullAnswers(page);
      const problem = await expectProblem(
        await submit(page, { answers, contact: { email: 'nope' } }),
        400,
        'validation_failed',
      );
      expect((problem.errors as { path: string }[]).map((error) => error.path)).toEqual(['contact.email']);
      const missingName = await expectProblem(
        await submit(page, { answers, contact: { email: 'ada@example.com' } }),
        400,
        'validation_failed',
      );
      expect(missingName.errors).toEqual([{ path: 'contact.name', message: 'Your name is required.' }]);
      const ok = await expectJson(
        await submit(page, { answers, contact: { email: 'ada@example.com', name: 'Ada' } }),
        201,
      );
      expect(ok.contact).toEqual({ email: 'ada@example.com', name: 'Ada' });
    });

    it('refuses responses to drafts and closed pages with 409 page_not_accepting_responses', async () => {
      const page = await createPage();
      await expectProblem(await submit(page, { answers: fullAnswers(page) }), 409, 'page_not_accepting_responses');
      await publish(page);
      await bed().request(`${pagesPath()}/${page.id}/close`, { method: 'POST', key: orgA().adminKey });
      const problem = await expectProblem(
        await submit(page, { answers: fullAnswers(page) }),
        409,
        'page_not_accepting_responses',
      );
      expect(problem.detail).toContain('closed');
    });

    it('writes page_response.created with the response, in the same commit', async () => {
      const page = await publish(await createPage());
      const response = await expectJson(await submit(page, { answers: fullAnswers(page) }), 201);
      const events = await bed().runtime.store.outbox.readAfter({ tx: '0', seq: 0 }, 100_000);
      const event = events.find((candidate) => (candidate.data as Json).id === response.id);
      expect(event).toMatchObject({ type: 'page_response.created', orgId: orgA().organization.id, data: response });
    });

    it('accepts a collect-only key (a server sending answers), and lists newest first within dates', async () => {
      const page = await publish(await createPage());
      const collectKey = orgA().collectKey;
      const older = await expectJson(await submit(page, { answers: fullAnswers(page) }, collectKey), 201);
      const newer = await expectJson(await submit(page, { answers: fullAnswers(page) }, collectKey), 201);
      const listed = await expectJson(
        await bed().request(`${pagesPath()}/${page.id}/responses?limit=1`, { key: orgA().adminKey }),
        200,
      );
      expect((listed.data as Json[]).map((item) => item.id)).toEqual([newer.id]);
      const next = await expectJson(
        await bed().request(`${pagesPath()}/${page.id}/responses?limit=1&cursor=${listed.nextCursor}`, {
          key: orgA().adminKey,
        }),
        200,
      );
      expect((next.data as Json[]).map((item) => item.id)).toEqual([older.id]);
      const future = await expectJson(
        await bed().request(`${pagesPath()}/${page.id}/responses?from=2999-01-01`, { key: orgA().adminKey }),
        200,
      );
      expect(future.data).toEqual([]);
    });
  });

  describe('the structure, for a program that submits', () => {
    it('lets a collect-only key read a published page and answer it by the question ids it read', async () => {
      const page = await publish(await createPage());
      const collectKey = orgA().collectKey;
      const read = await expectJson(await bed().request(`/v1${pagesPath()}/${page.id}`, { key: collectKey }), 200);
      expect(read).toMatchObject({ id: page.id, state: 'published', questions: page.questions });
      await expectJson(await submit(read, { answers: fullAnswers(read) }, collectKey), 201);
    });

    it('reads a closed page to a collect-only key, but answers it 404 for a draft', async () => {
      const closed = await publish(await createPage());
      await expectJson(
        await bed().request(`${pagesPath()}/${closed.id}/close`, { method: 'POST', key: orgA().adminKey }),
        200,
      );
      const key = orgA().collectKey;
      expect((await expectJson(await bed().request(`${pagesPath()}/${closed.id}`, { key }), 200)).state).toBe('closed');
      const draft = await createPage();
      await expectProblem(await bed().request(`${pagesPath()}/${draft.id}`, { key }), 404, 'not_found');
      // Those who read pages still see drafts.
      const forms = (await createKey(bed(), orgA(), { scopes: ['forms'] })).secret;
      expect((await expectJson(await bed().request(`${pagesPath()}/${draft.id}`, { key: forms }), 200)).state).toBe(
        'draft',
      );
    });
  });

  describe('tenancy and brands', () => {
    it('hides one organization’s pages and responses from another', async () => {
      const page = await publish(await createPage());
      const response = await expectJson(await submit(page, { answers: fullAnswers(page) }), 201);
      for (const path of [
        `${pagesPath()}/${page.id}`,
        `${pagesPath()}/${page.id}/responses`,
        `${pagesPath()}/${page.id}/responses/${response.id}`,
      ]) {
        await expectHiddenFromOrgB(bed(), { method: 'GET', path });
      }
      await expectHiddenFromOrgB(bed(), {
        method: 'POST',
        path: `${pagesPath()}/${page.id}/responses`,
        json: { answers: {} },
      });
      await expectHiddenFromOrgB(bed(), { method: 'DELETE', path: `${pagesPath()}/${page.id}` });
      // Org B's own path does not find org A's page either.
      const orgBPath = `/organizations/${bed().orgB.organization.id}/feedback-pages/${page.id}`;
      await expectProblem(await bed().request(orgBPath, { key: bed().orgB.adminKey }), 404, 'not_found');
    });

    it('gives a brand-scoped key its brand’s pages only', async () => {
      const brand = await createBrand(bed(), orgA(), `Brand ${++unique}`);
      const brandKey = await createKey(bed(), orgA(), { scopes: ['forms', 'read'], brandId: brand.id as string });
      const orgWide = await createPage();
      const branded = await createPage({}, brandKey.secret);
      expect(branded.brandId).toBe(brand.id);
      const listed = await expectJson(await bed().request(`${pagesPath()}?limit=200`, { key: brandKey.secret }), 200);
      expect((listed.data as Json[]).map((page) => page.id)).toEqual([branded.id]);
      await expectProblem(
        await bed().request(`${pagesPath()}/${orgWide.id}`, { key: brandKey.secret }),
        404,
        'not_found',
      );
      // The organization-wide key sees both.
      const all = await expectJson(await bed().request(`${pagesPath()}?limit=200`, { key: orgA().adminKey }), 200);
      expect((all.data as Json[]).map((page) => page.id)).toEqual(expect.arrayContaining([orgWide.id, branded.id]));
    });
  });

  describeScopeMatrix(bed, 'Feedback pages', [
    { operationId: 'listFeedbackPages', okStatus: 200, call: () => ({ method: 'GET', path: pagesPath() }) },
    {
      operationId: 'createFeedbackPage',
      okStatus: 201,
      call: () => ({ method: 'POST', path: pagesPath(), json: { title: `Scoped ${++unique}`, questions: ALL_TYPES } }),
    },
    {
      operationId: 'getFeedbackPage',
      okStatus: 200,
      // Published: a key that may only submit (collect) reads the pages it can answer, not drafts.
      call: async () => ({ method: 'GET', path: `${pagesPath()}/${(await publish(await createPage())).id}` }),
    },
    {
      operationId: 'updateFeedbackPage',
      okStatus: 200,
      call: async () => ({
        method: 'PATCH',
        path: `${pagesPath()}/${(await createPage()).id}`,
        json: { title: 'New' },
      }),
    },
    {
      operationId: 'deleteFeedbackPage',
      okStatus: 200,
      call: async () => ({ method: 'DELETE', path: `${pagesPath()}/${(await createPage()).id}` }),
    },
    {
      operationId: 'publishFeedbackPage',
      okStatus: 200,
      call: async () => ({ method: 'POST', path: `${pagesPath()}/${(await createPage()).id}/publish` }),
    },
    {
      operationId: 'closeFeedbackPage',
      okStatus: 200,
      call: async () => ({ method: 'POST', path: `${pagesPath()}/${(await publish(await createPage())).id}/close` }),
    },
    {
      operationId: 'reopenFeedbackPage',
      okStatus: 200,
      call: async () => {
        const page = await publish(await createPage());
        await bed().request(`${pagesPath()}/${page.id}/close`, { method: 'POST', key: orgA().adminKey });
        return { method: 'POST', path: `${pagesPath()}/${page.id}/reopen` };
      },
    },
    {
      operationId: 'submitPageResponse',
      okStatus: 201,
      call: async () => {
        const page = await publish(await createPage());
        return { method: 'POST', path: `${pagesPath()}/${page.id}/responses`, json: { answers: fullAnswers(page) } };
      },
    },
    {
      operationId: 'listPageResponses',
      okStatus: 200,
      call: async () => ({ method: 'GET', path: `${pagesPath()}/${(await createPage()).id}/responses` }),
    },
    {
      operationId: 'getPageResponse',
      okStatus: 200,
      call: async () => {
        const page = await publish(await createPage());
        const response = await expectJson(await submit(page, { answers: fullAnswers(page) }), 201);
        return { method: 'GET', path: `${pagesPath()}/${page.id}/responses/${response.id}` };
      },
    },
    {
      operationId: 'deletePageResponse',
      okStatus: 200,
      call: async () => {
        const page = await publish(await createPage());
        const response = await expectJson(await submit(page, { answers: fullAnswers(page) }), 201);
        return { method: 'DELETE', path: `${pagesPath()}/${page.id}/responses/${response.id}` };
      },
    },
    {
      operationId: 'erasePageResponses',
      okStatus: 200,
      call: async () => {
        const page = await publish(await createPage());
        await expectJson(await submit(page, { answers: fullAnswers(page), context: { userId: 'u_matrix' } }), 201);
        return { method: 'POST', path: `${pagesPath()}/responses/erase`, json: { context: { userId: 'u_matrix' } } };
      },
    },
    ...(['getFeedbackPageShare', 'getFeedbackPageQrSvg', 'getFeedbackPageQrPng', 'getFeedbackPageFlyer'] as const).map(
      (operationId) => ({
        operationId,
        okStatus: 200,
        call: async () => {
          const share = `${pagesPath()}/${(await createPage()).id}/share`;
          const tail = {
            getFeedbackPageShare: '',
            getFeedbackPageQrSvg: '/qr.svg',
            getFeedbackPageQrPng: '/qr.png',
            getFeedbackPageFlyer: '/flyer',
          };
          return { method: 'GET', path: share + tail[operationId] };
        },
      }),
    ),
  ]);
});
