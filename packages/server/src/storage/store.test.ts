import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/support/harness.js';
import { newId } from '../lib/ids.js';
import { nowIso, usagePeriod } from '../lib/time.js';
import { migrateToLatest } from './migrate.js';
import type { NewFeedback } from './repositories/feedback.js';

function feedbackRow(orgId: string, inboxId: string, overrides: Partial<NewFeedback> = {}): NewFeedback {
  const now = nowIso();
  return {
    id: newId('feedback'),
    orgId,
    inboxId,
    brandId: null,
    type: 'stars',
    score: 4,
    comment: 'Nice',
    context: { source: 'test', nested: { a: [1, 2] } },
    source: 'test',
    status: 'new',
    issueLink: null,
    assigneeId: null,
    idempotencyKey: null,
    createdAt: now,
    updatedAt: now,
    ...overrides,
  };
}

describeEachDatabase('store', (bed) => {
  it('migrating an up-to-date database again changes nothing', async () => {
    expect(await migrateToLatest(bed().runtime.database)).toEqual([]);
  });

  it('round-trips feedback, JSON context included', async () => {
    const { runtime, orgA } = bed();
    const row = feedbackRow(orgA.organization.id, orgA.inbox.id);
    await runtime.store.feedback.insertMany([row]);
    const found = await runtime.store.feedback.find({ orgId: orgA.organization.id, brandId: null }, row.id);
    const { idempotencyKey: _key, ...expected } = row;
    // A new item has no tags yet.
    expect(found).toEqual({ ...expected, tags: [] });
  });

  it('rejects a second row with the same idempotency key in one organization only', async () => {
    const { runtime, orgA, orgB } = bed();
    const key = `idem-${newId('event')}`;
    await runtime.store.feedback.insertMany([
      feedbackRow(orgA.organization.id, orgA.inbox.id, { idempotencyKey: key }),
    ]);
    await expect(
      runtime.store.feedback.insertMany([feedbackRow(orgA.organization.id, orgA.inbox.id, { idempotencyKey: key })]),
    ).rejects.toThrow();
    // The same key in another organization is a different submission.
    await runtime.store.feedback.insertMany([
      feedbackRow(orgB.organization.id, orgB.inbox.id, { idempotencyKey: key }),
    ]);
    const found = await runtime.store.feedback.findByIdempotencyKeys(orgB.organization.id, [key]);
    expect(found.size).toBe(1);
  });

  it('rolls a failed transaction back entirely', async () => {
    const { runtime, orgA } = bed();
    const row = feedbackRow(orgA.organization.id, orgA.inbox.id);
    await expect(
      runtime.store.transaction(async (tx) => {
        await tx.feedback.insertMany([row]);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await runtime.store.feedback.find({ orgId: orgA.organization.id, brandId: null }, row.id)).toBeUndefined();
  });

  it('counts usage per organization and month with upserts', async () => {
    const { runtime, orgA } = bed();
    const period = usagePeriod(new Date('2031-02-10T00:00:00Z'));
    await runtime.store.usage.increment(orgA.organization.id, period, 'events', 3);
    await runtime.store.usage.increment(orgA.organization.id, period, 'events', 4);
    await runtime.store.usage.increment(orgA.organization.id, period, 'searches', 2);
    expect(await runtime.store.usage.read(orgA.organization.id, period)).toEqual({ events: 7, searches: 2 });
    expect(await runtime.store.usage.read(orgA.organization.id, '2031-03')).toEqual({ events: 0, searches: 0 });
  });

  it('spends a counter one at a time up to its cap exactly, even when asked concurrently', async () => {
    const { runtime, orgA } = bed();
    const orgId = orgA.organization.id;
    const period = usagePeriod(new Date('2032-05-10T00:00:00Z'));
    const spent = await Promise.all(
      Array.from({ length: 12 }, () => runtime.store.usage.spendOne(orgId, period, 'searches', 5)),
    );
    expect(spent.filter(Boolean)).toHaveLength(5);
    expect(await runtime.store.usage.read(orgId, period)).toEqual({ events: 0, searches: 5 });
    expect(await runtime.store.usage.spendOne(orgId, period, 'searches', 6)).toBe(true);
    expect(await runtime.store.usage.spendOne(orgId, period, 'searches', null)).toBe(true);
    expect(await runtime.store.usage.spendOne(orgId, '2032-06', 'searches', 0)).toBe(false);
    expect(await runtime.store.usage.read(orgId, period)).toEqual({ events: 0, searches: 7 });
    expect(await runtime.store.usage.read(orgId, '2032-06')).toEqual({ events: 0, searches: 0 });
  });
});
