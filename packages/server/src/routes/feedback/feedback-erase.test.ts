import { ulid } from 'ulidx';
import { beforeAll, expect, it, vi } from 'vitest';
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
import { ERASURE_BATCH } from '../../services/erasure.js';
import type { NewFeedback } from '../../storage/repositories/feedback.js';

const TIME_ZONE = 'Asia/Kolkata';
const DAY_MS = 86_400_000;
const FIRST = Date.parse('2026-10-01T00:00:00.000Z');
/** More than two batches of one person's items. */
const ERASED = ERASURE_BATCH * 2 + 17;

/** Both daily tables of one organization, in key order, numbers as numbers. */
async function dailyCounts(bed: TestBed, orgId: string) {
  const db = bed.runtime.database.db;
  const numbers = (row: object) =>
    Object.fromEntries(
      Object.entries(row).map(([key, value]) => [
        key,
        typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value,
      ]),
    );
  const counts = await db.selectFrom('feedback_daily_counts').selectAll().where('org_id', '=', orgId).execute();
  const totals = await db.selectFrom('feedback_daily_totals').selectAll().where('org_id', '=', orgId).execute();
  const sorted = (rows: object[]) =>
    rows.map(numbers).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  return { counts: sorted(counts), totals: sorted(totals) };
}

describeEachDatabase('POST /organizations/:orgId/feedback/erase', (bed) => {
  const orgPath = () => `/organizations/${bed().orgA.organization.id}`;
  const erase = (json: unknown, key = bed().orgA.adminKey, org = orgPath()) =>
    bed().request(`${org}/feedback/erase`, { method: 'POST', key, json });
  let inbox: CreatedInbox;
  let seq = 0;

  /** Items stored as `/collect` stores them (counted in the same transaction), spread over days. */
  async function store(
    orgId: string,
    inboxId: string,
    contexts: Record<string, unknown>[],
    brandId: string | null = null,
  ) {
    const items: NewFeedback[] = contexts.map((context, index) => {
      const at = FIRST + (seq++ % 9) * (DAY_MS / 3) + index;
      const type = index % 3 === 0 ? 'nps' : index % 3 === 1 ? 'csat' : 'text';
      return {
        id: `fb_${ulid(at).toLowerCase()}`,
        orgId,
        inboxId,
        brandId,
        type,
        score: type === 'nps' ? index % 11 : type === 'csat' ? 1 + (index % 5) : null,
        comment: `item ${seq}`,
        context,
        source: index % 2 === 0 ? 'widget' : null,
        status: 'new',
        issueLink: null,
        assigneeId: null,
        idempotencyKey: null,
        createdAt: new Date(at).toISOString(),
        updatedAt: new Date(at).toISOString(),
      };
    });
    await bed().runtime.store.feedback.insertMany(items);
    return items.map((item) => item.id);
  }

  beforeAll(async () => {
    const { orgA } = bed();
    await expectJson(
      await bed().request(orgPath(), { method: 'PATCH', key: orgA.adminKey, json: { timezone: TIME_ZONE } }),
      200,
    );
    inbox = await createInbox(bed(), orgA, { name: 'Erasures' });
  });

  it("deletes every item of that context member, in batches, and leaves everyone else's", async () => {
    const { orgA, orgB } = bed();
    const orgId = orgA.organization.id;
    const erased = await store(
      orgId,
      inbox.id,
      Array.from({ length: ERASED }, (_, index) => ({ userId: 'u_42', page: `/p/${index}` })),
    );
    const kept = await store(orgId, inbox.id, [
      { userId: 'u_43' },
      { userId: 'u_420' },
      // Not the text "u_42" at the top level: a number, a nested member, another member's value.
      { userId: 42 },
      { profile: { userId: 'u_42' } },
      { email: 'u_42' },
      { userId: ' u_42' },
      {},
    ]);
    const numeric = (await store(orgId, inbox.id, [{ userId: 42 }]))[0] as string;
    const elsewhere = await store(orgB.organization.id, orgB.inbox.id, [{ userId: 'u_42' }]);
    await expectJson(
      await bed().request(`${orgPath()}/feedback/${erased[0]}/notes`, {
        method: 'POST',
        key: orgA.adminKey,
        json: { body: 'Asked to be erased' },
      }),
      201,
    );

    const transaction = vi.spyOn(bed().runtime.store, 'transaction');
    try {
      expect(await expectJson(await erase({ context: { userId: 'u_42' } }), 200)).toEqual({ deleted: ERASED });
      // One transaction per batch: three full or partial batches, no more.
      expect(transaction).toHaveBeenCalledTimes(Math.ceil(ERASED / ERASURE_BATCH));
    } finally {
      transaction.mockRestore();
    }

    const left = (await listAllFeedback(bed(), orgId, orgA.adminKey)).map((item) => item.id);
    expect(left.filter((id) => erased.includes(id))).toEqual([]);
    expect(left).toEqual(expect.arrayContaining([...kept, numeric]));
    const notes = await bed()
      .runtime.database.db.selectFrom('notes')
      .select('id')
      .where('org_id', '=', orgId)
      .execute();
    expect(notes).toEqual([]);
    const other = await listAllFeedback(bed(), orgB.organization.id, orgB.adminKey);
    expect(other.map((item) => item.id)).toEqual(expect.arrayContaining(elsewhere));

    // The counts are what a recount gives.
    const counted = await dailyCounts(bed(), orgId);
    await bed().runtime.store.transaction((tx) => tx.feedbackRollups.recount(orgId, TIME_ZONE));
    expect(counted).toEqual(await dailyCounts(bed(), orgId));

    // One audit entry per item, without the value that named the person.
    const audit = await bed()
      .runtime.database.db.selectFrom('audit_log')
      .select(['resource_id', 'details'])
      .where('org_id', '=', orgId)
      .where('action', '=', 'feedback.deleted')
      .execute();
    expect(audit.map((entry) => entry.resource_id).sort()).toEqual([...erased].sort());
    expect(audit.every((entry) => !entry.details.includes('u_42'))).toBe(true);

    // Nothing left to erase: 0, not an error.
    expect(await expectJson(await erase({ context: { userId: 'u_42' } }), 200)).toEqual({ deleted: 0 });
  });

  it("erases only a brand-scoped key's brand, and nothing of another organization", async () => {
    const { orgA, orgB } = bed();
    const orgId = orgA.organization.id;
    const brand = await createBrand(bed(), orgA, 'Erasure brand');
    const brandInbox = await createInbox(bed(), orgA, { name: 'Brand erasures', brandId: brand.id as string });
    const inside = await store(orgId, brandInbox.id, [{ userId: 'u_7' }], brand.id as string);
    const outside = await store(orgId, inbox.id, [{ userId: 'u_7' }]);
    const brandKey = await createApiKey(bed(), orgA, { scopes: ['read', 'write'], brandId: brand.id as string });

    expect(
      await expectJson(
        await erase({ context: { userId: 'u_7' } }, orgB.adminKey, `/organizations/${orgB.organization.id}`),
        200,
      ),
    ).toEqual({ deleted: 0 });
    await expectProblem(await erase({ context: { userId: 'u_7' } }, orgB.adminKey), 404, 'not_found');
    expect(await expectJson(await erase({ context: { userId: 'u_7' } }, brandKey.secret), 200)).toEqual({
      deleted: 1,
    });
    const left = (await listAllFeedback(bed(), orgId, orgA.adminKey)).map((item) => item.id);
    expect(left).not.toContain(inside[0]);
    expect(left).toContain(outside[0]);
  });

  it('refuses a body that does not name exactly one text member, and a key that may only triage', async () => {
    const { orgA } = bed();
    const kept = await store(orgA.organization.id, inbox.id, [{ userId: 'u_9', email: 'x@example.com' }]);
    for (const body of [
      {},
      { context: {} },
      { context: { userId: 'u_9', email: 'x@example.com' } },
      { context: { userId: 9 } },
      { context: { userId: '' } },
      { context: 'u_9' },
      { context: { userId: 'u_9' }, dryRun: true },
    ]) {
      await expectProblem(await erase(body), 400, 'validation_failed');
    }
    const problem = await expectProblem(
      await erase(
        { context: { userId: 'u_9' } },
        (await createApiKey(bed(), orgA, { scopes: ['read', 'triage'] })).secret,
      ),
      403,
      'insufficient_scope',
    );
    expect(problem.requiredScope).toBe('write');
    const left = (await listAllFeedback(bed(), orgA.organization.id, orgA.adminKey)).map((item) => item.id);
    expect(left).toContain(kept[0]);
  });
});
