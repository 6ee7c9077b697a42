import { describe, expect, it } from 'vitest';
import { daysBetween, shiftDay } from './zoned-time.js';

describe('calendar days', () => {
  it('shifts a date across month, year and leap-day ends', () => {
    expect(shiftDay('2026-03-01', -1)).toBe('2026-02-28');
    expect(shiftDay('2024-03-01', -1)).toBe('2024-02-29');
    expect(shiftDay('2026-12-31', 1)).toBe('2027-01-01');
    expect(shiftDay('2026-11-30', -29)).toBe('2026-11-01');
    expect(shiftDay('2026-11-30', 0)).toBe('2026-11-30');
  });

  it('counts the days between two dates, whatever the clocks do in any zone', () => {
    expect(daysBetween('2026-02-27', '2026-03-01')).toBe(2);
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(daysBetween('2026-11-30', '2026-11-30')).toBe(0);
    expect(daysBetween('2026-01-01', '2027-01-01')).toBe(365);
    expect(daysBetween('2026-03-01', '2026-02-27')).toBe(-2);
  });
});
