/**
 * Calendar arithmetic in an IANA time zone with nothing but `Intl`: what a local date is at an
 * instant, and at which instant a local day begins (23 or 25 hours after the previous one across a
 * daylight-saving change, and at 01:00 where the clocks skip midnight).
 */

/** A calendar date: `month` 1–12. */
export interface LocalDate {
  year: number;
  month: number;
  day: number;
}

const DAY_MS = 86_400_000;

/** Midnight UTC of a date, days past the month's end rolling over (unlike Date.UTC, years 0–99 stay). */
function utcTime(year: number, month: number, day: number): number {
  const time = new Date(0);
  time.setUTCFullYear(year, month - 1, day);
  return time.getTime();
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock time at `instant` (ms) in the zone, as if it were a UTC time (ms). */
function wallClockOf(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = parts;
  const milliseconds = ((instant % 1000) + 1000) % 1000;
  return utcTime(year, month, day) + ((hour * 60 + minute) * 60 + second) * 1000 + milliseconds;
}

/**
 * The local calendar date at an instant.
 *
 * @example
 * localDateOf(Date.parse('2026-03-28T23:30:00Z'), 'Europe/Berlin'); // { year: 2026, month: 3, day: 29 }
 */
export function localDateOf(instant: number, timeZone: string): LocalDate {
  const wall = new Date(wallClockOf(instant, timeZone));
  return { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate() };
}

/** The date `days` later (negative: earlier), month and year lengths respected. */
export function addDays(date: LocalDate, days: number): LocalDate {
  const moved = new Date(utcTime(date.year, date.month, date.day + days));
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

/**
 * The date `days` after a `YYYY-MM-DD` date (negative: before), by the calendar alone.
 *
 * @example
 * shiftDay('2026-03-01', -1); // '2026-02-28'
 */
export function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * Days from one `YYYY-MM-DD` date to another, by the calendar alone (0 for the same date).
 *
 * @example
 * daysBetween('2026-02-27', '2026-03-01'); // 2
 */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00.000Z`) - Date.parse(`${from}T00:00:00.000Z`)) / DAY_MS);
}

/** The first day of the month `months` later (negative: earlier). */
export function addMonths(date: LocalDate, months: number): LocalDate {
  const index = date.year * 12 + (date.month - 1) + months;
  return { year: Math.floor(index / 12), month: (index % 12) + 1, day: 1 };
}

/** ISO weekday: 1 Monday … 7 Sunday. */
export function isoWeekday(date: LocalDate): number {
  // 1970-01-01 was a Thursday (ISO 4).
  return ((((utcTime(date.year, date.month, date.day) / DAY_MS + 3) % 7) + 7) % 7) + 1;
}

/** `YYYY-MM-DD`. */
export function formatLocalDate(date: LocalDate): string {
  const pad = (value: number, width: number) => String(value).padStart(width, '0');
  return `${pad(date.year, 4)}-${pad(date.month, 2)}-${pad(date.day, 2)}`;
}

/**
 * The first instant (ms) of a local day in the zone: midnight, or the end of the gap when the
 * clocks skip midnight (the day then begins at 01:00), the first midnight when they repeat it.
 *
 * @example
 * new Date(startOfLocalDay({ year: 2026, month: 3, day: 29 }, 'Europe/Berlin')).toISOString(); // '2026-03-28T23:00:00.000Z'
 */
export function startOfLocalDay(date: LocalDate, timeZone: string): number {
  const key = `${timeZone} ${date.year}-${date.month}-${date.day}`;
  let start = dayStarts.get(key);
  if (start === undefined) {
    start = findStartOfLocalDay(date, timeZone);
    if (dayStarts.size >= MAX_DAY_STARTS) dayStarts.clear();
    dayStarts.set(key, start);
  }
  return start;
}

/**
 * Day starts already found, by zone and date: a pure function of both (the zone rules do not change
 * while the process runs), and a year by day asks for 366 of them, about 6 ms of `Intl` each time.
 */
const dayStarts = new Map<string, number>();
/** About 270 years of days in one zone, or a year in 270 zones; a few MB. */
const MAX_DAY_STARTS = 100_000;

function findStartOfLocalDay(date: LocalDate, timeZone: string): number {
  const midnight = utcTime(date.year, date.month, date.day);
  // The offsets a day before and a day after: zones change offset at most once within two days,
  // so the day's first instant is midnight read with one of them (or the change itself, in a gap).
  const candidates = [midnight - DAY_MS, midnight + DAY_MS]
    .map((probe) => midnight - (wallClockOf(probe, timeZone) - probe))
    .sort((a, b) => a - b);
  for (const candidate of candidates) {
    const wall = wallClockOf(candidate, timeZone);
    if (wall >= midnight && wall < midnight + DAY_MS) return candidate;
  }
  // Unreachable for real zones; the later reading is the safe answer.
  return candidates[1] ?? midnight;
}

/** Per zone, the local day last asked for and its instants `[start, end)`. */
const lastDays = new Map<string, { start: number; end: number; day: string }>();

/**
 * The local date at an instant as `YYYY-MM-DD`. Instants of the day asked for last in the zone are
 * answered without `Intl`, so counting a batch of items (mostly of one day) costs one lookup each.
 *
 * @example
 * localDayOf(Date.parse('2026-03-28T23:30:00Z'), 'Europe/Berlin'); // '2026-03-29'
 */
export function localDayOf(instant: number, timeZone: string): string {
  const last = lastDays.get(timeZone);
  if (last && instant >= last.start && instant < last.end) return last.day;
  const date = localDateOf(instant, timeZone);
  const day = {
    start: startOfLocalDay(date, timeZone),
    end: startOfLocalDay(addDays(date, 1), timeZone),
    day: formatLocalDate(date),
  };
  lastDays.set(timeZone, day);
  return day.day;
}
