import { sql } from 'kysely';
import { type DayRange, instantsOf } from '../../domain/analytics-range.js';
import type { BrandScope } from './brands.js';
import type { Executor } from './executor.js';

/** A page's counts on one UTC day (`YYYY-MM-DD`). */
export interface PageDayCounts {
  day: string;
  views: number;
  starts: number;
  completions: number;
}

// PostgreSQL returns count() and sum() as bigint strings; SQLite returns numbers.
const toNumber = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));

/**
 * Daily figures of a feedback page, added up by the database: views and starts from
 * `page_daily_counts`, completions (responses) by the UTC day of `created_at`.
 */
export function pageAnalyticsRepository(db: Executor) {
  return {
    /**
     * The days of the range that have any count, oldest first; days with none are absent.
     */
    async dailyCounts(scope: BrandScope, pageId: string, range: DayRange): Promise<PageDayCounts[]> {
      const instants = instantsOf(range);
      const counted = await db
        .selectFrom('page_daily_counts')
        .select(['day', 'views', 'starts'])
        .where('page_id', '=', pageId)
        .where('day', '>=', range.from)
        .where('day', '<=', range.to)
        .execute();
      // Stored timestamps are UTC ISO-8601 text in both dialects: the first ten characters are the day.
      const responseDay = sql<string>`substr(created_at, 1, 10)`;
      let responses = db
        .selectFrom('page_responses')
        .select((eb) => [responseDay.as('day'), eb.fn.countAll<number>().as('completions')])
        .where('org_id', '=', scope.orgId)
        .where('page_id', '=', pageId)
        .where('created_at', '>=', instants.from)
        .where('created_at', '<=', instants.to);
      if (scope.brandId) responses = responses.where('brand_id', '=', scope.brandId);
      const completed = await responses.groupBy(responseDay).execute();

      const byDay = new Map<string, PageDayCounts>();
      const dayOf = (day: string) => {
        const counts = byDay.get(day) ?? { day, views: 0, starts: 0, completions: 0 };
        byDay.set(day, counts);
        return counts;
      };
      for (const row of counted)
        Object.assign(dayOf(row.day), { views: toNumber(row.views), starts: toNumber(row.starts) });
      for (const row of completed) dayOf(row.day).completions = toNumber(row.completions);
      return [...byDay.values()].sort((a, b) => a.day.localeCompare(b.day));
    },
  };
}
