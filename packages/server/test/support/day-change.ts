/** The calendar day of `instant` in `timeZone`, as `YYYY-MM-DD`. */
function dayIn(instant: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    instant,
  );
}

/**
 * The first millisecond of the next calendar day in `timeZone` when it comes within `marginMs` of
 * `now`, else undefined. A month (and a usage period) starts with a UTC day, so the UTC day covers it.
 *
 * @example
 * nextDayChange(Date.parse('2026-11-30T23:59:55Z'), 10_000); // Date.parse('2026-12-01T00:00:00Z')
 * nextDayChange(Date.parse('2026-11-30T12:00:00Z'), 10_000); // undefined
 */
export function nextDayChange(now: number, marginMs: number, timeZone = 'UTC'): number | undefined {
  const today = dayIn(now, timeZone);
  if (dayIn(now + marginMs, timeZone) === today) return undefined;
  // Zones move their midnight by whole minutes at most, but a search needs no table of them.
  let before = now;
  let after = now + marginMs;
  while (after - before > 1) {
    const middle = Math.floor((before + after) / 2);
    if (dayIn(middle, timeZone) === today) before = middle;
    else after = middle;
  }
  return after;
}

export interface DayChangeOptions {
  /** How long the test needs "today" to stay one day: a change due sooner is waited out. */
  marginMs?: number;
  /** The zone whose day the test reads (an organization's), UTC by default. */
  timeZone?: string;
}

/**
 * For a test that reads "today" (or this month) on both sides, in the test and in the server: when
 * the day is about to change, waits until it has, so both sides read the same one. Waits only in the
 * last `marginMs` of a day; a test run at 23:59:59 UTC would otherwise compare two dates.
 *
 * @example
 * await clearOfDayChange();
 * const response = await request('/feedback/export');
 * expect(filenameOf(response)).toContain(new Date().toISOString().slice(0, 10));
 */
export async function clearOfDayChange({ marginMs = 10_000, timeZone = 'UTC' }: DayChangeOptions = {}): Promise<void> {
  const change = nextDayChange(Date.now(), marginMs, timeZone);
  if (change === undefined) return;
  await new Promise((resolve) => setTimeout(resolve, change - Date.now() + 1));
}
