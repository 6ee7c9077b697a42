import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Runtime } from '../src/runtime.js';
import type { BootstrappedOrganization } from '../src/services/organizations.js';
import { createPage } from './support/feedback-page-fixture.js';
import { dialectsUnderTest, openTestRuntime, requestApp } from './support/harness.js';
import { postStart, viewedVisit } from './support/public-page-client.js';

interface Day {
  day: string;
  views: number;
  starts: number;
  completions: number;
}
interface Analytics {
  timezone: string;
  range: { from: string; to: string };
  views: number;
  starts: number;
  completions: number;
  daily: Day[];
}

/**
 * A page's analytics counted UTC days while the trends count the organization's: a response at
 * 17:00 in Los Angeles showed on the next day there and on the right one in the trends. Views,
 * starts, responses, today and the days asked are now the organization's, as the trends' are.
 */
for (const dialect of dialectsUnderTest()) {
  describe(`page analytics by the organization's days [${dialect}]`, () => {
    let runtime: Runtime;
    let cleanup: () => Promise<void>;
    beforeAll(async () => {
      ({ runtime, cleanup } = await openTestRuntime(dialect));
    });
    afterAll(() => cleanup());
    afterEach(() => {
      vi.useRealTimers();
    });

    let counter = 0;
    /** A fresh organization in a time zone with one published page, so each test counts only its own. */
    async function pageIn(timezone: string) {
      counter += 1;
      const org = await runtime.services.organizations.bootstrap({ name: `Zoned analytics ${dialect} ${counter}` });
      const updated = await requestApp(runtime, `/v1/organizations/${org.organization.id}`, {
        method: 'PATCH',
        key: org.adminKey,
        json: { timezone },
      });
      expect(updated.status).toBe(200);
      const { page, path } = await createPage(runtime, org, {
        title: 'Zoned',
        slug: `zoned-${counter}`,
        questions: [{ id: 'nps', type: 'nps', title: 'Score' }],
        settings: { captcha: false },
      });
      return { org, page, path };
    }

    /** At `at` (the clock is set, the requests are real): a view, its start, a response, and a feedback item. */
    async function visitAndAnswerAt(at: string, { org, page, path }: Awaited<ReturnType<typeof pageIn>>) {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(at));
      const visit = await viewedVisit(runtime, path);
      expect((await postStart(runtime, path, visit)).status).toBe(204);
      const responded = await requestApp(
        runtime,
        `/v1/organizations/${org.organization.id}/feedback-pages/${page.id}/responses`,
        { method: 'POST', key: org.collectKey, json: { answers: { nps: 9 } } },
      );
      expect(responded.status).toBe(201);
      const collected = await requestApp(runtime, '/v1/collect', {
        method: 'POST',
        key: org.collectKey,
        json: { inboxKey: org.inbox.inboxKey, type: 'nps', score: 9 },
      });
      expect(collected.status).toBe(201);
    }

    async function analytics(org: BootstrappedOrganization, pageId: string, query = ''): Promise<Analytics> {
      const response = await requestApp(
        runtime,
        `/v1/organizations/${org.organization.id}/feedback-pages/${pageId}/analytics${query}`,
        { key: org.adminKey },
      );
      expect(response.status).toBe(200);
      return (await response.json()) as Analytics;
    }

    /** The days the trends count the organization's feedback on. */
    async function trendDays(org: BootstrappedOrganization, from: string, to: string) {
      const query = new URLSearchParams({ interval: 'day', from, to });
      const response = await requestApp(runtime, `/v1/organizations/${org.organization.id}/feedback/trends?${query}`, {
        key: org.adminKey,
      });
      expect(response.status).toBe(200);
      const body = (await response.json()) as { series: { buckets: { date: string; count: number }[] }[] };
      return (body.series[0]?.buckets ?? []).map(({ date, count }) => ({ day: date, count }));
    }

    // 2026-11-03T01:00Z is 17:00 on 2 November in Los Angeles (PST, UTC−8).
    const EVENING_IN_LOS_ANGELES = '2026-11-03T01:00:00.000Z';

    it('counts a late-evening view, start and response on the local day, the day the trends count', async () => {
      const zoned = await pageIn('America/Los_Angeles');
      const utc = await pageIn('UTC');
      await visitAndAnswerAt(EVENING_IN_LOS_ANGELES, zoned);
      await visitAndAnswerAt(EVENING_IN_LOS_ANGELES, utc);
      vi.useRealTimers();

      const counted = await analytics(zoned.org, zoned.page.id, '?from=2026-11-02&to=2026-11-03');
      // The answer says which zone its days are in, as the trends' does.
      expect(counted.timezone).toBe('America/Los_Angeles');
      expect(counted.daily).toEqual([
        { day: '2026-11-02', views: 1, starts: 1, completions: 1 },
        { day: '2026-11-03', views: 0, starts: 0, completions: 0 },
      ]);
      expect(await trendDays(zoned.org, '2026-11-02', '2026-11-03')).toEqual([
        { day: '2026-11-02', count: 1 },
        { day: '2026-11-03', count: 0 },
      ]);
      // `to=2026-11-02` is that whole local day: the evening is in it.
      expect(await analytics(zoned.org, zoned.page.id, '?from=2026-11-02&to=2026-11-02')).toMatchObject({
        views: 1,
        starts: 1,
        completions: 1,
      });

      // The same instant in an organization in UTC: its day, as before.
      const inUtc = await analytics(utc.org, utc.page.id, '?from=2026-11-02&to=2026-11-03');
      expect(inUtc.timezone).toBe('UTC');
      expect(inUtc.daily).toEqual([
        { day: '2026-11-02', views: 0, starts: 0, completions: 0 },
        { day: '2026-11-03', views: 1, starts: 1, completions: 1 },
      ]);
      expect(await trendDays(utc.org, '2026-11-02', '2026-11-03')).toEqual([
        { day: '2026-11-02', count: 0 },
        { day: '2026-11-03', count: 1 },
      ]);
    });

    it('ends the default range on today in the organization’s zone (UTC’s for an organization in UTC)', async () => {
      // 17:00 on 30 November in Los Angeles: 1 December already in UTC.
      const now = '2026-12-01T01:00:00.000Z';
      const zoned = await pageIn('America/Los_Angeles');
      const utc = await pageIn('UTC');
      await visitAndAnswerAt(now, zoned);
      await visitAndAnswerAt(now, utc);
      const [inLosAngeles, inUtc] = [await analytics(zoned.org, zoned.page.id), await analytics(utc.org, utc.page.id)];
      vi.useRealTimers();

      expect(inLosAngeles.range).toEqual({ from: '2026-11-01', to: '2026-11-30' });
      expect(inLosAngeles.daily).toHaveLength(30);
      expect(inLosAngeles.daily.at(-1)).toEqual({ day: '2026-11-30', views: 1, starts: 1, completions: 1 });

      expect(inUtc.range).toEqual({ from: '2026-11-02', to: '2026-12-01' });
      expect(inUtc.daily).toHaveLength(30);
      expect(inUtc.daily.at(-1)).toEqual({ day: '2026-12-01', views: 1, starts: 1, completions: 1 });
    });

    it('counts a visit’s start once while its local day may still start it, though housekeeping ran', async () => {
      const zoned = await pageIn('America/Los_Angeles');
      vi.useFakeTimers({ toFake: ['Date'] });
      // 22:00 on 26 November in Los Angeles, 06:00 on the 27th in UTC.
      vi.setSystemTime(new Date('2026-11-27T06:00:00.000Z'));
      const visit = await viewedVisit(runtime, zoned.path);
      expect((await postStart(runtime, zoned.path, visit)).status).toBe(204);
      // 23:00 on the 27th there: the visit of the 26th may still start, on the 28th in UTC.
      const later = new Date('2026-11-28T07:00:00.000Z');
      vi.setSystemTime(later);
      await runtime.housekeeping.pruneOnce(later);
      expect((await postStart(runtime, zoned.path, visit)).status).toBe(204);
      vi.useRealTimers();
      expect((await analytics(zoned.org, zoned.page.id, '?from=2026-11-26&to=2026-11-27')).daily).toEqual([
        { day: '2026-11-26', views: 1, starts: 1, completions: 0 },
        { day: '2026-11-27', views: 0, starts: 0, completions: 0 },
      ]);
    });
  });
}
