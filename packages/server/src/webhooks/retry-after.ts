/**
 * How long a `Retry-After` header asks to wait, in milliseconds: a whole number of seconds, or an
 * HTTP date (a date already past means now, 0). `undefined` for a missing or unreadable value.
 *
 * @example
 * retryAfterMs('7'); // 7000
 * retryAfterMs('Wed, 21 Oct 2026 07:28:00 GMT', Date.parse('Wed, 21 Oct 2026 07:27:00 GMT')); // 60000
 */
export function retryAfterMs(value: string | null | undefined, now: number = Date.now()): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) {
    const seconds = Number(text);
    return Number.isSafeInteger(seconds * 1000) ? seconds * 1000 : undefined;
  }
  // Every HTTP date form starts with the weekday; a bare `2026-10-21` or `-5` is not one.
  if (!/^[A-Za-z]{3}/.test(text)) return undefined;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
