import { ulid } from 'ulidx';
import { beforeAll, expect, it } from 'vitest';
import { createBrand } from '../../../test/support/api.js';
import {
  type CreatedInbox,
  createApiKey,
  createInbox,
  expectJson,
  expectProblem,
  listAllFeedback,
} from '../../../test/support/api-assertions.js';
import { describeEachDatabase, type TestBed } from '../../../test/support/harness.js';
import type { NewFeedback } from '../../storage/repositories/feedback.js';

const DAY_MS = 86_400_000;
/** Items a few days back, so some share a day (and a count row) and some do not. */
const FIRST = Date.parse('2026-03-27T20:00:00.000Z');
const TIME_ZONE = 'America/New_York';

interface Stats {
  total: number;
  byType: { type: string; count: number }[];
}

/** Both daily tables of one organization, in key order, as plain rows. */
async function dailyCounts(bed: TestBed, orgId: string) {
  const db = bed.runtime.database.db;
  const counts = await db
    .selectFrom('feedback_daily_counts')
    .selectAll()
    .where('org_id', '=', orgId)
    .orderBy('day')
    .orderBy('inbox_id')
    .orderBy('type')
    .orderBy('score')
    .orderBy('source')
    .execute();
  const totals = await db
    .selectFrom('feedback_daily_totals')
    .selectAll()
    .where('org_id', '=', orgId)
    .orderBy('day')
    .orderBy('inbox_id')
    .orderBy('type')
    .execute();
  // PostgreSQL's bigint sums read back as text: compare numbers.
  const numbers = <R extends object>(row: R) =>
    Object.fromEntries(
      Object.entries(row).map(([key, value]) => [
        key,
        typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value,
      ]),
    );
  return { counts: counts.map(numbers), totals: totals.map(numbers) };
}

describeEachDatabase('DELETE /organizations/:orgId/feedback/:id', (bed) => {
  const orgPath = () => `/organizations/${bed().orgA.organization.id}`;
  const remove = (id: string, init: { key?: string; session?: string; org?: string } = {}) =>
    bed().request(`${init.org ?? orgPath()}/feedback/${id}`, {
      method: 'DELETE',
      key: init.session ? undefined : (init.key ?? bed().orgA.adminKey),
      session: init.session,
    });
  const get = (id: string) => bed().request(`${orgPath()}/feedback/${id}`, { key: bed().orgA.adminKey });
  const stats = async () =>
    expectJson<Stats>(await bed().request(`${orgPath()}/feedback/stats`, { key: bed().orgA.adminKey }), 200);

  let inbox: CreatedInbox;
  /** Items stored as `/collect` stores them (counted in the same transaction), on chosen days. */
  const stored: NewFeedback[] = [];

  async function collect(comment: string, inboxKey = inbox.inboxKey): Promise<string> {
    const response = await bed().request('/collect', {
      method: 'POST',
      key: bed().orgA.collectKey,
      json: { inboxKey, type: 'nps', score: 3, comment, context: { userId: 'u_42', source: 'web' } },
    });
    return (await expectJson<{ id: string }>(response, 201)).id;
  }

  beforeAll(async () => {
    const { orgA } = bed();
    await expectJson(
      await bed().request(orgPath(), { method: 'PATCH', key: orgA.adminKey, json: { timezone: TIME_ZONE } }),
      200,
    );
    inbox = await createInbox(bed(), orgA, { name: 'Deletions' });
    const shapes: [string, number | null, string | null][] = [
      ['nps', 9, 'web'],
      ['nps', 9, 'web'],
      ['nps', 2, null],
      ['csat', 5, 'ios'],
      ['text', null, null],
      ['stars', 4, 'web'],
    ];
    for (const [index, [type, score, source]] of shapes.entries()) {
      // Two items a day: the first two share every key (a count of 2), across New York's midnight.
      const at = FIRST + Math.floor(index / 2) * DAY_MS + (index % 2) * 3_600_000;
      stored.push({
        id: `fb_${ulid(at).toLowerCase()}`,
        orgId: orgA.organization.id,
        inboxId: inbox.id,
        brandId: null,
        type: type as NewFeedback['type'],
        score,
        comment: `stored item ${index}`,
        context: {},
        source,
        status: 'new',
        issueLink: null,
        assigneeId: null,
        idempotencyKey: null,
        createdAt: new Date(at).toISOString(),
        updatedAt: new Date(at).toISOString(),
      });
    }
    await bed().runtime.store.feedback.insertMany(stored);
  });

  it('deletes the item with its notes, link and assignment, and answers like the other deletes', async () => {
    const id = await collect('Zanzibar checkout crashed, call me on 555-0100');
    const { orgA } = bed();
    for (const body of ['Called back', 'Refund issued']) {
      await expectJson(
        await bed().request(`${orgPath()}/feedback/${id}/notes`, {
          method: 'POST',
          key: orgA.adminKey,
          json: { body },
        }),
        201,
      );
    }
    await expectJson(
      await bed().request(`${orgPath()}/feedback/${id}`, {
        method: 'PATCH',
        key: orgA.adminKey,
        json: { status: 'triaged', issueLink: { url: 'https://github.com/acme/app/issues/7' } },
      }),
      200,
    );
    const before = await stats();

    expect(await expectJson(await remove(id), 200)).toEqual({ id, deleted: true, notesDeleted: 2 });

    await expectProblem(await get(id), 404, 'not_found');
    await expectProblem(
      await bed().request(`${orgPath()}/feedback/${id}/notes`, { key: orgA.adminKey }),
      404,
      'not_found',
    );
    await expectProblem(
      await bed().request(`${orgPath()}/feedback/${id}/activity`, { key: orgA.adminKey }),
      404,
      'not_found',
    );
    const listed = await listAllFeedback(bed(), orgA.organization.id, orgA.adminKey);
    expect(listed.map((item) => item.id)).not.toContain(id);
    const search = await expectJson<{ data: { feedback: { id: string } }[] }>(
      await bed().request(`${orgPath()}/search`, {
        method: 'POST',
        key: orgA.adminKey,
        json: { query: 'Zanzibar checkout', mode: 'keyword' },
      }),
      200,
    );
    expect(search.data).toEqual([]);
    const after = await stats();
    expect(after.total).toBe(before.total - 1);
    const exported = await bed().request(`${orgPath()}/feedback/export?format=ndjson`, { key: orgA.adminKey });
    const text = await exported.text();
    expect(exported.status).toBe(200);
    expect(text).not.toContain(id);
    expect(text).not.toContain('Zanzibar');
    const rows = await bed()
      .runtime.database.db.selectFrom('notes')
      .select('id')
      .where('feedback_id', '=', id)
      .execute();
    expect(rows).toEqual([]);

    // A second delete finds nothing.
    await expectProblem(await remove(id), 404, 'not_found');
  });

  it('records feedback.deleted in the audit log, naming the item and never its text', async () => {
    const id = await collect('Quetzal: please erase my account data');
    await expectJson(await remove(id), 200);
    const log = await expectJson<{ data: { action: string; resource: { id: string }; details: object }[] }>(
      await bed().request(`${orgPath()}/audit-log?action=feedback.deleted`, { key: bed().orgA.adminKey }),
      200,
    );
    const entry = log.data.find((each) => each.resource.id === id);
    expect(entry).toMatchObject({
      action: 'feedback.deleted',
      resource: { id },
      details: { inboxId: inbox.id, notesDeleted: 0 },
    });
    expect(JSON.stringify(log)).not.toContain('Quetzal');
    expect(JSON.stringify(log)).not.toContain('u_42');
  });

  it('takes the item off the daily counts exactly: what is left equals a recount, and trends agree', async () => {
    const orgId = bed().orgA.organization.id;
    const trends = async () =>
      expectJson<{ series: { total: number }[] }>(
        await bed().request(
          `${orgPath()}/feedback/trends?interval=day&inboxId=${inbox.id}&from=${new Date(FIRST - 2 * DAY_MS).toISOString()}&to=${new Date(FIRST + 5 * DAY_MS).toISOString()}`,
          { key: bed().orgA.adminKey },
        ),
        200,
      );
    const trendTotal = async () => (await trends()).series.reduce((sum, series) => sum + series.total, 0);
    expect(await trendTotal()).toBe(stored.length);

    // One of two items sharing a count row (a decrement), then the only item of its row (a removal).
    for (const item of [stored[0], stored[3]]) await expectJson(await remove(item?.id as string), 200);

    const left = await dailyCounts(bed(), orgId);
    await bed().runtime.store.transaction((tx) => tx.feedbackRollups.recount(orgId, TIME_ZONE));
    expect(left).toEqual(await dailyCounts(bed(), orgId));
    expect(left.counts.some((row) => row.count === 0)).toBe(false);
    expect(await trendTotal()).toBe(stored.length - 2);
  });

  it("answers 404 for another organization's item and for one outside a brand-scoped key's brand", async () => {
    const { orgA, orgB } = bed();
    const id = await collect('Kept: asked from the wrong place');
    await expectProblem(
      await remove(id, { key: orgB.adminKey, org: `/organizations/${orgB.organization.id}` }),
      404,
      'not_found',
    );
    await expectProblem(await remove(id, { key: orgB.adminKey }), 404, 'not_found');
    const brand = await createBrand(bed(), orgA, 'Deletion brand');
    const brandKey = await createApiKey(bed(), orgA, { scopes: ['read', 'write'], brandId: brand.id as string });
    await expectProblem(await remove(id, { key: brandKey.secret }), 404, 'not_found');
    await expectJson(await get(id), 200);

    // Its own brand's items it may delete.
    const brandInbox = await createInbox(bed(), orgA, { name: 'Brand inbox', brandId: brand.id as string });
    const own = await collect('Inside the brand', brandInbox.inboxKey);
    await expectJson(await remove(own, { key: brandKey.secret }), 200);
    await expectProblem(await get(own), 404, 'not_found');
  });

  it('refuses a key that may only triage, naming the write scope, and changes nothing', async () => {
    const id = await collect('Triage cannot delete me');
    const triage = await createApiKey(bed(), bed().orgA, { scopes: ['read', 'triage'] });
    const problem = await expectProblem(await remove(id, { key: triage.secret }), 403, 'insufficient_scope');
    expect(problem.requiredScope).toBe('write');
    await expectJson(await get(id), 200);
  });
});
