import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type CreatedInbox,
  createApiKey,
  createInbox,
  errorPaths,
  expectJson,
  expectProblem,
  listAllFeedback,
} from '../../../test/support/api-assertions.js';
import { describeEachDatabase } from '../../../test/support/harness.js';

interface Stats {
  range: { from: string | null; to: string | null };
  total: number;
  byType: { type: string; count: number; averageScore: number | null }[];
  bySource: { source: string | null; count: number }[];
  byInbox: { inboxId: string; inboxName: string | null; count: number }[];
  byStatus: { status: string; count: number }[];
  nps: { score: number | null; responses: number; promoters: number; passives: number; detractors: number };
  csat: { score: number | null; responses: number; satisfied: number };
}

interface Seed {
  type: string;
  score?: number;
  comment?: string;
  source?: string;
}

describeEachDatabase('feedback stats and text filter', (bed) => {
  const orgId = () => bed().orgA.organization.id;

  async function submit(inbox: CreatedInbox, seed: Seed, key = bed().orgA.collectKey): Promise<string> {
    const { source, ...rest } = seed;
    const response = await bed().request('/collect', {
      method: 'POST',
      key,
      json: { inboxKey: inbox.inboxKey, ...rest, ...(source && { context: { source } }) },
    });
    return (await expectJson<{ id: string }>(response, 201)).id;
  }

  const stats = (query: Record<string, string>, key = bed().orgA.adminKey, org = orgId()) =>
    bed().request(`/organizations/${org}/feedback/stats?${new URLSearchParams(query)}`, { key });

  const statsOf = async (query: Record<string, string>, key?: string) =>
    expectJson<Stats>(await stats(query, key), 200);

  describe('GET /organizations/:orgId/feedback/stats', () => {
    let inbox: CreatedInbox;
    let other: CreatedInbox;
    const ids: string[] = [];

    beforeAll(async () => {
      inbox = await createInbox(bed(), bed().orgA, { name: 'stats main' });
      other = await createInbox(bed(), bed().orgA, { name: 'stats other' });
      const seeds: Seed[] = [
        // NPS: promoters 10, 9, 9; passives 8, 7; detractors 6, 0 → (3 − 2) / 7 = 14.3
        { type: 'nps', score: 10, source: 'widget' },
        { type: 'nps', score: 9, source: 'widget' },
        { type: 'nps', score: 9, source: 'mcp' },
        { type: 'nps', score: 8, source: 'widget' },
        { type: 'nps', score: 7 },
        { type: 'nps', score: 6, source: 'widget' },
        { type: 'nps', score: 0, source: 'mcp' },
        // CSAT: 5, 4, 4 satisfied of 5 → 60 %
        { type: 'csat', score: 5, source: 'widget' },
        { type: 'csat', score: 4, source: 'widget' },
        { type: 'csat', score: 4, source: 'widget' },
        { type: 'csat', score: 3, source: 'widget' },
        { type: 'csat', score: 1, source: 'widget' },
        { type: 'thumbs', score: 1, source: 'server' },
        { type: 'thumbs', score: 0, source: 'server' },
        { type: 'thumbs', score: 1, source: 'server' },
        { type: 'text', comment: 'Dark mode, please', source: 'server' },
      ];
      for (const seed of seeds) ids.push(await submit(inbox, seed));
      ids.push(await submit(other, { type: 'stars', score: 4, source: 'widget' }));
      ids.push(await submit(other, { type: 'stars', score: 5, source: 'widget' }));
      await expectJson(
        await bed().request(`/organizations/${orgId()}/feedback/${ids[0]}`, {
          method: 'PATCH',
          key: bed().orgA.adminKey,
          json: { status: 'resolved' },
        }),
        200,
      );
    });

    it('computes totals, averages, NPS and CSAT over an inbox', async () => {
      const result = await statsOf({ inboxId: inbox.id });
      expect(result.total).toBe(16);
      expect(result.range).toEqual({ from: null, to: null });
      expect(result.byType).toEqual([
        { type: 'nps', count: 7, averageScore: 7 },
        { type: 'csat', count: 5, averageScore: 3.4 },
        { type: 'thumbs', count: 3, averageScore: 0.67 },
        { type: 'text', count: 1, averageScore: null },
      ]);
      expect(result.nps).toEqual({ score: 14.3, responses: 7, promoters: 3, passives: 2, detractors: 2 });
      expect(result.csat).toEqual({ score: 60, responses: 5, satisfied: 3 });
    });

    it('breaks down by source, inbox and status', async () => {
      const result = await statsOf({ inboxId: inbox.id });
      expect(result.bySource).toEqual([
        { source: 'widget', count: 9 },
        { source: 'server', count: 4 },
        { source: 'mcp', count: 2 },
        { source: null, count: 1 },
      ]);
      expect(result.byInbox).toEqual([{ inboxId: inbox.id, inboxName: 'stats main', count: 16 }]);
      expect(result.byStatus).toEqual([
        { status: 'new', count: 15 },
        { status: 'resolved', count: 1 },
      ]);
      const both = await statsOf({ source: 'widget' });
      expect(both.byInbox).toEqual(
        expect.arrayContaining([
          { inboxId: inbox.id, inboxName: 'stats main', count: 9 },
          { inboxId: other.id, inboxName: 'stats other', count: 2 },
        ]),
      );
    });

    it('applies the list filters, and agrees with the list', async () => {
      const queries: Record<string, string>[] = [
        { inboxId: inbox.id, type: 'nps' },
        { inboxId: inbox.id, source: 'mcp' },
        { inboxId: inbox.id, status: 'resolved' },
        { inboxId: inbox.id, scoreMin: '9' },
        { inboxId: inbox.id, q: 'DARK' },
        { source: 'widget', type: 'stars' },
      ];
      for (const query of queries) {
        const listed = await listAllFeedback(bed(), orgId(), bed().orgA.adminKey, query);
        expect((await statsOf(query)).total, JSON.stringify(query)).toBe(listed.length);
      }
      const nps = await statsOf({ inboxId: inbox.id, source: 'mcp' });
      expect(nps.nps).toEqual({ score: 0, responses: 2, promoters: 1, passives: 0, detractors: 1 });
      expect(nps.csat).toEqual({ score: null, responses: 0, satisfied: 0 });
    });

    it('answers zeros and null scores when nothing matches', async () => {
      const result = await statsOf({ inboxId: inbox.id, type: 'emoji' });
      expect(result).toMatchObject({
        total: 0,
        byType: [],
        bySource: [],
        byInbox: [],
        byStatus: [],
        nps: { score: null, responses: 0 },
        csat: { score: null, responses: 0 },
      });
    });

    it('covers a date range, echoed in UTC', async () => {
      const dated = await createInbox(bed(), bed().orgA, { name: 'stats dated' });
      vi.useFakeTimers({ toFake: ['Date'] });
      try {
        for (const [time, score] of [
          ['2025-01-10T00:00:00.000Z', 10],
          ['2025-02-10T00:00:00.000Z', 0],
          ['2025-03-10T00:00:00.000Z', 9],
        ] as const) {
          vi.setSystemTime(new Date(time));
          await submit(dated, { type: 'nps', score });
        }
      } finally {
        vi.useRealTimers();
      }
      const february = await statsOf({ inboxId: dated.id, from: '2025-02-01', to: '2025-03-01T01:00:00+01:00' });
      expect(february.range).toEqual({ from: '2025-02-01T00:00:00.000Z', to: '2025-03-01T00:00:00.000Z' });
      expect(february.nps).toMatchObject({ score: -100, responses: 1 });
      const fromFebruary = await statsOf({ inboxId: dated.id, from: '2025-02-01' });
      expect(fromFebruary.nps).toMatchObject({ score: 0, responses: 2, promoters: 1, detractors: 1 });
    });

    it('counts only the brand of a brand-scoped key', async () => {
      const brand = await expectJson<{ id: string }>(
        await bed().request(`/organizations/${orgId()}/brands`, {
          method: 'POST',
          key: bed().orgA.adminKey,
          json: { name: 'Stats brand' },
        }),
        201,
      );
      const brandInbox = await createInbox(bed(), bed().orgA, { name: 'stats brand inbox', brandId: brand.id });
      await submit(brandInbox, { type: 'csat', score: 5 });
      const brandKey = await createApiKey(bed(), bed().orgA, { scopes: ['read'], brandId: brand.id });
      const result = await statsOf({}, brandKey.secret);
      expect(result.total).toBe(1);
      expect(result.byInbox).toEqual([{ inboxId: brandInbox.id, inboxName: 'stats brand inbox', count: 1 }]);
      expect((await statsOf({ inboxId: inbox.id }, brandKey.secret)).total).toBe(0);
    });

    it('needs the read scope, and hides other organizations', async () => {
      const problem = await expectProblem(await stats({}, bed().orgA.collectKey), 403, 'insufficient_scope');
      expect(problem.requiredScope).toBe('read');
      await expectProblem(await stats({}, bed().orgB.adminKey), 404, 'not_found');
      await expectProblem(await bed().request(`/organizations/${orgId()}/feedback/stats`), 401, 'missing_api_key');
      const own = await expectJson<Stats>(await stats({}, bed().orgB.adminKey, bed().orgB.organization.id), 200);
      expect(own.total).toBe(0);
    });

    it.each<[string, Record<string, string>, string]>([
      ['an unknown type', { type: 'smiley' }, 'type'],
      ['an unparseable from', { from: 'yesterday' }, 'from'],
      ['a date-time without offset', { to: '2025-02-10T00:00:00' }, 'to'],
      ['an overlong q', { q: 'x'.repeat(201) }, 'q'],
    ])('answers %s with 400 validation_failed', async (_label, query, path) => {
      expect(errorPaths(await expectProblem(await stats(query), 400, 'validation_failed'))).toEqual([path]);
    });

    it('is also served under /v1 and not mistaken for a feedback id', async () => {
      const response = await bed().request(`/v1/organizations/${orgId()}/feedback/stats?inboxId=${inbox.id}`, {
        key: bed().orgA.adminKey,
      });
      expect((await expectJson<Stats>(response, 200)).total).toBe(16);
    });
  });

  describe('GET /organizations/:orgId/feedback?q=', () => {
    let inbox: CreatedInbox;
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      inbox = await createInbox(bed(), bed().orgA, { name: 'text filter' });
      const comments = {
        dark: 'Please add DARK mode',
        darker: 'the darkness of the theme hurts',
        percent: 'Loading stops at 100% forever',
        underscore: 'The field user_name is cut off',
        none: 'Great app',
      };
      for (const [name, comment] of Object.entries(comments))
        ids[name] = await submit(inbox, { type: 'text', comment });
      ids.scoreOnly = await submit(inbox, { type: 'stars', score: 5 });
    });

    const matching = async (q: string) =>
      (await listAllFeedback(bed(), orgId(), bed().orgA.adminKey, { inboxId: inbox.id, q })).map((item) => item.id);

    it('matches a substring of the comment, ignoring case', async () => {
      expect(await matching('dark')).toEqual([ids.darker, ids.dark]);
      expect(await matching('Dark Mode')).toEqual([ids.dark]);
      expect(await matching('nothing like this')).toEqual([]);
    });

    it('takes % and _ literally', async () => {
      expect(await matching('100%')).toEqual([ids.percent]);
      expect(await matching('%')).toEqual([ids.percent]);
      expect(await matching('user_name')).toEqual([ids.underscore]);
      expect(await matching('r_n')).toEqual([ids.underscore]);
      expect(await matching('_')).toEqual([ids.underscore]);
    });

    it('treats an empty q as no filter and combines with the other filters', async () => {
      expect(await matching('')).toHaveLength(6);
      const items = await listAllFeedback(bed(), orgId(), bed().orgA.adminKey, { q: 'dark', inboxId: inbox.id });
      expect(items.every((item) => item.comment?.toLowerCase().includes('dark'))).toBe(true);
      expect(
        await listAllFeedback(bed(), orgId(), bed().orgA.adminKey, { q: 'dark', inboxId: inbox.id, type: 'stars' }),
      ).toEqual([]);
    });
  });
});
