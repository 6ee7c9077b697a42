import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createBrand } from '../../../test/support/api.js';
import {
  type CreatedInbox,
  createApiKey,
  createInbox,
  expectJson,
  expectProblem,
} from '../../../test/support/api-assertions.js';
import { clearOfDayChange } from '../../../test/support/day-change.js';
import { describeEachDatabase } from '../../../test/support/harness.js';
import type { BootstrappedOrganization } from '../../services/organizations.js';

interface Point {
  date: string;
  start: string;
  end: string;
  count: number;
  averageScore: number | null;
  nps: number | null;
  npsResponses: number;
  csatPercent: number | null;
  csatResponses: number;
}
interface Trends {
  interval: string;
  timezone: string;
  groupBy: string | null;
  range: { from: string; to: string };
  series: { group: string | null; label: string | null; total: number; scoreType: string | null; buckets: Point[] }[];
}

interface Item {
  at: string;
  type: string;
  score?: number;
  comment?: string;
  source?: string;
}

describeEachDatabase('feedback trends', (bed) => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A fresh organization in a time zone, so each test counts only its own items. */
  async function organizationIn(timezone: string, name = `Trends ${timezone}`): Promise<BootstrappedOrganization> {
    const org = await bed().runtime.services.organizations.bootstrap({ name });
    const path = `/organizations/${org.organization.id}`;
    const updated = await expectJson(
      await bed().request(path, { method: 'PATCH', key: org.adminKey, json: { timezone } }),
      200,
    );
    expect(updated.timezone).toBe(timezone);
    return org;
  }

  /** Collects each item at its time (the clock is set, the request is real). */
  async function collectAt(org: BootstrappedOrganization, items: Item[], inboxKey = org.inbox.inboxKey) {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      for (const { at, source, ...item } of items) {
        vi.setSystemTime(new Date(at));
        const response = await bed().request('/collect', {
          method: 'POST',
          key: org.collectKey,
          json: { inboxKey, ...item, ...(source && { context: { source } }) },
        });
        await expectJson(response, 201);
      }
    } finally {
      vi.useRealTimers();
    }
  }

  const trends = (org: BootstrappedOrganization, query: Record<string, string>, key = org.adminKey) =>
    bed().request(`/organizations/${org.organization.id}/feedback/trends?${new URLSearchParams(query)}`, { key });
  const trendsOf = async (org: BootstrappedOrganization, query: Record<string, string>, key?: string) =>
    expectJson<Trends>(await trends(org, query, key), 200);
  const counts = (body: Trends, series = 0) => body.series[series]?.buckets.map((point) => point.count);

  describe('days in the organization’s time zone', () => {
    let berlin: BootstrappedOrganization;
    beforeAll(async () => {
      berlin = await organizationIn('Europe/Berlin');
      await collectAt(berlin, [
        { at: '2026-03-28T22:59:59.999Z', type: 'thumbs', score: 1 }, // 23:59 on the 28th in Berlin
        { at: '2026-03-28T23:00:00.000Z', type: 'thumbs', score: 0 }, // midnight, the 29th
        { at: '2026-03-29T21:59:00.000Z', type: 'thumbs', score: 1 }, // 23:59 CEST, still the 29th
        { at: '2026-03-29T22:00:00.000Z', type: 'thumbs', score: 1 }, // midnight, the 30th
        { at: '2026-10-24T22:00:00.000Z', type: 'thumbs', score: 1 }, // midnight CEST, the 25th
        { at: '2026-10-25T22:30:00.000Z', type: 'thumbs', score: 0 }, // 23:30 CET, still the 25th
      ]);
    });

    it('counts a 23-hour day across the spring change, with empty days as zeros', async () => {
      const body = await trendsOf(berlin, { interval: 'day', from: '2026-03-27', to: '2026-03-30' });
      expect(body).toMatchObject({
        interval: 'day',
        timezone: 'Europe/Berlin',
        groupBy: null,
        range: { from: '2026-03-26T23:00:00.000Z', to: '2026-03-30T22:00:00.000Z' },
      });
      expect(body.series).toHaveLength(1);
      expect(body.series[0]).toMatchObject({ group: null, label: null, total: 4, scoreType: 'thumbs' });
      expect(body.series[0]?.buckets).toEqual([
        {
          date: '2026-03-27',
          start: '2026-03-26T23:00:00.000Z',
          end: '2026-03-27T23:00:00.000Z',
          count: 0,
          averageScore: null,
          nps: null,
          npsResponses: 0,
          csatPercent: null,
          csatResponses: 0,
        },
        {
          date: '2026-03-28',
          start: '2026-03-27T23:00:00.000Z',
          end: '2026-03-28T23:00:00.000Z',
          count: 1,
          averageScore: 1,
          nps: null,
          npsResponses: 0,
          csatPercent: null,
          csatResponses: 0,
        },
        {
          date: '2026-03-29',
          start: '2026-03-28T23:00:00.000Z',
          end: '2026-03-29T22:00:00.000Z',
          count: 2,
          averageScore: 0.5,
          nps: null,
          npsResponses: 0,
          csatPercent: null,
          csatResponses: 0,
        },
        {
          date: '2026-03-30',
          start: '2026-03-29T22:00:00.000Z',
          end: '2026-03-30T22:00:00.000Z',
          count: 1,
          averageScore: 1,
          nps: null,
          npsResponses: 0,
          csatPercent: null,
          csatResponses: 0,
        },
      ]);
    });

    it('counts a 25-hour day across the autumn change', async () => {
      const body = await trendsOf(berlin, { interval: 'day', from: '2026-10-24', to: '2026-10-26' });
      expect(body.series[0]?.buckets.map(({ date, start, end, count }) => ({ date, start, end, count }))).toEqual([
        { date: '2026-10-24', start: '2026-10-23T22:00:00.000Z', end: '2026-10-24T22:00:00.000Z', count: 0 },
        { date: '2026-10-25', start: '2026-10-24T22:00:00.000Z', end: '2026-10-25T23:00:00.000Z', count: 2 },
        { date: '2026-10-26', start: '2026-10-25T23:00:00.000Z', end: '2026-10-26T23:00:00.000Z', count: 0 },
      ]);
    });

    it('counts the same items by UTC days once the organization switches to UTC, and back', async () => {
      const path = `/organizations/${berlin.organization.id}`;
      await expectJson(
        await bed().request(path, { method: 'PATCH', key: berlin.adminKey, json: { timezone: 'utc' } }),
        200,
      );
      try {
        const body = await trendsOf(berlin, { interval: 'day', from: '2026-03-28', to: '2026-03-30' });
        expect(body.timezone).toBe('UTC');
        expect(counts(body)).toEqual([2, 2, 0]);
      } finally {
        await bed().request(path, { method: 'PATCH', key: berlin.adminKey, json: { timezone: 'Europe/Berlin' } });
      }
    });

    it('reads a date-time bound as an instant and widens it to whole buckets', async () => {
      // 10:00 UTC on the 29th is inside Berlin's 29th: the whole day is counted.
      const body = await trendsOf(berlin, {
        interval: 'day',
        from: '2026-03-29T10:00:00Z',
        to: '2026-03-29T10:00:01+02:00',
      });
      expect(body.range).toEqual({ from: '2026-03-28T23:00:00.000Z', to: '2026-03-29T22:00:00.000Z' });
      expect(counts(body)).toEqual([2]);
    });
  });

  it('counts New York days, ISO weeks from Monday and calendar months across its changes', async () => {
    const newYork = await organizationIn('America/New_York');
    await collectAt(newYork, [
      { at: '2026-03-09T03:30:00.000Z', type: 'stars', score: 5 }, // Sunday 23:30 EDT: 8 March, week of 2 March
      { at: '2026-03-09T04:30:00.000Z', type: 'stars', score: 3 }, // Monday 00:30 EDT: week of 9 March
      { at: '2026-11-01T04:30:00.000Z', type: 'stars', score: 4 }, // 00:30 EDT, 1 November
      { at: '2026-11-02T04:30:00.000Z', type: 'stars', score: 2 }, // 23:30 EST, still 1 November
      { at: '2026-11-02T05:00:00.000Z', type: 'stars', score: 1 }, // midnight EST, 2 November
    ]);
    const days = await trendsOf(newYork, { interval: 'day', from: '2026-11-01', to: '2026-11-02' });
    expect(days.series[0]?.buckets.map(({ date, count, averageScore }) => [date, count, averageScore])).toEqual([
      ['2026-11-01', 2, 3],
      ['2026-11-02', 1, 1],
    ]);
    const weeks = await trendsOf(newYork, { interval: 'week', from: '2026-03-02', to: '2026-03-15' });
    expect(weeks.series[0]?.buckets.map(({ date, start, count }) => [date, start, count])).toEqual([
      ['2026-03-02', '2026-03-02T05:00:00.000Z', 1],
      ['2026-03-09', '2026-03-09T04:00:00.000Z', 1],
    ]);
    const months = await trendsOf(newYork, { interval: 'month', from: '2026-02-01', to: '2026-11-30' });
    expect(months.series[0]?.buckets.map((point) => point.date)).toEqual([
      '2026-02-01',
      '2026-03-01',
      '2026-04-01',
      '2026-05-01',
      '2026-06-01',
      '2026-07-01',
      '2026-08-01',
      '2026-09-01',
      '2026-10-01',
      '2026-11-01',
    ]);
    expect(counts(months)).toEqual([0, 2, 0, 0, 0, 0, 0, 0, 0, 3]);
    expect(months.series[0]?.buckets[9]).toMatchObject({
      start: '2026-11-01T04:00:00.000Z',
      end: '2026-12-01T05:00:00.000Z',
      averageScore: 2.33,
    });
  });

  it('puts the last evening of a month in that month, in the zone', async () => {
    const berlin = await organizationIn('Europe/Berlin', 'Trends month ends');
    await collectAt(berlin, [
      { at: '2026-03-31T21:30:00.000Z', type: 'text', comment: 'March' }, // 23:30 CEST on 31 March
      { at: '2026-03-31T22:30:00.000Z', type: 'text', comment: 'April' }, // 00:30 CEST on 1 April
    ]);
    const months = await trendsOf(berlin, { interval: 'month', from: '2026-03-01', to: '2026-04-30' });
    expect(months.series[0]?.buckets.map(({ date, start, count }) => [date, start, count])).toEqual([
      ['2026-03-01', '2026-02-28T23:00:00.000Z', 1],
      ['2026-04-01', '2026-03-31T22:00:00.000Z', 1],
    ]);
    expect(months.series[0]).toMatchObject({
      scoreType: null,
      buckets: [{ averageScore: null }, { averageScore: null }],
    });
  });

  describe('scores and groups', () => {
    let org: BootstrappedOrganization;
    let second: CreatedInbox;
    beforeAll(async () => {
      org = await organizationIn('UTC', 'Trends groups');
      second = await createInbox(bed(), org, { name: 'Second inbox' });
      const day1 = '2026-06-01T12:00:00.000Z';
      const day2 = '2026-06-02T12:00:00.000Z';
      await collectAt(org, [
        // Day 1 NPS: 10, 9, 7, 3 → (2 − 1) / 4 = 25; CSAT: 5, 2 → 50 %
        { at: day1, type: 'nps', score: 10, source: 'widget' },
        { at: day1, type: 'nps', score: 9, source: 'widget' },
        { at: day1, type: 'nps', score: 7, source: 'email' },
        { at: day1, type: 'nps', score: 3 },
        { at: day1, type: 'csat', score: 5, source: 'widget' },
        { at: day1, type: 'csat', score: 2, source: 'widget' },
        // Day 2 NPS: 0 → −100; CSAT: 4 → 100 %
        { at: day2, type: 'nps', score: 0, source: 'email' },
        { at: day2, type: 'csat', score: 4, source: 'widget' },
      ]);
      await collectAt(org, [{ at: day2, type: 'csat', score: 5, source: 'email' }], second.inboxKey);
    });
    const range = { interval: 'day', from: '2026-06-01', to: '2026-06-03' };

    it('gives NPS and CSAT per bucket, and no average for a mix of scales', async () => {
      const body = await trendsOf(org, range);
      expect(body.series[0]).toMatchObject({ total: 9, scoreType: null });
      expect(
        body.series[0]?.buckets.map(({ count, nps, npsResponses, csatPercent, csatResponses, averageScore }) => ({
          count,
          nps,
          npsResponses,
          csatPercent,
          csatResponses,
          averageScore,
        })),
      ).toEqual([
        { count: 6, nps: 25, npsResponses: 4, csatPercent: 50, csatResponses: 2, averageScore: null },
        { count: 3, nps: -100, npsResponses: 1, csatPercent: 100, csatResponses: 2, averageScore: null },
        { count: 0, nps: null, npsResponses: 0, csatPercent: null, csatResponses: 0, averageScore: null },
      ]);
      const npsOnly = await trendsOf(org, { ...range, type: 'nps' });
      expect(npsOnly.series[0]).toMatchObject({ total: 5, scoreType: 'nps' });
      expect(npsOnly.series[0]?.buckets.map((point) => point.averageScore)).toEqual([7.25, 0, null]);
    });

    it('splits by type, inbox (named), source and brand, largest first', async () => {
      const byType = await trendsOf(org, { ...range, groupBy: 'type' });
      expect(byType.groupBy).toBe('type');
      expect(byType.series.map(({ group, total, scoreType }) => [group, total, scoreType])).toEqual([
        ['nps', 5, 'nps'],
        ['csat', 4, 'csat'],
      ]);
      expect(byType.series[1]?.buckets.map((point) => point.averageScore)).toEqual([3.5, 4.5, null]);

      const byInbox = await trendsOf(org, { ...range, groupBy: 'inbox' });
      expect(byInbox.series.map(({ group, label, total }) => [group, label, total])).toEqual([
        [org.inbox.id, 'Default inbox', 8],
        [second.id, 'Second inbox', 1],
      ]);
      expect(counts(byInbox, 1)).toEqual([0, 1, 0]);

      const bySource = await trendsOf(org, { ...range, groupBy: 'source' });
      expect(bySource.series.map(({ group, label, total }) => [group, label, total])).toEqual([
        ['widget', null, 5],
        ['email', null, 3],
        [null, null, 1],
      ]);
      expect(counts(bySource, 1)).toEqual([1, 2, 0]);

      const byBrand = await trendsOf(org, { ...range, groupBy: 'brand' });
      expect(byBrand.series.map(({ group, total }) => [group, total])).toEqual([[null, 9]]);

      const filtered = await trendsOf(org, { ...range, groupBy: 'inbox', source: 'email', inboxId: second.id });
      expect(filtered.series.map(({ group, total }) => [group, total])).toEqual([[second.id, 1]]);
    });

    it('answers an empty range with one series of zeros, and no series when grouped', async () => {
      const empty = { interval: 'week', from: '2026-01-05', to: '2026-01-18' };
      const body = await trendsOf(org, empty);
      expect(body.series).toHaveLength(1);
      expect(counts(body)).toEqual([0, 0]);
      expect((await trendsOf(org, { ...empty, groupBy: 'source' })).series).toEqual([]);
    });
  });

  it('keeps the 50 most frequent sources when grouped by source', async () => {
    const org = await organizationIn('UTC', 'Trends many sources');
    const at = '2026-08-03T09:00:00.000Z';
    const items: Item[] = Array.from({ length: 51 }, (_, index) => ({
      at,
      type: 'thumbs',
      score: 1,
      source: `source-${String(index).padStart(2, '0')}`,
    }));
    items.push(
      { at, type: 'thumbs', score: 0, source: 'source-50' },
      { at, type: 'thumbs', score: 0, source: 'source-50' },
    );
    await collectAt(org, items);
    const body = await trendsOf(org, { interval: 'month', from: '2026-08-01', to: '2026-08-31', groupBy: 'source' });
    expect(body.series).toHaveLength(50);
    expect(body.series[0]).toMatchObject({ group: 'source-50', total: 3 });
    // Ties of one item each go by name: source-49, the last of them, is the one left out.
    expect(body.series.map((series) => series.group)).not.toContain('source-49');
    expect(body.series.at(-1)).toMatchObject({ group: 'source-48', total: 1 });
  });

  it('counts only the brand of a brand-scoped key, and never another organization', async () => {
    const org = await organizationIn('UTC', 'Trends brands');
    const brand = await createBrand(bed(), org, 'Trend brand');
    const branded = await createInbox(bed(), org, { name: 'Branded', brandId: brand.id });
    const at = '2026-07-01T08:00:00.000Z';
    await collectAt(org, [{ at, type: 'thumbs', score: 1 }]);
    await collectAt(
      org,
      [
        { at, type: 'thumbs', score: 0 },
        { at, type: 'thumbs', score: 0 },
      ],
      branded.inboxKey,
    );
    const query = { interval: 'day', from: '2026-07-01', to: '2026-07-01' };

    const all = await trendsOf(org, { ...query, groupBy: 'brand' });
    expect(all.series.map(({ group, label, total }) => [group, label, total])).toEqual([
      [brand.id, 'Trend brand', 2],
      [null, null, 1],
    ]);
    const key = await createApiKey(bed(), org, { scopes: ['read'], brandId: brand.id });
    const mine = await trendsOf(org, query, key.secret);
    expect(mine.series[0]).toMatchObject({ total: 2, scoreType: 'thumbs', buckets: [{ count: 2, averageScore: 0 }] });

    // Another organization's key: 404, as if the organization did not exist; its own trends hold none of these.
    await expectProblem(await trends(org, query, bed().orgB.adminKey), 404, 'not_found');
    const other = await trendsOf(bed().orgB, query);
    expect(other.series[0]?.total).toBe(0);
  });

  it('defaults to the last 30 days in the zone, the current day last', async () => {
    await clearOfDayChange({ timeZone: 'Pacific/Kiritimati' });
    const org = await organizationIn('Pacific/Kiritimati', 'Trends default range');
    await collectAt(org, [{ at: new Date().toISOString(), type: 'text', comment: 'Today' }]);
    const body = await trendsOf(org, {});
    expect(body.interval).toBe('day');
    const points = body.series[0]?.buckets ?? [];
    expect(points).toHaveLength(30);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati' }).format(new Date());
    expect(points.at(-1)).toMatchObject({ date: today, count: 1 });
  });

  describe('refusals', () => {
    const org = () => bed().orgA;
    it.each<{ case: string; query: Record<string, string>; path: string }>([
      {
        case: 'more than 400 days',
        query: { interval: 'day', from: '2025-01-01', to: '2026-02-05' },
        path: 'interval',
      },
      { case: 'an unknown interval', query: { interval: 'hour' }, path: 'interval' },
      { case: 'an unknown grouping', query: { groupBy: 'status' }, path: 'groupBy' },
      { case: 'a range that ends before it starts', query: { from: '2026-03-02', to: '2026-02-28' }, path: 'from' },
      { case: 'a date-time without offset', query: { from: '2026-03-02T10:00:00' }, path: 'from' },
    ])('refuses $case with 400 naming $path', async ({ query, path }) => {
      const problem = await expectProblem(await trends(org(), query), 400, 'validation_failed');
      expect(problem.errors?.map((error) => error.path)).toEqual([path]);
    });

    it('accepts 400 days by day and 10 years by month', async () => {
      expect(counts(await trendsOf(org(), { interval: 'day', from: '2025-01-01', to: '2026-02-04' }))).toHaveLength(
        400,
      );
      expect(counts(await trendsOf(org(), { interval: 'month', from: '2017-01-01', to: '2026-12-31' }))).toHaveLength(
        120,
      );
    });
  });
});
