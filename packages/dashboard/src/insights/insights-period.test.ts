import { describe, expect, it } from 'vitest';
import { inboxDatesOf, trendsQueryOf } from './insights-period.js';
import { validateInsightsSearch } from './insights-search.js';

describe("the Insights screen's period", () => {
  it('starts at Since when set, else at the preset, and ends with Until', () => {
    expect(trendsQueryOf({}, '2026-11-26')).toEqual({ interval: 'day', from: '2026-10-28' });
    expect(trendsQueryOf({ from: '2026-11-27', to: '2026-11-28' }, '2026-11-26')).toEqual({
      interval: 'day',
      from: '2026-11-27',
      to: '2026-11-28',
    });
  });

  it('reads neither a search by meaning nor keys it does not know from the address', () => {
    const search = validateInsightsSearch({ meaning: 'slow', ref: 'slack', from: '2026-11-27', interval: 'week' });
    expect(search).toEqual(expect.objectContaining({ from: '2026-11-27', interval: 'week' }));
    expect(search).not.toHaveProperty('meaning');
    expect(search).not.toHaveProperty('ref');
  });

  it('gives the inbox the days of a period, in the organization’s time zone', () => {
    expect(inboxDatesOf({ from: '2026-10-28T00:00:00.000Z', to: '2026-11-27T00:00:00.000Z' }, 'UTC')).toEqual({
      from: '2026-10-28',
      to: '2026-11-26',
    });
    expect(inboxDatesOf({ from: '2026-10-27T23:00:00.000Z', to: '2026-11-26T23:00:00.000Z' }, 'Europe/Berlin')).toEqual(
      { from: '2026-10-28', to: '2026-11-26' },
    );
  });
});
