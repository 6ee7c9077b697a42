import { z } from 'zod';

/** The time zone of an organization that never chose one. */
export const DEFAULT_TIME_ZONE = 'UTC';

// An IANA name (`Europe/Berlin`, `UTC`, `Etc/GMT+5`), not an offset: newer ICU versions accept
// `+01:00` as a time zone too, which follows no daylight-saving rules and would drift twice a year.
const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;

/**
 * The canonical IANA name of a time zone this runtime knows (case and links resolved:
 * `europe/berlin` → `Europe/Berlin`, `US/Eastern` → `America/New_York`), or undefined.
 *
 * @example
 * canonicalTimeZone('europe/berlin'); // 'Europe/Berlin'
 * canonicalTimeZone('Mars/Olympus'); // undefined
 */
export function canonicalTimeZone(name: string): string | undefined {
  if (name.length > 64 || !IANA_NAME.test(name)) return undefined;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/**
 * An IANA time zone name in a request; the server stores its {@link canonicalTimeZone}. A browser
 * asks its own time zone data, which may be a release older or newer than the server's: the
 * server's answer is the one that counts.
 */
export const TimeZoneSchema = z.string().refine((name) => canonicalTimeZone(name) !== undefined, {
  message: 'Expected an IANA time zone name, such as Europe/Berlin, America/New_York or UTC.',
});
