import { describe, expect, it } from 'vitest';
import { instantBounds, instantOfBound, needsTimeZone } from './date-bound.js';

describe('instantOfBound', () => {
  it('reads a date as that day in the zone: from its start, to its end', () => {
    expect(instantOfBound('2026-11-10', 'from', 'Asia/Kolkata')).toBe('2026-11-09T18:30:00.000Z');
    expect(instantOfBound('2026-11-10', 'to', 'Asia/Kolkata')).toBe('2026-11-10T18:30:00.000Z');
    expect(instantOfBound('2026-11-10', 'from', 'America/Los_Angeles')).toBe('2026-11-10T08:00:00.000Z');
    expect(instantOfBound('2026-11-10', 'to', 'America/Los_Angeles')).toBe('2026-11-11T08:00:00.000Z');
    expect(instantOfBound('2026-11-10', 'from', 'UTC')).toBe('2026-11-10T00:00:00.000Z');
    expect(instantOfBound('2026-11-10', 'to', 'UTC')).toBe('2026-11-11T00:00:00.000Z');
  });

  it('gives a day the clocks go back its 25 hours, and one they go forward its 23', () => {
    const hours = (day: string, zone: string) =>
      (Date.parse(instantOfBound(day, 'to', zone)) - Date.parse(instantOfBound(day, 'from', zone))) / 3_600_000;
    expect(hours('2026-11-01', 'America/Los_Angeles')).toBe(25);
    expect(hours('2026-03-29', 'Europe/Berlin')).toBe(23);
  });

  it('keeps a date-time with an offset the instant it names, whatever the zone or edge', () => {
    for (const edge of ['from', 'to'] as const) {
      expect(instantOfBound('2026-11-10T09:30:00+05:30', edge, 'America/Los_Angeles')).toBe('2026-11-10T04:00:00.000Z');
    }
  });

  it('stays within the years ISO-8601 writes with four digits, which stored timestamps compare as', () => {
    expect(instantOfBound('9999-12-31', 'to', 'America/Los_Angeles')).toBe('9999-12-31T23:59:59.999Z');
    expect(instantOfBound('0000-01-01', 'from', 'Asia/Kolkata')).toBe('0000-01-01T00:00:00.000Z');
  });
});

describe('instantBounds', () => {
  it('reads both bounds of filters and keeps the rest; needs the zone only for a date', () => {
    expect(instantBounds({ type: 'nps', from: '2026-11-10', to: '2026-11-10' }, 'Asia/Kolkata')).toEqual({
      type: 'nps',
      from: '2026-11-09T18:30:00.000Z',
      to: '2026-11-10T18:30:00.000Z',
    });
    expect(needsTimeZone({ from: '2026-11-10T00:00:00Z' })).toBe(false);
    expect(needsTimeZone({ from: '2026-11-10T00:00:00Z', to: '2026-11-11' })).toBe(true);
    expect(needsTimeZone({})).toBe(false);
  });
});
