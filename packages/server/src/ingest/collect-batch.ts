import type { Settled } from '../lib/group-commit.js';
import { usagePeriod } from '../lib/time.js';
import { feedbackEvent } from '../services/events.js';
import { idempotencyKeyReused } from '../services/idempotency-errors.js';
import { planLimitError } from '../services/plan-limits.js';
import { PLANS } from '../services/plans.js';
import type { KeyedFeedback, NewFeedback } from '../storage/repositories/feedback.js';
import type { OutboxEvent } from '../storage/repositories/outbox.js';
import type { Repositories } from '../storage/store.js';
import { storedText } from '../storage/stored-text.js';
import { isSameSubmission } from './collect-fingerprint.js';

export interface CollectResult {
  id: string;
  /** True when an earlier submission with the same idempotency key is being answered again. */
  replayed: boolean;
}

export interface CommittedBatch {
  outcomes: Settled<CollectResult>[];
  /** Events accepted for organizations without a cap: counted after the commit (see UsageTally). */
  uncounted: { orgId: string; period: string; amount: number }[];
}

/**
 * Stores one group-commit batch of `/collect` submissions inside the transaction `tx`: idempotency
 * dedupe (against stored rows and within the batch), the plan's monthly cap and usage count of
 * capped organizations, the feedback rows and their `feedback.created` outbox events. Settles each
 * item in order. Batches may run concurrently (PostgreSQL): rows they share are locked in org id
 * order. Organizations without a cap touch no shared row: their counts come back as `uncounted`.
 *
 * @example
 * const { outcomes, uncounted } = await store.transaction((tx) => commitCollectBatch(tx, items));
 */
export async function commitCollectBatch(tx: Repositories, items: NewFeedback[]): Promise<CommittedBatch> {
  const outcomes: Settled<CollectResult>[] = new Array(items.length);
  const accepted: NewFeedback[] = [];
  const period = usagePeriod();
  // A retry that lands in the same batch as its original is answered as a repeat of that row.
  const duplicates: { index: number; firstIndex: number }[] = [];
  // The row each first submission with a key stands for: stored before, or stored now.
  const originals = new Map<number, KeyedFeedback>();
  const counted: { orgId: string; amount: number }[] = [];
  const uncounted: CommittedBatch['uncounted'] = [];

  // Usage rows are locked in org id order: two processes locking the same orgs in arrival order
  // could each hold one and wait for the other (a deadlock PostgreSQL resolves by failing a batch).
  const groups = [...groupIndexesByOrg(items)].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [orgId, indexes] of groups) {
    const keys = indexes.map((index) => items[index]?.idempotencyKey).filter((key): key is string => !!key);
    const stored = await tx.feedback.findByIdempotencyKeys(orgId, [...new Set(keys)]);
    const { firsts, repeats } = separateRepeats(items, indexes);
    duplicates.push(...repeats);
    const fresh: number[] = [];
    for (const index of firsts) {
      const item = items[index] as NewFeedback;
      const row = item.idempotencyKey === null ? undefined : stored.get(item.idempotencyKey);
      if (row) {
        originals.set(index, row);
        outcomes[index] = repeatOutcome(item, row);
      } else fresh.push(index);
    }

    const organization = await tx.organizations.find(orgId);
    const cap = organization ? PLANS[organization.plan].eventsPerMonth : null;
    const room =
      cap === null ? fresh.length : Math.max(0, cap - (await tx.usage.readForUpdate(orgId, period, 'events')));
    fresh.forEach((index, position) => {
      const item = items[index] as NewFeedback;
      if (position < room) {
        accepted.push(item);
        originals.set(index, { id: item.id, fingerprint: item.idempotencyFingerprint ?? null });
        outcomes[index] = { ok: true, value: { id: item.id, replayed: false } };
      } else if (organization && cap !== null) {
        outcomes[index] = { ok: false, error: planLimitError('event_limit_reached', organization.plan, cap) };
      }
    });
    if (cap === null) uncounted.push({ orgId, period, amount: fresh.length });
    else counted.push({ orgId, amount: Math.min(room, fresh.length) });
  }

  for (const { index, firstIndex } of duplicates) {
    const original = originals.get(firstIndex);
    // Without an original (its first was refused, say) the repeat shares the first's answer.
    outcomes[index] = original
      ? repeatOutcome(items[index] as NewFeedback, original)
      : (outcomes[firstIndex] as Settled<CollectResult>);
  }
  await tx.feedback.insertMany(accepted);
  await tx.outbox.append(accepted.map(feedbackCreatedEvent));
  // A capped organization's row is already locked by readForUpdate above; still in org id order.
  for (const { orgId, amount } of counted) await tx.usage.increment(orgId, period, 'events', amount);
  return { outcomes, uncounted };
}

/**
 * The answer to a repeat of the idempotency key of `original`: its id again when `item` is the same
 * submission, else 422 `idempotency_key_reused` (the key stands for another submission).
 */
export function repeatOutcome(item: NewFeedback, original: KeyedFeedback): Settled<CollectResult> {
  if (!isSameSubmission(original.fingerprint, item)) {
    return { ok: false, error: idempotencyKeyReused('idempotency key (`Idempotency-Key` or `eventId`)') };
  }
  return { ok: true, value: { id: original.id, replayed: true } };
}

/**
 * What makes two submissions one: the same idempotency key in the same organization (null: none),
 * compared as stored, so two keys the database cannot tell apart are one here too.
 */
export function idempotencyKeyOf(item: NewFeedback): string | null {
  return item.idempotencyKey === null ? null : `${item.orgId} ${storedText(item.idempotencyKey)}`;
}

/**
 * Splits the items at `indexes` into first submissions and repeats: a retry that lands in the same
 * batch as its original (same idempotency key) is not stored again but shares the original's outcome.
 */
export function separateRepeats(
  items: readonly NewFeedback[],
  indexes: Iterable<number>,
): { firsts: number[]; repeats: { index: number; firstIndex: number }[] } {
  const firsts: number[] = [];
  const repeats: { index: number; firstIndex: number }[] = [];
  const firstOfKey = new Map<string, number>();
  for (const index of indexes) {
    const key = idempotencyKeyOf(items[index] as NewFeedback);
    const firstIndex = key === null ? undefined : firstOfKey.get(key);
    if (firstIndex !== undefined) repeats.push({ index, firstIndex });
    else {
      if (key !== null) firstOfKey.set(key, index);
      firsts.push(index);
    }
  }
  return { firsts, repeats };
}

/**
 * The `feedback.created` outbox event of a stored item, as the API answers it (a new item has no
 * tags); its idempotency key and fingerprint stay out of it.
 */
export function feedbackCreatedEvent({
  idempotencyKey: _key,
  idempotencyFingerprint: _fingerprint,
  ...feedback
}: NewFeedback): OutboxEvent {
  return feedbackEvent('feedback.created', { ...feedback, tags: [] }, feedback.createdAt);
}

function groupIndexesByOrg(items: NewFeedback[]): Map<string, number[]> {
  const groups = new Map<string, number[]>();
  items.forEach((item, index) => {
    const group = groups.get(item.orgId);
    if (group) group.push(index);
    else groups.set(item.orgId, [index]);
  });
  return groups;
}
