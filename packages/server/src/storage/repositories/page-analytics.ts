import { sql } from 'kysely';
import type { DialectAdapter } from '../dialect.js';
import type { BrandScope } from './brands.js';
import type { Executor } from './executor.js';
import { bucketOf } from './time-buckets.js';

/** A page's counts on one day of its organization's time zone (`YYYY-MM-DD`). */
export interface PageDayCounts {
  day: string;
  views: number;
  starts: number;
  completions: number;
}

/** One day of a range in the organization's time zone: its date and its instants (ISO-8601 UTC, `end` left out). */
export interface ZonedDay {
  date: string;
  start: string;
  end: string;
}

// PostgreSQL returns count() and sum() as bigint strings; SQLite returns numbers.
const toNumber = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));

/**
 * Daily figures of a feedback page, added up by the database: views and starts from
 * `page_daily_counts` (kept by the organization's local day when counted), completions
 * (responses) by the day of the range their `created_at` falls in.
 */
export function pageAnalyticsRepository(db: Executor, dialect: DialectAdapter) {
  return {
    /**
     * The days given (consecutive, oldest first) that have any count, oldest first; days with none
     * are absent.
     */
    async dailyCounts(scope: BrandScope, pageId: string, days: readonly ZonedDay[]): Promise<PageDayCounts[]> {
      const first = days[0];
      const last = days.at(-1);
      if (!first || !last) return [];
      const counted = await db
        .selectFrom('page_daily_counts')
        .select(['day', 'views', 'starts'])
        .where('page_id', '=', pageId)
        .where('day', '>=', first.date)
        .where('day', '<=', last.date)
        .execute();
      const boundaries = [...days.map((day) => day.start), last.end];
      const completed = await dialect.largeExpressionRead(db, (reader) => {
        let responses = reader
          .selectFrom('page_responses')
          .select((eb) => [bucketOf(boundaries).as('bucket'), eb.fn.countAll<number>().as('completions')])
          .where('org_id', '=', scope.orgId)
          .where('page_id', '=', pageId)
          .where('created_at', '>=', first.start)
          .where('created_at', '<', last.end);
        if (scope.brandId) responses = responses.where('brand_id', '=', scope.brandId);
        // By position: the bucket expression carries parameters (see feedback-trends.ts).
        return responses.groupBy(sql`1`).execute();
      });

      const byDay = new Map<string, PageDayCounts>();
      const dayOf = (day: string) => {
        const counts = byDay.get(day) ?? { day, views: 0, starts: 0, completions: 0 };
        byDay.set(day, counts);
        return counts;
      };
      for (const row of counted)
        Object.assign(dayOf(row.day), { views: toNumber(row.views), starts: toNumber(row.starts) });
      for (const row of completed) {
        const day = days[toNumber(row.bucket)];
        if (day) dayOf(day.date).completions = toNumber(row.completions);
      }
      return [...byDay.values()].sort((a, b) => a.day.localeCompare(b.day));
    },
  };
}
