import { describe, expect, it } from 'vitest';
import { instantOfBound } from '../domain/date-bound.js';
import { ApiError } from '../errors/api-error.js';
import { MAX_TREND_BUCKETS, trendBuckets } from './trend-buckets.js';

/** A day, as `bucketsOf` reads it: where it starts in the zone (a `to` is the first day left out). */
const date = (text: string) => ({ date: text });
type Bound = { date: string } | number;

function bucketsOf(options: {
  interval: 'day' | 'week' | 'month';
  timeZone: string;
  from?: Bound;
  to?: Bound;
  now: number;
}) {
  const instant = (bound: Bound | undefined) =>
    bound === undefined || typeof bound === 'number'
      ? bound
      : Date.parse(instantOfBound(bound.date, 'from', options.timeZone));
  return trendBuckets({ ...options, from: instant(options.from), to: instant(options.to) });
}
const hoursOf = (bucket: { start: string; end: string }) =>
  (Date.parse(bucket.end) - Date.parse(bucket.start)) / 3_600_000;
const now = Date.parse('2026-11-25T12:00:00.000Z');

describe('trendBuckets', () => {
  it('gives Berlin a 23-hour day when the clocks go forward and a 25-hour day when they go back', () => {
    const spring = bucketsOf({
      interval: 'day',
      timeZone: 'Europe/Berlin',
      from: date('2026-03-28'),
      to: date('2026-03-31'),
      now,
    });
    expect(spring).toEqual([
      { date: '2026-03-28', start: '2026-03-27T23:00:00.000Z', end: '2026-03-28T23:00:00.000Z' },
      { date: '2026-03-29', start: '2026-03-28T23:00:00.000Z', end: '2026-03-29T22:00:00.000Z' },
      { date: '2026-03-30', start: '2026-03-29T22:00:00.000Z', end: '2026-03-30T22:00:00.000Z' },
    ]);
    expect(spring.map(hoursOf)).toEqual([24, 23, 24]);
    const autumn = bucketsOf({
      interval: 'day',
      timeZone: 'Europe/Berlin',
      from: date('2026-10-25'),
      to: date('2026-10-26'),
      now,
    });
    expect(autumn).toEqual([
      { date: '2026-10-25', start: '2026-10-24T22:00:00.000Z', end: '2026-10-25T23:00:00.000Z' },
    ]);
  });

  it('follows New York across its changes (second Sunday of March, first of November)', () => {
    const buckets = (from: string, to: string) =>
      bucketsOf({ interval: 'day', timeZone: 'America/New_York', from: date(from), to: date(to), now });
    expect(buckets('2026-03-08', '2026-03-09')).toEqual([
      { date: '2026-03-08', start: '2026-03-08T05:00:00.000Z', end: '2026-03-09T04:00:00.000Z' },
    ]);
    expect(buckets('2026-11-01', '2026-11-02')).toEqual([
      { date: '2026-11-01', start: '2026-11-01T04:00:00.000Z', end: '2026-11-02T05:00:00.000Z' },
    ]);
  });

  it('starts a day at 01:00 where the clocks skip midnight (Santiago, September)', () => {
    const buckets = bucketsOf({
      interval: 'day',
      timeZone: 'America/Santiago',
      from: date('2026-09-05'),
      to: date('2026-09-07'),
      now,
    });
    expect(buckets).toEqual([
      { date: '2026-09-05', start: '2026-09-05T04:00:00.000Z', end: '2026-09-06T04:00:00.000Z' },
      { date: '2026-09-06', start: '2026-09-06T04:00:00.000Z', end: '2026-09-07T03:00:00.000Z' },
    ]);
  });

  it('starts a day at the first of two midnights where the clocks repeat it (Havana, November)', () => {
    const buckets = bucketsOf({
      interval: 'day',
      timeZone: 'America/Havana',
      from: date('2026-11-01'),
      to: date('2026-11-02'),
      now,
    });
    // 01:00 CDT goes back to 00:00 CST: the day runs from 00:00 CDT (04:00 UTC) for 25 hours.
    expect(buckets).toEqual([
      { date: '2026-11-01', start: '2026-11-01T04:00:00.000Z', end: '2026-11-02T05:00:00.000Z' },
    ]);
  });

  it('starts weeks on Monday and months on the 1st, in the zone', () => {
    // 2026-03-29 is a Sunday; from an instant that is Sunday evening in New York but Monday in UTC.
    const weeks = bucketsOf({
      interval: 'week',
      timeZone: 'America/New_York',
      from: Date.parse('2026-03-09T03:30:00.000Z'),
      to: Date.parse('2026-03-09T04:30:00.000Z'),
      now,
    });
    expect(weeks).toEqual([
      { date: '2026-03-02', start: '2026-03-02T05:00:00.000Z', end: '2026-03-09T04:00:00.000Z' },
      { date: '2026-03-09', start: '2026-03-09T04:00:00.000Z', end: '2026-03-16T04:00:00.000Z' },
    ]);
    const months = bucketsOf({
      interval: 'month',
      timeZone: 'Europe/Berlin',
      from: date('2026-02-15'),
      to: date('2026-04-01'),
      now,
    });
    expect(months).toEqual([
      { date: '2026-02-01', start: '2026-01-31T23:00:00.000Z', end: '2026-02-28T23:00:00.000Z' },
      { date: '2026-03-01', start: '2026-02-28T23:00:00.000Z', end: '2026-03-31T22:00:00.000Z' },
    ]);
    const yearEnd = bucketsOf({
      interval: 'month',
      timeZone: 'UTC',
      from: date('2026-12-01'),
      to: date('2027-02-01'),
      now,
    });
    expect(yearEnd.map((bucket) => bucket.date)).toEqual(['2026-12-01', '2027-01-01']);
  });

  it('defaults to the last 30 days, 12 weeks or 12 months, the current one included', () => {
    const days = bucketsOf({ interval: 'day', timeZone: 'Asia/Tokyo', now });
    expect(days).toHaveLength(30);
    expect(days.at(-1)).toEqual({
      date: '2026-11-25',
      start: '2026-11-24T15:00:00.000Z',
      end: '2026-11-25T15:00:00.000Z',
    });
    expect(days[0]?.date).toBe('2026-10-27');
    const weeks = bucketsOf({ interval: 'week', timeZone: 'UTC', now });
    expect(weeks.map((bucket) => bucket.date).slice(-2)).toEqual(['2026-11-16', '2026-11-23']);
    expect(weeks).toHaveLength(12);
    const months = bucketsOf({ interval: 'month', timeZone: 'UTC', now });
    expect([months[0]?.date, months.at(-1)?.date, months.length]).toEqual(['2025-12-01', '2026-11-01', 12]);
  });

  it(`refuses more than ${MAX_TREND_BUCKETS} buckets and a range that ends before it starts, naming the parameter`, () => {
    const refusal = (call: () => unknown) => {
      try {
        call();
      } catch (error) {
        if (ApiError.isInstance(error))
          return { status: error.status, paths: error.errors?.map((entry) => entry.path) };
      }
      return undefined;
    };
    const range = { from: date('2025-01-01'), to: date('2026-02-05') }; // 400 days
    expect(bucketsOf({ interval: 'day', timeZone: 'UTC', ...range, now })).toHaveLength(400);
    expect(
      refusal(() => bucketsOf({ interval: 'day', timeZone: 'UTC', ...range, to: date('2026-02-06'), now })),
    ).toEqual({
      status: 400,
      paths: ['interval'],
    });
    expect(
      refusal(() =>
        bucketsOf({ interval: 'day', timeZone: 'UTC', from: date('2026-03-02'), to: date('2026-03-02'), now }),
      ),
    ).toEqual({
      status: 400,
      paths: ['from'],
    });
  });

  it('counts the day a date `to` names, as the other filters do: from=D&to=D is the day D in the zone', () => {
    const timeZone = 'Asia/Kolkata';
    const day = trendBuckets({
      interval: 'day',
      timeZone,
      from: Date.parse(instantOfBound('2026-11-01', 'from', timeZone)),
      to: Date.parse(instantOfBound('2026-11-01', 'to', timeZone)),
      now,
    });
    expect(day).toEqual([{ date: '2026-11-01', start: '2026-10-31T18:30:00.000Z', end: '2026-11-01T18:30:00.000Z' }]);
  });
});
