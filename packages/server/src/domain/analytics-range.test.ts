import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors/api-error.js';
import { analyticsRange, daysOf, MAX_ANALYTICS_DAYS } from './analytics-range.js';

describe('analyticsRange', () => {
  const now = new Date('2026-11-30T23:59:00Z');

  it('defaults to the 30 UTC days ending today', () => {
    expect(analyticsRange({}, now)).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(analyticsRange({ to: '2026-03-01' }, now)).toEqual({ from: '2026-01-31', to: '2026-03-01' });
  });

  it('keeps a range asked for, one day included', () => {
    expect(analyticsRange({ from: '2026-11-05', to: '2026-11-05' }, now)).toEqual({
      from: '2026-11-05',
      to: '2026-11-05',
    });
  });

  it.each([
    { case: 'a day that does not exist', asked: { from: '2026-02-29' }, message: /from: Expected a calendar date/ },
    { case: 'from after to', asked: { from: '2026-11-10', to: '2026-11-09' }, message: /after to/ },
    { case: 'a range over the limit', asked: { from: '2025-01-01', to: '2026-01-02' }, message: /367 days/ },
  ])('refuses $case with 400 validation_failed', ({ asked, message }) => {
    const error = (() => {
      try {
        analyticsRange(asked, now);
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'validation_failed', message });
  });

  it(`accepts ${MAX_ANALYTICS_DAYS} days, a leap year`, () => {
    expect(daysOf(analyticsRange({ from: '2028-01-01', to: '2028-12-31' }, now))).toHaveLength(366);
  });
});

describe('daysOf', () => {
  it('lists every day, across a month end', () => {
    expect(daysOf({ from: '2026-02-27', to: '2026-03-02' })).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
  });
});
