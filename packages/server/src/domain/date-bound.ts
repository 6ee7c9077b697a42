import { addDays, type LocalDate, startOfLocalDay } from '../lib/zoned-time.js';

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const FIRST_INSTANT = Date.parse('0000-01-01T00:00:00.000Z');
const LAST_INSTANT = Date.parse('9999-12-31T23:59:59.999Z');

/** Which end of a range a bound closes: `from` is included, `to` is the instant left out. */
export type BoundEdge = 'from' | 'to';

/** Whether a bound is a bare calendar date (`2026-11-01`), which only a time zone makes an instant. */
function isBareDate(bound: string): boolean {
  return DATE_ONLY.test(bound);
}

/**
 * The one reading of a date bound (`from`, `to` of the feedback filters, trends and themes; the
 * input rule is `DateBoundSchema`): a date-time with an offset is that instant; a bare date is that
 * calendar day in the organization's time zone, the same days trends count. `from=D` starts when
 * day D starts there; `to=D` ends when it ends (the start of the next day, left out), so
 * `from=D&to=D` is the whole day D, as a reader of two date fields expects.
 *
 * @example
 * instantOfBound('2026-11-01', 'from', 'Asia/Kolkata'); // '2026-10-31T18:30:00.000Z'
 * instantOfBound('2026-11-01', 'to', 'Asia/Kolkata'); // '2026-11-01T18:30:00.000Z'
 * instantOfBound('2026-11-01T09:30:00+02:00', 'to', 'Asia/Kolkata'); // '2026-11-01T07:30:00.000Z'
 */
export function instantOfBound(bound: string, edge: BoundEdge, timeZone: string): string {
  const date = DATE_ONLY.exec(bound);
  if (!date) return new Date(bound).toISOString();
  const day: LocalDate = { year: Number(date[1]), month: Number(date[2]), day: Number(date[3]) };
  const start = startOfLocalDay(edge === 'to' ? addDays(day, 1) : day, timeZone);
  // Within the years ISO-8601 writes with four digits: timestamps are compared as that text, where
  // the end of 9999-12-31 west of UTC (`+010000-01-01T08:00…`) would sort before every year.
  return new Date(Math.min(LAST_INSTANT, Math.max(FIRST_INSTANT, start))).toISOString();
}

/** A range's `from` and `to` as given (dates or date-times), or as instants once read. */
export interface DateBounds {
  from?: string | undefined;
  to?: string | undefined;
}

/** Whether reading these bounds needs the organization's time zone (a bare date is given). */
export function needsTimeZone(bounds: DateBounds): boolean {
  return (bounds.from !== undefined && isBareDate(bounds.from)) || (bounds.to !== undefined && isBareDate(bounds.to));
}

/**
 * The bounds of `filters` as instants (ISO-8601 UTC) by {@link instantOfBound}, the rest as given.
 *
 * @example
 * instantBounds({ type: 'nps', from: '2026-11-01', to: '2026-11-01' }, 'America/Los_Angeles');
 * // { type: 'nps', from: '2026-11-01T07:00:00.000Z', to: '2026-11-02T08:00:00.000Z' }
 */
export function instantBounds<T extends DateBounds>(filters: T, timeZone: string): T {
  return {
    ...filters,
    from: filters.from === undefined ? undefined : instantOfBound(filters.from, 'from', timeZone),
    to: filters.to === undefined ? undefined : instantOfBound(filters.to, 'to', timeZone),
  };
}
