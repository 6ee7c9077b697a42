import { describe, expect, it } from 'vitest';
import {
  createBrand,
  createKey,
  describeScopeMatrix,
  expectHiddenFromOrgB,
  expectJson,
  expectProblem,
} from '../../../test/support/api.js';
import { clearOfDayChange } from '../../../test/support/day-change.js';
import { describeEachDatabase } from '../../../test/support/harness.js';
import { KNOWN_BREAKDOWNS, KNOWN_QUESTIONS, KNOWN_RESPONSES } from '../../../test/support/known-responses.js';
import { publishedPage, storeResponse } from '../../../test/support/pages.js';

describeEachDatabase('Page analytics', (bed) => {
  const orgA = () => bed().orgA;
  const analyticsPath = (pageId: string, query = '') =>
    `/organizations/${orgA().organization.id}/feedback-pages/${pageId}/analytics${query}`;

  it('adds up views, starts, completions, conversion and per-question figures of a known set of responses', async () => {
    const page = await publishedPage(bed(), { questions: KNOWN_QUESTIONS });
    for (const response of KNOWN_RESPONSES) await storeResponse(bed().runtime.store, page, response);
    // Outside the range asked: counted nowhere.
    await storeResponse(bed().runtime.store, page, {
      id: 'resp_0',
      createdAt: '2026-10-31T23:59:59.999Z',
      answers: { nps: 0 },
    });
    await storeResponse(bed().runtime.store, page, {
      id: 'resp_9',
      createdAt: '2026-11-05T00:00:00.000Z',
      answers: { nps: 0 },
    });
    const counts = bed().runtime.store.feedbackPages;
    for (const [day, views, starts] of [
      ['2026-10-31', 9, 9],
      ['2026-11-01', 4, 3],
      ['2026-11-02', 3, 2],
      ['2026-11-03', 1, 0],
      ['2026-11-05', 7, 7],
    ] as const) {
      for (let n = 0; n < views; n += 1) await counts.count(page.id, day, 'views');
      for (let n = 0; n < starts; n += 1) await counts.count(page.id, day, 'starts');
    }

    const analytics = await expectJson(
      await bed().request(analyticsPath(page.id, '?from=2026-11-01&to=2026-11-04'), { key: orgA().adminKey }),
      200,
    );
    expect(analytics).toEqual({
      pageId: page.id,
      timezone: 'UTC',
      range: { from: '2026-11-01', to: '2026-11-04' },
      views: 8,
      starts: 5,
      completions: 4,
      conversionRate: 0.5,
      daily: [
        { day: '2026-11-01', views: 4, starts: 3, completions: 1 },
        { day: '2026-11-02', views: 3, starts: 2, completions: 1 },
        { day: '2026-11-03', views: 1, starts: 0, completions: 2 },
        { day: '2026-11-04', views: 0, starts: 0, completions: 0 },
      ],
      breakdownResponses: 4,
      questions: KNOWN_BREAKDOWNS,
    });
  });

  it('covers the last 30 days by default, today’s API responses included; no views → conversionRate null', async () => {
    await clearOfDayChange();
    const page = await publishedPage(bed(), {
      questions: [{ id: 'nps', type: 'nps', title: 'Recommend us?', required: true }],
    });
    for (const nps of [10, 0]) {
      await expectJson(
        await bed().request(`/organizations/${orgA().organization.id}/feedback-pages/${page.id}/responses`, {
          method: 'POST',
          key: orgA().collectKey,
          json: { answers: { nps } },
        }),
        201,
      );
    }
    const analytics = await expectJson(await bed().request(analyticsPath(page.id), { key: orgA().adminKey }), 200);
    const today = new Date().toISOString().slice(0, 10);
    expect(analytics.daily).toHaveLength(30);
    expect(analytics.range).toEqual({ from: analytics.daily[0].day, to: today });
    expect(analytics.daily.at(-1)).toEqual({ day: today, views: 0, starts: 0, completions: 2 });
    expect(analytics).toMatchObject({ views: 0, completions: 2, conversionRate: null, breakdownResponses: 2 });
    expect(analytics.questions[0].nps).toEqual({ score: 0, responses: 2, promoters: 1, passives: 0, detractors: 1 });
  });

  it.each([
    { case: 'a date that does not exist', query: '?from=2026-02-30', path: 'from' },
    { case: 'a date-time', query: '?to=2026-11-01T00:00:00Z', path: 'to' },
    { case: 'from after to', query: '?from=2026-11-02&to=2026-11-01', path: 'from' },
    { case: 'more than 366 days', query: '?from=2025-01-01&to=2026-01-02', path: 'from' },
  ])('refuses $case with 400 validation_failed naming $path', async ({ query, path }) => {
    const page = await publishedPage(bed());
    const problem = await expectProblem(
      await bed().request(analyticsPath(page.id, query), { key: orgA().adminKey }),
      400,
      'validation_failed',
    );
    expect(problem.errors?.map((error) => error.path)).toEqual([path]);
  });

  it('answers 404 for an unknown page, another organization’s, and another brand’s', async () => {
    await expectProblem(
      await bed().request(analyticsPath('page_01jd3x2k9v6c4h8m2n5p7q1r3s'), { key: orgA().adminKey }),
      404,
      'not_found',
    );
    const page = await publishedPage(bed());
    await expectHiddenFromOrgB(bed(), { method: 'GET', path: analyticsPath(page.id) });
    const brand = await createBrand(bed(), orgA(), 'Other brand');
    const brandKey = await createKey(bed(), orgA(), { scopes: ['read'], brandId: brand.id as string });
    await expectProblem(await bed().request(analyticsPath(page.id), { key: brandKey.secret }), 404, 'not_found');
  });

  describe('a page of more responses than the breakdowns read at once', () => {
    it('counts every response and reads them all for the breakdowns across batches', async () => {
      const page = await publishedPage(bed(), { questions: [{ id: 'stars', type: 'star_rating', title: 'Rate' }] });
      const total = 1_203;
      await bed().runtime.store.transaction(async (tx) => {
        for (let n = 0; n < total; n += 1) {
          await storeResponse(tx, page, {
            id: `resp_batch_${String(n).padStart(6, '0')}`,
            createdAt: '2026-06-01T12:00:00.000Z',
            answers: { stars: (n % 5) + 1 },
          });
        }
      });
      const analytics = await expectJson(
        await bed().request(analyticsPath(page.id, '?from=2026-06-01&to=2026-06-01'), { key: orgA().adminKey }),
        200,
      );
      expect(analytics).toMatchObject({ completions: total, breakdownResponses: total });
      // 1,203 = 5 × 240 + 3: values 1–3 once more.
      expect(analytics.questions[0].distribution.map((bucket: { count: number }) => bucket.count)).toEqual([
        241, 241, 241, 240, 240,
      ]);
    });
  });

  // The export's scope row is here too: one matrix covers every operation of the tag.
  describeScopeMatrix(bed, 'Page insights', [
    {
      operationId: 'getPageAnalytics',
      okStatus: 200,
      call: async () => ({ method: 'GET', path: analyticsPath((await publishedPage(bed())).id) }),
    },
    {
      operationId: 'exportPageResponses',
      okStatus: 200,
      call: async () => ({
        method: 'GET',
        path: `/organizations/${orgA().organization.id}/feedback-pages/${(await publishedPage(bed())).id}/responses/export`,
      }),
    },
  ]);
});
