/** Timestamps are stored as ISO-8601 UTC strings in both dialects; they sort as text. */
export function nowIso(): string {
  return new Date().toISOString();
}

/** The usage period (calendar month, UTC) that `date` falls in, e.g. `2026-11`. */
export function usagePeriod(date = new Date()): string {
  return date.toISOString().slice(0, 7);
}

/** Start of the next calendar month (UTC): when monthly allowances reset. */
export function nextPeriodStart(date = new Date()): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1));
}
