import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors/api-error.js';
import { analyticsRange, MAX_ANALYTICS_DAYS } from './analytics-range.js';

describe('analyticsRange', () => {
  const now = new Date('2026-11-30T23:59:00Z');

  it('defaults to the 30 days ending today in the time zone', () => {
    expect(analyticsRange({}, 'UTC', now)).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(analyticsRange({ to: '2026-03-01' }, 'UTC', now)).toEqual({ from: '2026-01-31', to: '2026-03-01' });
    // 23:59 UTC is already tomorrow in Auckland, 15:59 the same day in Los Angeles.
    expect(analyticsRange({}, 'Pacific/Auckland', now)).toEqual({ from: '2026-11-02', to: '2026-12-01' });
    expect(analyticsRange({}, 'America/Los_Angeles', new Date('2026-12-01T01:00:00Z'))).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
    });
  });

  it('keeps a range asked for, one day included', () => {
    expect(analyticsRange({ from: '2026-11-05', to: '2026-11-05' }, 'UTC', now)).toEqual({
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
        analyticsRange(asked, 'UTC', now);
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'validation_failed', message });
  });

  it(`accepts ${MAX_ANALYTICS_DAYS} days, a leap year`, () => {
    expect(analyticsRange({ from: '2028-01-01', to: '2028-12-31' }, 'UTC', now)).toEqual({
      from: '2028-01-01',
      to: '2028-12-31',
    });
  });
});
