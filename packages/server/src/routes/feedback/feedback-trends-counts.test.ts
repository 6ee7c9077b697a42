import { isDeepStrictEqual } from 'node:util';
import { SCORE_RANGES } from '@hearback/spec';
import { ulid } from 'ulidx';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createBrand } from '../../../test/support/api.js';
import { createInbox, expectJson } from '../../../test/support/api-assertions.js';
import { describeEachDatabase } from '../../../test/support/harness.js';
import type { Principal } from '../../domain/api-key.js';
import type { FeedbackType } from '../../domain/feedback.js';
import type { TrendQuery } from '../../services/feedback-trends.js';
import type { BootstrappedOrganization } from '../../services/organizations.js';
import type { NewFeedback } from '../../storage/repositories/feedback.js';
import { rollupsCover } from '../../storage/repositories/feedback-rollup-reads.js';

const TYPES: FeedbackType[] = ['nps', 'csat', 'stars', 'thumbs', 'emoji', 'text'];
/** More sources than trends break down (50), and items without one. */
const SOURCES = [null, ...Array.from({ length: 56 }, (_, index) => `source-${index % 7 === 0 ? 'a' : 'b'}${index}`)];
const DAY_MS = 86_400_000;
/** Across both daylight-saving changes of New York and past the half-hour offsets of Kolkata. */
const FIRST = Date.parse('2025-10-20T00:00:00.000Z');
const SPAN_MS = 170 * DAY_MS;

/** mulberry32: the same items every run. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * A test that compares every trend both ways runs a few hundred queries per database: seconds alone,
 * and on two cores shared with other files, longer than the suite's 30 s default for a hung test.
 */
const COMPARING_MS = 120_000;

describeEachDatabase('feedback trends from daily counts', (bed) => {
  let org: BootstrappedOrganization;
  const inboxIds: string[] = [];
  const inboxKeys: string[] = [];
  let brandIds: string[] = [];
  const principal = (brandId: string | null = null): Principal => ({
    actor: { type: 'api_key', id: 'key_counts' },
    orgId: org.organization.id,
    brandId,
    scopes: new Set(['read']),
  });
  const setTimeZone = async (timezone: string) =>
    expectJson(
      await bed().request(`/organizations/${org.organization.id}`, {
        method: 'PATCH',
        key: org.adminKey,
        json: { timezone },
      }),
      200,
    );

  /** Items written as the store writes them (the daily counts kept in the same transaction). */
  async function storeItems(count: number, seed: number) {
    const random = seeded(seed);
    const items: NewFeedback[] = [];
    for (let index = 0; index < count; index++) {
      const type = TYPES[Math.floor(random() * TYPES.length)] as FeedbackType;
      const range = SCORE_RANGES[type];
      const at = FIRST + Math.floor(random() * SPAN_MS);
      items.push({
        id: `fb_${ulid(at).toLowerCase()}`,
        orgId: org.organization.id,
        inboxId: inboxIds[Math.floor(random() * inboxIds.length)] as string,
        brandId: null,
        type,
        score: range ? range.min + Math.floor(random() * (range.max - range.min + 1)) : null,
        comment: type === 'text' ? 'words' : null,
        context: {},
        source: SOURCES[Math.floor(random() ** 2 * SOURCES.length)] ?? null,
        status: random() < 0.5 ? 'new' : 'resolved',
        issueLink: null,
        assigneeId: null,
        idempotencyKey: null,
        createdAt: new Date(at).toISOString(),
        updatedAt: new Date(at).toISOString(),
      });
    }
    // Brands follow the inbox, as /collect copies them.
    const brandOf = new Map([
      [inboxIds[0], brandIds[0]],
      [inboxIds[1], brandIds[1]],
    ]);
    for (const item of items) item.brandId = brandOf.get(item.inboxId) ?? null;
    for (let first = 0; first < items.length; first += 500) {
      await bed().runtime.store.feedback.insertMany(items.slice(first, first + 500));
    }
  }

  /** Items through /collect at given instants (on PostgreSQL, the one-statement insert as well). */
  async function collectItems(count: number, seed: number) {
    const random = seeded(seed);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      for (let index = 0; index < count; index++) {
        vi.setSystemTime(FIRST + Math.floor(random() * SPAN_MS));
        const type = TYPES[index % TYPES.length] as FeedbackType;
        const range = SCORE_RANGES[type];
        const source = SOURCES[index % 5];
        await expectJson(
          await bed().request('/collect', {
            method: 'POST',
            key: org.collectKey,
            json: {
              inboxKey: inboxKeys[index % inboxKeys.length],
              type,
              ...(range && { score: range.max - (index % (range.max - range.min + 1)) }),
              ...(type === 'text' && { comment: 'collected' }),
              ...(source && { context: { source } }),
            },
          }),
          201,
        );
      }
    } finally {
      vi.useRealTimers();
    }
  }

  const from = new Date(FIRST - 3 * DAY_MS).toISOString();
  const to = new Date(FIRST + SPAN_MS + 3 * DAY_MS).toISOString();
  const filterSets: TrendQuery['filters'][] = [
    {},
    { type: 'nps' },
    { scoreMin: 3 },
    { type: 'nps', scoreMax: 6 },
    { scoreMin: 1, scoreMax: 4 },
    { scoreMax: 2 },
    { source: 'source-a7' },
    { inboxId: '' },
  ];
  // Placeholders, resolved to the first and second brand: with the first brand's key, the second
  // is another brand and counts nothing, as the scan says.
  const brandFilterSets: TrendQuery['filters'][] = [{ brandId: 'first' }, { brandId: 'second', type: 'nps' }];
  const groups: TrendQuery['groupBy'][] = [undefined, 'type', 'inbox', 'source', 'brand'];

  /** Every query both ways: from the daily counts and by scanning the items. */
  async function expectCountsToMatchScan(brandId: string | null = null, sets = filterSets) {
    let compared = 0;
    for (const interval of ['day', 'week', 'month'] as const) {
      for (const groupBy of groups) {
        for (const filters of sets) {
          const resolved = {
            ...filters,
            ...('inboxId' in filters && { inboxId: inboxIds[1] }),
            ...('brandId' in filters && { brandId: filters.brandId === 'first' ? brandIds[0] : brandIds[1] }),
          };
          expect(rollupsCover(resolved)).toBe(true);
          const query: TrendQuery = {
            interval,
            from,
            to,
            groupBy,
            filters: resolved,
          };
          const counted = await bed().runtime.services.feedback.trends(principal(brandId), query);
          const scanned = await bed().runtime.services.feedback.trends(principal(brandId), query, 'scan');
          // 240 answers of up to 51 series × 176 days each: node's deep equality is several times
          // faster than toEqual's, which is kept for a readable diff when they differ.
          if (!isDeepStrictEqual(counted, scanned)) {
            expect(counted, `${interval} by ${groupBy} ${JSON.stringify(resolved)}`).toEqual(scanned);
          }
          compared += counted.series.reduce((sum, series) => sum + series.total, 0);
        }
      }
    }
    // Not vacuous: the queries counted items.
    expect(compared).toBeGreaterThan(10_000);
  }

  beforeAll(async () => {
    org = await bed().runtime.services.organizations.bootstrap({ name: 'Daily counts' });
    await setTimeZone('America/New_York');
    brandIds = [
      (await createBrand(bed(), org, 'Brand one')).id as string,
      (await createBrand(bed(), org, 'Brand two')).id as string,
    ];
    for (const [index, brandId] of [brandIds[0], brandIds[1], null].entries()) {
      const inbox = await createInbox(bed(), org, { name: `Inbox ${index}`, ...(brandId && { brandId }) });
      inboxIds.push(inbox.id);
      inboxKeys.push(inbox.inboxKey);
    }
    await storeItems(3_000, 7);
    await collectItems(40, 11);
  });

  it(
    'answers every covered trend as the scan does (days, weeks, months; every grouping)',
    async () => {
      await expectCountsToMatchScan();
    },
    COMPARING_MS,
  );

  it(
    'answers a brand-scoped key as the scan does',
    async () => {
      await expectCountsToMatchScan(brandIds[0]);
    },
    COMPARING_MS,
  );

  it(
    'answers a brand filter as the scan does, for a brand-scoped key too',
    async () => {
      await expectCountsToMatchScan(null, brandFilterSets);
      await expectCountsToMatchScan(brandIds[0], brandFilterSets);
    },
    COMPARING_MS,
  );

  it('reads filters the counts do not hold (status) by scanning', () => {
    expect(rollupsCover({ status: 'new' })).toBe(false);
    expect(rollupsCover({ q: 'words', type: 'nps' })).toBe(false);
    expect(rollupsCover({ unassigned: false, type: 'nps' })).toBe(true);
  });

  describe('kept right by every write', () => {
    it(
      'counts items collected after the counts were built',
      async () => {
        await collectItems(25, 13);
        await expectCountsToMatchScan();
      },
      COMPARING_MS,
    );

    it(
      'counts days anew when the time zone changes',
      async () => {
        await setTimeZone('Asia/Kolkata');
        await collectItems(10, 17);
        await expectCountsToMatchScan();
        await setTimeZone('America/New_York');
        await expectCountsToMatchScan();
      },
      COMPARING_MS,
    );

    it(
      'drops an inbox’s counts with the inbox',
      async () => {
        const response = await bed().request(`/organizations/${org.organization.id}/inboxes/${inboxIds[2]}`, {
          method: 'DELETE',
          key: org.adminKey,
        });
        expect(response.status).toBe(200);
        await expectCountsToMatchScan();
      },
      COMPARING_MS,
    );

    it('drops the organization’s counts with the organization', async () => {
      const orgId = org.organization.id;
      const before = await bed()
        .runtime.database.db.selectFrom('feedback_daily_counts')
        .select((eb) => eb.fn.countAll<number>().as('rows'))
        .where('org_id', '=', orgId)
        .executeTakeFirstOrThrow();
      expect(Number(before.rows)).toBeGreaterThan(0);
      await bed().runtime.store.transaction((tx) => tx.deletions.organization(orgId));
      const after = await bed()
        .runtime.database.db.selectFrom('feedback_daily_counts')
        .select((eb) => eb.fn.countAll<number>().as('rows'))
        .where('org_id', '=', orgId)
        .executeTakeFirstOrThrow();
      expect(Number(after.rows)).toBe(0);
    });
  });
});
