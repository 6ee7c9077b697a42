import { ApiError } from '../errors/api-error.js';
import {
  addDays,
  addMonths,
  formatLocalDate,
  isoWeekday,
  type LocalDate,
  localDateOf,
  startOfLocalDay,
} from '../lib/zoned-time.js';

export const TREND_INTERVALS = ['day', 'week', 'month'] as const;
export type TrendInterval = (typeof TREND_INTERVALS)[number];

/** At most this many buckets in one answer (a year and a month by day). */
export const MAX_TREND_BUCKETS = 400;

/** Buckets when no `from` is given: the last 30 days, 12 weeks or 12 months, the current one included. */
export const DEFAULT_TREND_BUCKETS: Record<TrendInterval, number> = { day: 30, week: 12, month: 12 };

export interface TrendBucket {
  /** First day of the bucket in the time zone (`YYYY-MM-DD`): the day, the Monday, the 1st. */
  date: string;
  /** The bucket's first instant and the next bucket's, as ISO-8601 UTC. */
  start: string;
  end: string;
}

function bucketDateOf(date: LocalDate, interval: TrendInterval): LocalDate {
  if (interval === 'day') return date;
  if (interval === 'week') return addDays(date, 1 - isoWeekday(date));
  return { ...date, day: 1 };
}

function nextBucketDate(date: LocalDate, interval: TrendInterval, steps = 1): LocalDate {
  if (interval === 'day') return addDays(date, steps);
  if (interval === 'week') return addDays(date, 7 * steps);
  return addMonths(date, steps);
}

const tooMany = (message: string) =>
  new ApiError(400, 'validation_failed', message, { errors: [{ path: 'interval', message }] });

/**
 * The calendar buckets of a trend in a time zone: days from midnight to midnight there (23 or 25
 * hours across a daylight-saving change), ISO weeks from Monday, calendar months. The range, two
 * instants (`instantOfBound` reads a date as its day in the zone), is widened to whole buckets: from
 * the one holding `from` to the one holding the instant before `to` (`to` is exclusive). Without
 * `from`, the default number of buckets ending with `to` (or now).
 *
 * @example
 * trendBuckets({ interval: 'day', timeZone: 'Europe/Berlin', from: Date.parse('2026-03-28T23:00:00Z'),
 *   to: Date.parse('2026-03-29T22:00:00Z'), now: Date.now() });
 * // [{ date: '2026-03-29', start: '2026-03-28T23:00:00.000Z', end: '2026-03-29T22:00:00.000Z' }]
 */
export function trendBuckets(options: {
  interval: TrendInterval;
  timeZone: string;
  /** Instants (ms): the first counted, and the first left out. */
  from?: number | undefined;
  to?: number | undefined;
  now: number;
}): TrendBucket[] {
  const { interval, timeZone, from, to } = options;
  // The last bucket holds the instant before `to`.
  const last = bucketDateOf(localDateOf(to === undefined ? options.now : to - 1, timeZone), interval);
  const first =
    from === undefined
      ? nextBucketDate(last, interval, 1 - DEFAULT_TREND_BUCKETS[interval])
      : bucketDateOf(localDateOf(from, timeZone), interval);
  if (formatLocalDate(first) > formatLocalDate(last)) {
    const message = '`from` must be before `to` (or now, without `to`).';
    throw new ApiError(400, 'validation_failed', message, { errors: [{ path: 'from', message }] });
  }

  const dates: LocalDate[] = [];
  for (let date = first; formatLocalDate(date) <= formatLocalDate(last); date = nextBucketDate(date, interval)) {
    if (dates.length === MAX_TREND_BUCKETS) {
      throw tooMany(
        `The range holds more than ${MAX_TREND_BUCKETS} ${interval}s: choose a shorter range or a longer interval.`,
      );
    }
    dates.push(date);
  }
  const starts = [...dates, nextBucketDate(last, interval)].map((date) =>
    new Date(startOfLocalDay(date, timeZone)).toISOString(),
  );
  return dates.map((date, index) => ({
    date: formatLocalDate(date),
    start: starts[index] as string,
    end: starts[index + 1] as string,
  }));
}
