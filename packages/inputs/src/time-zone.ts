import { z } from 'zod';

/** The time zone of an organization that never chose one. */
export const DEFAULT_TIME_ZONE = 'UTC';

// An IANA name (`Europe/Berlin`, `UTC`, `Etc/GMT+5`), not an offset: newer ICU versions accept
// `+01:00` as a time zone too, which follows no daylight-saving rules and would drift twice a year.
const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;

/**
 * Zones IANA renamed whose old name ICU (CLDR) still returns as canonical, for stability: Node 20's
 * `Intl` resolves `Asia/Kolkata` to `Asia/Calcutta`. Keyed by ICU's name, valued by IANA's current
 * one (CLDR's own `iana` mapping in its time zone data); runtimes that already answer IANA's names
 * never reach this table.
 */
const IANA_NAME_OF_ICU_NAME: Readonly<Record<string, string>> = {
  'Africa/Asmera': 'Africa/Asmara',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Coral_Harbour': 'America/Atikokan',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Godthab': 'America/Nuuk',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
};

/**
 * The canonical IANA name of a time zone this runtime knows (case and links resolved:
 * `europe/berlin` → `Europe/Berlin`, `US/Eastern` → `America/New_York`, `Asia/Calcutta` →
 * `Asia/Kolkata`), or undefined.
 *
 * @example
 * canonicalTimeZone('europe/berlin'); // 'Europe/Berlin'
 * canonicalTimeZone('Mars/Olympus'); // undefined
 */
export function canonicalTimeZone(name: string): string | undefined {
  if (name.length > 64 || !IANA_NAME.test(name)) return undefined;
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
  return Object.hasOwn(IANA_NAME_OF_ICU_NAME, resolved) ? (IANA_NAME_OF_ICU_NAME[resolved] as string) : resolved;
}

/** ICU's names and IANA's current ones, for the test that holds them equal as zones. */
export const renamedTimeZones = (): ReadonlyArray<readonly [icu: string, iana: string]> =>
  Object.entries(IANA_NAME_OF_ICU_NAME);

/**
 * An IANA time zone name in a request; the server stores its {@link canonicalTimeZone}. A browser
 * asks its own time zone data, which may be a release older or newer than the server's: the
 * server's answer is the one that counts.
 */
export const TimeZoneSchema = z.string().refine((name) => canonicalTimeZone(name) !== undefined, {
  message: 'Expected an IANA time zone name, such as Europe/Berlin, America/New_York or UTC.',
});
