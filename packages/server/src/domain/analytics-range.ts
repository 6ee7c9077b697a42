import { isCalendarDate } from '@hearback/forms';
import { daysBetween, localDayOf, shiftDay } from '../lib/zoned-time.js';
import { validationFailed } from './parse-input.js';

/** Days an analytics range covers when `from` is not given (ending `to`, today by default). */
export const DEFAULT_ANALYTICS_DAYS = 30;
/** The longest analytics range, in days: a year and a leap day. */
export const MAX_ANALYTICS_DAYS = 366;

/** What a bad day in a range is told. */
export const CALENDAR_DAY_MESSAGE = 'Expected a calendar date, YYYY-MM-DD.';

/** A range of whole days in the organization's time zone, both ends included (`YYYY-MM-DD`). */
export interface DayRange {
  from: string;
  to: string;
}

/**
 * The days analytics cover, in the organization's time zone: `to` defaults to today there, `from`
 * to {@link DEFAULT_ANALYTICS_DAYS} days ending `to`. 400 when `from` is after `to` or the range is
 * longer than {@link MAX_ANALYTICS_DAYS} or a day is not a calendar date (the REST query schema
 * says so first; the MCP tools' backend relies on this).
 *
 * @example
 * analyticsRange({}, 'UTC', new Date('2026-11-30T12:00:00Z')); // { from: '2026-11-01', to: '2026-11-30' }
 * analyticsRange({}, 'America/Los_Angeles', new Date('2026-12-01T01:00:00Z')); // { from: '2026-11-01', to: '2026-11-30' }
 */
export function analyticsRange(
  asked: { from?: string | undefined; to?: string | undefined },
  timeZone: string,
  now = new Date(),
): DayRange {
  const invalid = (['from', 'to'] as const).filter((end) => asked[end] !== undefined && !isCalendarDate(asked[end]));
  if (invalid.length > 0) {
    throw validationFailed(
      invalid.map((end) => ({ path: [end], message: CALENDAR_DAY_MESSAGE })),
      'query',
    );
  }
  const to = asked.to ?? localDayOf(now.getTime(), timeZone);
  const from = asked.from ?? shiftDay(to, -(DEFAULT_ANALYTICS_DAYS - 1));
  if (from > to) throw validationFailed([{ path: ['from'], message: `Must not be after to (${to}).` }], 'query');
  const days = daysBetween(from, to) + 1;
  if (days > MAX_ANALYTICS_DAYS) {
    throw validationFailed(
      [{ path: ['from'], message: `The range covers ${days} days; at most ${MAX_ANALYTICS_DAYS} are allowed.` }],
      'query',
    );
  }
  return { from, to };
}
