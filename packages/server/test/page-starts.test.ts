import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../src/runtime.js';
import type { BootstrappedOrganization } from '../src/services/organizations.js';
import { issueVisit } from '../src/services/page-visits.js';
import { expectProblem } from './support/api-assertions.js';
import { clearOfDayChange } from './support/day-change.js';
import { createPage } from './support/feedback-page-fixture.js';
import { dialectsUnderTest, openTestRuntime } from './support/harness.js';
import { postStart, viewedVisit } from './support/public-page-client.js';

const QUESTIONS = [{ id: 'nps', type: 'nps', title: 'Score' }];

/**
 * A page's `starts` were every unauthenticated `POST …/start`: anyone could inflate them, and
 * starts could exceed views. A start now names the visit its view opened (the page hands it to its
 * script), counts once per visit on the view's day, and is refused (400 naming `visit`) without one.
 */
for (const dialect of dialectsUnderTest()) {
  describe(`page starts, once per counted view [${dialect}]`, () => {
    let runtime: Runtime;
    let cleanup: () => Promise<void>;
    let org: BootstrappedOrganization;
    beforeAll(async () => {
      ({ runtime, cleanup } = await openTestRuntime(dialect));
      org = await runtime.services.organizations.bootstrap({ name: `Starts ${dialect}` });
    });
    afterAll(() => cleanup());

    let counter = 0;
    const newPage = () =>
      createPage(runtime, org, {
        title: 'Counted',
        slug: `starts-${++counter}`,
        questions: QUESTIONS,
        settings: { captcha: false },
      });
    /** What the page's analytics say today, through the API. */
    const analytics = async (pageId: string) => {
      const response = await runtime.app.request(
        `/v1/organizations/${org.organization.id}/feedback-pages/${pageId}/analytics`,
        { headers: { 'x-service-key': org.adminKey } },
      );
      expect(response.status).toBe(200);
      const body = (await response.json()) as { views: number; starts: number; daily: { starts: number }[] };
      return { views: body.views, starts: body.starts };
    };

    it('counts a visit’s start once, however often its beacon is sent', async () => {
      await clearOfDayChange();
      const { page, path } = await newPage();
      const visit = await viewedVisit(runtime, path);
      for (let beacon = 0; beacon < 5; beacon += 1) expect((await postStart(runtime, path, visit)).status).toBe(204);
      // At once, as a flood of beacons would arrive: the visit's row decides, one wins.
      const racing = await Promise.all(Array.from({ length: 5 }, () => postStart(runtime, path, visit)));
      expect(racing.map((response) => response.status)).toEqual([204, 204, 204, 204, 204]);
      expect(await analytics(page.id)).toEqual({ views: 1, starts: 1 });

      const second = await viewedVisit(runtime, path);
      await viewedVisit(runtime, path); // a view without a start
      expect((await postStart(runtime, path, second)).status).toBe(204);
      expect(await analytics(page.id)).toEqual({ views: 3, starts: 2 });
    });

    it('refuses a start without a visit of this page (400 naming visit), and counts nothing', async () => {
      await clearOfDayChange();
      const { page, path } = await newPage();
      const other = await newPage();
      const visit = await viewedVisit(runtime, path);
      const otherVisit = await viewedVisit(runtime, other.path);
      const [day, id, mac] = visit.split('.') as [string, string, string];
      const refused = [
        undefined, // a program posting starts by itself
        '',
        'not-a-visit',
        otherVisit, // another page's
        `${day}.${'A'.repeat(16)}.${mac}`, // another id under this visit's MAC
        `${day}.${id}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`, // a forged MAC
        // Issued by this server for this page, but for a view three days ago: too old to start.
        issueVisit(runtime.secrets, page.id, new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10)),
      ];
      for (const candidate of refused) {
        const problem = await expectProblem(await postStart(runtime, path, candidate), 400, 'validation_failed');
        expect(problem.errors, String(candidate)).toEqual([{ path: 'visit', message: expect.any(String) }]);
      }
      // No page at the address, or a draft: the same answer as a forged visit, which says nothing of pages.
      await expectProblem(
        await postStart(runtime, `/f/${org.organization.slug}/no-such-page`, visit),
        400,
        'validation_failed',
      );
      expect(await analytics(page.id)).toEqual({ views: 1, starts: 0 });
      expect(await analytics(other.page.id)).toEqual({ views: 1, starts: 0 });
    });

    it('counts a start on its view’s day; housekeeping forgets visits too old to start', async () => {
      const { page, path } = await newPage();
      const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
      // A page opened before midnight and started after it: the start goes with its view's day.
      const visit = issueVisit(runtime.secrets, page.id, yesterday);
      expect((await postStart(runtime, path, visit)).status).toBe(204);
      const rows = await runtime.database.db
        .selectFrom('page_daily_counts')
        .select(['day', 'starts'])
        .where('page_id', '=', page.id)
        .execute();
      expect(rows).toEqual([{ day: yesterday, starts: 1 }]);

      const started = () =>
        runtime.database.db.selectFrom('page_started_visits').select('visit').where('page_id', '=', page.id).execute();
      expect(await started()).toHaveLength(1);
      expect((await runtime.housekeeping.pruneOnce()).startedVisits).toBe(0);
      const inTwoDays = new Date(Date.now() + 2 * 86_400_000);
      expect((await runtime.housekeeping.pruneOnce(inTwoDays)).startedVisits).toBeGreaterThanOrEqual(1);
      expect(await started()).toEqual([]);
    });

    it('takes a closed page’s start without counting it', async () => {
      await clearOfDayChange();
      const { page, path } = await newPage();
      const visit = await viewedVisit(runtime, path);
      const closed = await runtime.app.request(
        `/v1/organizations/${org.organization.id}/feedback-pages/${page.id}/close`,
        { method: 'POST', headers: { 'x-service-key': org.adminKey } },
      );
      expect(closed.status).toBe(200);
      expect((await postStart(runtime, path, visit)).status).toBe(204);
      expect(await analytics(page.id)).toEqual({ views: 1, starts: 0 });
    });
  });
}
