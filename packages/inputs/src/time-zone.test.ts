import { describe, expect, it } from 'vitest';
import { canonicalTimeZone, renamedTimeZones, TimeZoneSchema } from './time-zone.js';

/** A zone's UTC offsets over two years, month by month: what a rename must keep. */
function offsets(zone: string): string[] {
  const format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
  return Array.from({ length: 24 }, (_, month) => format.format(Date.UTC(2025, month, 15)));
}

describe('canonicalTimeZone', () => {
  it("answers IANA's current names where ICU keeps an old one, whichever name was given", () => {
    expect(canonicalTimeZone('Asia/Kathmandu')).toBe('Asia/Kathmandu');
    expect(canonicalTimeZone('Asia/Katmandu')).toBe('Asia/Kathmandu');
    expect(canonicalTimeZone('asia/kolkata')).toBe('Asia/Kolkata');
    expect(canonicalTimeZone('Asia/Calcutta')).toBe('Asia/Kolkata');
    expect(canonicalTimeZone('Europe/Kyiv')).toBe('Europe/Kyiv');
    expect(canonicalTimeZone('America/Argentina/Buenos_Aires')).toBe('America/Argentina/Buenos_Aires');
  });

  it('still resolves case and links, and refuses what is no zone', () => {
    expect(canonicalTimeZone('europe/berlin')).toBe('Europe/Berlin');
    expect(canonicalTimeZone('US/Eastern')).toBe('America/New_York');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    expect(canonicalTimeZone('Mars/Olympus')).toBeUndefined();
    expect(canonicalTimeZone('+01:00')).toBeUndefined();
    expect(canonicalTimeZone('constructor')).toBeUndefined();
  });

  it.each(renamedTimeZones())('%s and %s are one zone, and the new name is what is stored', (icu, iana) => {
    expect(canonicalTimeZone(iana)).toBe(iana);
    expect(canonicalTimeZone(icu)).toBe(iana);
    expect(offsets(iana)).toEqual(offsets(icu));
    expect(TimeZoneSchema.safeParse(iana).success).toBe(true);
  });
});
