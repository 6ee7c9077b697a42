import type { FeedbackTrendsQuery } from '@hearback/client';
import {
  DEFAULT_INTERVAL,
  DEFAULT_RANGE,
  filtersOf,
  type InsightsSearch,
  type RangePreset,
} from './insights-search.js';

/** `YYYY-MM-DD` of `date` in `timeZone`. */
export function dateIn(timeZone: string, date: Date = new Date()): string {
  // en-CA formats dates as ISO does (2026-11-26).
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
}

/** A calendar date moved by whole days or months (pure date arithmetic, no time zone involved). */
function shiftDate(date: string, { days = 0, months = 0 }: { days?: number; months?: number }): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const shifted = new Date(Date.UTC(year, month - 1 + months, months ? 1 : day + days));
  return shifted.toISOString().slice(0, 10);
}

/**
 * The first day a preset covers, given today's date in the organization's time zone: 30 days and
 * 12 weeks counting today, 12 months from the 1st of the month 11 months ago. The server widens it
 * to the start of its bucket.
 *
 * @example
 * rangeStart('30d', '2026-11-26'); // '2026-10-28'
 */
export function rangeStart(preset: RangePreset, today: string): string {
  if (preset === '30d') return shiftDate(today, { days: -29 });
  if (preset === '12w') return shiftDate(today, { days: -83 });
  return shiftDate(today, { months: -11 });
}

/**
 * The trends query of a search, today being `today` in the organization's time zone: the period
 * starts at Since (`from`) when set, else where the preset does, and ends with the day Until (`to`).
 */
export function trendsQueryOf(search: InsightsSearch, today: string): FeedbackTrendsQuery {
  return {
    ...filtersOf(search),
    interval: search.interval ?? DEFAULT_INTERVAL,
    from: search.from ?? rangeStart(search.range ?? DEFAULT_RANGE, today),
    ...(search.groupBy && { groupBy: search.groupBy }),
  };
}

/**
 * The days a period covers, as the inbox's Since and Until fields show them: a date field cannot
 * show an instant, and a filter the reader cannot see would still narrow the list. The period's
 * `to` is the first instant left out; Until is the last day included (the server reads both dates
 * as days in the organization's time zone, `to` to the end of its day).
 *
 * @example
 * inboxDatesOf({ from: '2026-10-28T00:00:00.000Z', to: '2026-11-27T00:00:00.000Z' }, 'UTC');
 * // { from: '2026-10-28', to: '2026-11-26' }
 */
export function inboxDatesOf(period: { from: string; to: string }, timeZone: string): { from: string; to: string } {
  return { from: dateIn(timeZone, new Date(period.from)), to: dateIn(timeZone, new Date(Date.parse(period.to) - 1)) };
}
