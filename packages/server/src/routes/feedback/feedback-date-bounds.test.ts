import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectJson, expectProblem } from '../../../test/support/api-assertions.js';
import { describeEachDatabase } from '../../../test/support/harness.js';
import { callTool, connectMcp, textOf } from '../../../test/support/mcp-client.js';
import type { BootstrappedOrganization } from '../../services/organizations.js';

interface Trends {
  series: { buckets: { date: string; count: number }[] }[];
}

/**
 * An organization away from UTC and items on either side of its local midnights (and of UTC's),
 * each labelled with the local day it falls on there.
 */
const ZONES = [
  {
    timezone: 'Asia/Kolkata', // UTC+05:30: its days start at 18:30 UTC the day before
    items: [
      { at: '2026-11-09T18:29:59.999Z', day: '2026-11-09' }, // 23:59:59.999 on the 9th
      { at: '2026-11-09T18:30:00.000Z', day: '2026-11-10' }, // midnight: the 10th
      { at: '2026-11-10T00:00:00.000Z', day: '2026-11-10' }, // 05:30; midnight UTC
      { at: '2026-11-10T18:29:59.000Z', day: '2026-11-10' }, // 23:59:59 on the 10th
      { at: '2026-11-10T18:30:00.000Z', day: '2026-11-11' }, // midnight: the 11th, still the 10th in UTC
      { at: '2026-11-10T20:00:00.000Z', day: '2026-11-11' }, // 01:30 on the 11th
    ],
  },
  {
    timezone: 'America/Los_Angeles', // UTC−08:00 in November: its days start at 08:00 UTC
    items: [
      { at: '2026-11-10T07:59:59.999Z', day: '2026-11-09' }, // 23:59:59.999 on the 9th, the 10th in UTC
      { at: '2026-11-10T08:00:00.000Z', day: '2026-11-10' }, // midnight: the 10th
      { at: '2026-11-11T02:00:00.000Z', day: '2026-11-10' }, // 18:00 on the 10th, the 11th in UTC
      { at: '2026-11-11T07:59:00.000Z', day: '2026-11-10' }, // 23:59 on the 10th
      { at: '2026-11-11T08:00:00.000Z', day: '2026-11-11' }, // midnight: the 11th
    ],
  },
];
const DAYS = ['2026-11-09', '2026-11-10', '2026-11-11'];

describeEachDatabase('a date bound is a day in the organization’s time zone', (bed) => {
  for (const { timezone, items } of ZONES) {
    describe(timezone, () => {
      let org: BootstrappedOrganization;
      /** The items' ids by the local day they were created on. */
      const idsByDay = new Map<string, string[]>();

      beforeAll(async () => {
        org = await bed().runtime.services.organizations.bootstrap({ name: `Dates ${timezone}` });
        await expectJson(
          await bed().request(`/organizations/${org.organization.id}`, {
            method: 'PATCH',
            key: org.adminKey,
            json: { timezone },
          }),
          200,
        );
        vi.useFakeTimers({ toFake: ['Date'] });
        try {
          for (const item of items) {
            vi.setSystemTime(new Date(item.at));
            const response = await bed().request('/collect', {
              method: 'POST',
              key: org.collectKey,
              json: { inboxKey: org.inbox.inboxKey, type: 'text', comment: `midnight item at ${item.at}` },
            });
            const { id } = await expectJson<{ id: string }>(response, 201);
            idsByDay.set(item.day, [...(idsByDay.get(item.day) ?? []), id]);
          }
        } finally {
          vi.useRealTimers();
        }
      });

      const path = (operation: string, query: Record<string, string>) =>
        `/organizations/${org.organization.id}/feedback${operation}?${new URLSearchParams(query)}`;
      const listIds = async (query: Record<string, string>) => {
        const page = await expectJson<{ data: { id: string }[] }>(
          await bed().request(path('', { ...query, limit: '100' }), { key: org.adminKey }),
          200,
        );
        return page.data.map((item) => item.id).sort();
      };
      const statsTotal = async (query: Record<string, string>) =>
        (await expectJson<{ total: number }>(await bed().request(path('/stats', query), { key: org.adminKey }), 200))
          .total;
      const searchIds = async (filters: Record<string, string>) => {
        const response = await bed().request(`/organizations/${org.organization.id}/search`, {
          method: 'POST',
          key: org.adminKey,
          json: { query: 'midnight', mode: 'keyword', limit: 50, filters },
        });
        const { data } = await expectJson<{ data: { feedback: { id: string } }[] }>(response, 200);
        return data.map((hit) => hit.feedback.id).sort();
      };
      const exportIds = async (query: Record<string, string>) => {
        const response = await bed().request(path('/export', { ...query, format: 'ndjson' }), { key: org.adminKey });
        expect(response.status).toBe(200);
        const lines = (await response.text()).split('\n').filter((line) => line.trim() !== '');
        return lines.map((line) => (JSON.parse(line) as { id: string }).id).sort();
      };
      const expected = (day: string) => [...(idsByDay.get(day) ?? [])].sort();

      it('counts in the list, stats, export and search exactly the items of each day the trend counts', async () => {
        const trend = await expectJson<Trends>(
          await bed().request(path('/trends', { interval: 'day', from: DAYS[0] ?? '', to: DAYS.at(-1) ?? '' }), {
            key: org.adminKey,
          }),
          200,
        );
        const trendCounts = Object.fromEntries(
          (trend.series[0]?.buckets ?? []).map((bucket) => [bucket.date, bucket.count]),
        );
        expect(trendCounts).toEqual(Object.fromEntries(DAYS.map((day) => [day, expected(day).length])));

        for (const day of DAYS) {
          // from=D&to=D: the whole day D there, `to` included.
          const oneDay = { from: day, to: day };
          expect(await listIds(oneDay), `list of ${day}`).toEqual(expected(day));
          expect(await statsTotal(oneDay), `stats of ${day}`).toBe(trendCounts[day]);
          expect(await exportIds(oneDay), `export of ${day}`).toEqual(expected(day));
          expect(await searchIds(oneDay), `search of ${day}`).toEqual(expected(day));
        }
        // A range of days, and one bound alone.
        const lastTwo = [...expected('2026-11-10'), ...expected('2026-11-11')].sort();
        expect(await listIds({ from: '2026-11-10', to: '2026-11-11' })).toEqual(lastTwo);
        expect(await listIds({ from: '2026-11-10' })).toEqual(lastTwo);
        expect(await statsTotal({ to: '2026-11-09' })).toBe(trendCounts['2026-11-09']);
      });

      it('reads the first and last dates a bound takes as the widest range, not past it', async () => {
        const all = [...idsByDay.values()].flat().sort();
        expect(await listIds({ from: '0000-01-01', to: '9999-12-31' })).toEqual(all);
        expect(await statsTotal({ from: '0000-01-01', to: '9999-12-31' })).toBe(all.length);
        expect(await searchIds({ from: '0000-01-01', to: '9999-12-31' })).toEqual(all);
      });

      it('keeps a date-time with an offset the instant it names', async () => {
        const first = items[0]?.at ?? '';
        const justAfter = new Date(Date.parse(first) + 1).toISOString();
        expect(await listIds({ to: justAfter })).toEqual(expected('2026-11-09'));
        expect(await listIds({ from: first, to: first })).toEqual([]);
        expect(await searchIds({ from: justAfter.replace('Z', '+00:00') })).toEqual(
          [...expected('2026-11-10'), ...expected('2026-11-11')].sort(),
        );
      });

      it('says how to send an offset\'s "+" when a URL turned it into a space', async () => {
        const first = items[0]?.at ?? '';
        const local = first.replace(/Z$/, '+00:00');
        // As a shell user writes it: the "+" unescaped, which a query string reads as a space.
        const typed = `/organizations/${org.organization.id}/feedback?from=${local}`;
        const problem = await expectProblem(
          await bed().request(typed, { key: org.adminKey }),
          400,
          'validation_failed',
        );
        expect(problem.errors).toEqual([
          {
            path: 'from',
            message: `Expected an ISO-8601 date (2026-11-01) or date-time with offset (2026-11-01T09:30:00Z). A "+" in a URL's query string reads as a space: send the offset's "+" as %2B (${local.replace('+', '%2B')}).`,
          },
        ]);
        // Sent as it says, it is that instant.
        const escaped = await bed().request(typed.replace('+', '%2B'), { key: org.adminKey });
        expect((await expectJson<{ data: unknown[] }>(escaped, 200)).data).toHaveLength(items.length);
        // Any other wrong bound keeps the plain rule.
        const other = await expectProblem(
          await bed().request(path('', { from: 'yesterday' }), { key: org.adminKey }),
          400,
          'validation_failed',
        );
        expect(other.errors).toEqual([
          {
            path: 'from',
            message: 'Expected an ISO-8601 date (2026-11-01) or date-time with offset (2026-11-01T09:30:00Z).',
          },
        ]);
      });

      describe('over MCP', () => {
        let client: Awaited<ReturnType<typeof connectMcp>>;
        beforeAll(async () => {
          client = await connectMcp(bed(), org.adminKey);
        });
        afterAll(async () => {
          await client.close();
        });

        it('reads the same days in get_feedback, get_feedback_stats and search_feedback', async () => {
          for (const day of DAYS) {
            const listed = await callTool(client, 'get_feedback', { from: day, to: day, limit: 100 });
            expect(listed.isError, textOf(listed)).toBeFalsy();
            const listedIds = (listed.structuredContent as { items: { id: string }[] }).items.map((item) => item.id);
            expect(listedIds.sort(), `get_feedback of ${day}`).toEqual(expected(day));

            const stats = await callTool(client, 'get_feedback_stats', { from: day, to: day });
            expect((stats.structuredContent as { total: number }).total, `get_feedback_stats of ${day}`).toBe(
              expected(day).length,
            );

            const found = await callTool(client, 'search_feedback', {
              query: 'midnight',
              mode: 'keyword',
              limit: 50,
              from: day,
              to: day,
            });
            expect(found.isError, textOf(found)).toBeFalsy();
            const foundIds = (found.structuredContent as { results: { feedback: { id: string } }[] }).results.map(
              (result) => result.feedback.id,
            );
            expect(foundIds.sort(), `search_feedback of ${day}`).toEqual(expected(day));
          }
        });
      });
    });
  }
});
