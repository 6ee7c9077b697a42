import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearOfDayChange, nextDayChange } from './day-change.js';

describe('nextDayChange', () => {
  it('finds the UTC midnight within the margin, to the millisecond', () => {
    expect(nextDayChange(Date.parse('2026-11-26T23:59:55.000Z'), 10_000)).toBe(Date.parse('2026-11-27T00:00:00.000Z'));
    expect(nextDayChange(Date.parse('2026-11-26T23:59:59.999Z'), 10_000)).toBe(Date.parse('2026-11-27T00:00:00.000Z'));
  });

  it('finds the start of a month, which is a usage period’s', () => {
    expect(nextDayChange(Date.parse('2026-11-30T23:59:58.000Z'), 10_000)).toBe(Date.parse('2026-12-01T00:00:00.000Z'));
  });

  it('answers undefined when the day lasts longer than the margin', () => {
    expect(nextDayChange(Date.parse('2026-11-26T12:00:00.000Z'), 10_000)).toBeUndefined();
    expect(nextDayChange(Date.parse('2026-11-26T23:59:49.999Z'), 10_000)).toBeUndefined();
    // Midnight itself has started the day: a whole one is ahead.
    expect(nextDayChange(Date.parse('2026-11-27T00:00:00.000Z'), 10_000)).toBeUndefined();
  });

  it('follows the zone: Kiritimati (UTC+14) starts its day at 10:00 UTC', () => {
    const zone = 'Pacific/Kiritimati';
    expect(nextDayChange(Date.parse('2026-11-26T09:59:58.000Z'), 10_000, zone)).toBe(
      Date.parse('2026-11-26T10:00:00.000Z'),
    );
    expect(nextDayChange(Date.parse('2026-11-26T23:59:58.000Z'), 10_000, zone)).toBeUndefined();
  });
});

describe('clearOfDayChange', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits until the day has changed when it is about to', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'Date'] });
    vi.setSystemTime(Date.parse('2026-11-30T23:59:57.000Z'));
    let cleared = false;
    const waiting = clearOfDayChange().then(() => (cleared = true));
    await vi.advanceTimersByTimeAsync(2_999);
    expect(cleared).toBe(false);
    await vi.advanceTimersByTimeAsync(2);
    await waiting;
    expect(new Date().toISOString()).toBe('2026-12-01T00:00:00.001Z');
  });

  it('returns at once in the middle of a day', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'Date'] });
    vi.setSystemTime(Date.parse('2026-11-30T12:00:00.000Z'));
    await clearOfDayChange();
    expect(new Date().toISOString()).toBe('2026-11-30T12:00:00.000Z');
  });
});
