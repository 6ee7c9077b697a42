import { isCalendarDate } from '@hearback/forms';
import { validationFailed } from './parse-input.js';

/** Days an analytics range covers when `from` is not given (ending `to`, today by default). */
export const DEFAULT_ANALYTICS_DAYS = 30;
/** The longest analytics range, in days: a year and a leap day. */
export const MAX_ANALYTICS_DAYS = 366;

/** What a bad day in a range is told. */
export const CALENDAR_DAY_MESSAGE = 'Expected a calendar date, YYYY-MM-DD.';

const DAY_MS = 86_400_000;

/** A range of whole UTC days, both ends included (`YYYY-MM-DD`). */
export interface DayRange {
  from: string;
  to: string;
}

const dayOf = (time: number): string => new Date(time).toISOString().slice(0, 10);
const timeOf = (day: string): number => Date.parse(`${day}T00:00:00.000Z`);

/**
 * The UTC days analytics cover: `to` defaults to today, `from` to {@link DEFAULT_ANALYTICS_DAYS}
 * days ending `to`. 400 when `from` is after `to` or the range is longer than
 * {@link MAX_ANALYTICS_DAYS} or a day is not a calendar date (the REST query schema says so first;
 * the MCP tools' backend relies on this).
 *
 * @example
 * analyticsRange({}, new Date('2026-11-30T12:00:00Z')); // { from: '2026-11-01', to: '2026-11-30' }
 */
export function analyticsRange(
  asked: { from?: string | undefined; to?: string | undefined },
  now = new Date(),
): DayRange {
  const invalid = (['from', 'to'] as const).filter((end) => asked[end] !== undefined && !isCalendarDate(asked[end]));
  if (invalid.length > 0) {
    throw validationFailed(
      invalid.map((end) => ({ path: [end], message: CALENDAR_DAY_MESSAGE })),
      'query',
    );
  }
  const to = asked.to ?? dayOf(now.getTime());
  const from = asked.from ?? dayOf(timeOf(to) - (DEFAULT_ANALYTICS_DAYS - 1) * DAY_MS);
  if (from > to) throw validationFailed([{ path: ['from'], message: `Must not be after to (${to}).` }], 'query');
  const days = (timeOf(to) - timeOf(from)) / DAY_MS + 1;
  if (days > MAX_ANALYTICS_DAYS) {
    throw validationFailed(
      [{ path: ['from'], message: `The range covers ${days} days; at most ${MAX_ANALYTICS_DAYS} are allowed.` }],
      'query',
    );
  }
  return { from, to };
}

/**
 * Every day of a range, oldest first.
 *
 * @example
 * daysOf({ from: '2026-02-27', to: '2026-03-01' }); // ['2026-02-27', '2026-02-28', '2026-03-01']
 */
export function daysOf(range: DayRange): string[] {
  const days: string[] = [];
  for (let time = timeOf(range.from); time <= timeOf(range.to); time += DAY_MS) days.push(dayOf(time));
  return days;
}

/** The first and last instants of a range, as stored timestamps compare with them. */
export function instantsOf(range: DayRange): { from: string; to: string } {
  return { from: `${range.from}T00:00:00.000Z`, to: `${range.to}T23:59:59.999Z` };
}
