import { DEFAULT_TIME_ZONE } from '../domain/time-zone.js';
import { commitIsolatingFailures, type Settled } from '../lib/failure-isolation.js';
import { usagePeriod } from '../lib/time.js';
import { localDayOf } from '../lib/zoned-time.js';
import { PLAN_NAMES, PLANS } from '../services/plans.js';
import type { FeedbackWithEvent } from '../storage/repositories/collect-insert.js';
import type { KeyedFeedback, NewFeedback } from '../storage/repositories/feedback.js';
import type { Store } from '../storage/store.js';
import { isDatabaseUnavailable } from '../storage/unavailable.js';
import { isLostWriteRace } from '../storage/write-races.js';
import {
  type CollectResult,
  type CommittedBatch,
  commitCollectBatch,
  feedbackCreatedEvent,
  repeatOutcome,
  separateRepeats,
} from './collect-batch.js';

/** Plans without a monthly event cap: storing their events reads and locks no usage row. */
const UNCAPPED_PLANS = PLAN_NAMES.filter((plan) => PLANS[plan].eventsPerMonth === null);

/** Organizations remembered as capped before the set starts over; bounds memory. */
const MAX_CAPPED_HINTS = 10_000;

/**
 * How `/collect` writes isolate failures (see commitIsolatingFailures): a write the database could
 * not take at all (see isDatabaseUnavailable) is not tried again in parts, which would only fail
 * once more per part, each maybe after waiting out a lock timeout.
 */
export const COLLECT_ISOLATION = { mayBeItemFailure: (error: unknown) => !isDatabaseUnavailable(error) };

/** Tries of one write that keeps losing races with other processes' writes. */
const WRITE_TRIES = 3;

/**
 * The `commit` of the `/collect` group committer. Where the store has a single-statement insert
 * (PostgreSQL), items of uncapped organizations are stored by it: one round trip instead of a
 * transaction of five or more, which is what bounds PostgreSQL ingest. The statement itself checks
 * each organization's plan, so a plan change holds from the next batch on, as in the transaction.
 * Everything else (capped plans, whose count must be exact) goes through commitCollectBatch in a
 * transaction, as on SQLite, where the whole batch does. It throws only when it stored nothing (the
 * group committer then commits the batch again in parts); once the statement has stored its items,
 * the transaction's items are isolated here.
 *
 * @example
 * const commit = collectCommitter(store);
 * const { outcomes, uncounted } = await commit(items);
 */
export function collectCommitter(store: Store): (items: NewFeedback[]) => Promise<CommittedBatch> {
  const { collectInsert } = store;
  // Organizations last seen on a capped plan skip the statement (it would store none of theirs).
  // Only a hint: a wrong one costs a round trip or a transaction, never a wrong answer.
  const capped = new Set<string>();
  // Each organization's time zone as last seen, to count items on their day in it; the statement
  // stores only items counted in the zone it reads, and names the zone for the others, which the
  // transaction below stores instead. A wrong guess costs a transaction, never a wrong count.
  const zones = new Map<string, string>();

  return async (items) => {
    if (!collectInsert) return retryingLostRaces(() => store.transaction((tx) => commitCollectBatch(tx, items)));
    const outcomes: (Settled<CollectResult> | undefined)[] = new Array(items.length);
    const period = usagePeriod();
    const uncounted: CommittedBatch['uncounted'] = [];

    // A retry in the same batch as its original is not sent: it is answered as a repeat of that row.
    const candidates = items.flatMap((item, index) => (capped.has(item.orgId) ? [] : [index]));
    const { firsts: sent, repeats: followers } = separateRepeats(items, candidates);

    if (sent.length > 0) {
      const entries = sent.map((index) => withEvent(items[index] as NewFeedback, zones));
      const results = await retryingLostRaces(() => collectInsert.insertForPlans(entries, UNCAPPED_PLANS));
      const stored = new Map<string, number>();
      // The row each first submission with a key stands for: stored before, or stored now.
      const originals = new Map<number, KeyedFeedback>();
      for (const [position, index] of sent.entries()) {
        const item = items[index] as NewFeedback;
        const result = results[position];
        // Not on an uncapped plan (any more): the transaction below reads its plan and counts.
        if (!result) capped.add(item.orgId);
        else if ('otherTimeZone' in result) rememberZone(zones, item.orgId, result.otherTimeZone);
        else if (result.stored !== null) {
          originals.set(index, result.stored);
          outcomes[index] = repeatOutcome(item, result.stored);
        } else {
          originals.set(index, { id: item.id, fingerprint: item.idempotencyFingerprint ?? null });
          outcomes[index] = { ok: true, value: { id: item.id, replayed: false } };
          stored.set(item.orgId, (stored.get(item.orgId) ?? 0) + 1);
        }
      }
      for (const [orgId, amount] of stored) uncounted.push({ orgId, period, amount });
      for (const { index, firstIndex } of followers) {
        const original = originals.get(firstIndex);
        if (original) outcomes[index] = repeatOutcome(items[index] as NewFeedback, original);
      }
    }

    const rest = items.flatMap((_, index) => (outcomes[index] === undefined ? [index] : []));
    if (rest.length > 0) {
      // Its own all-or-nothing write after the statement's: when it fails, the items the statement
      // stored keep their answers and the rest are committed again in parts, not failed together.
      const restItems = rest.map((index) => items[index] as NewFeedback);
      const settled = await commitIsolatingFailures(
        restItems,
        async (part) => {
          const committed = await retryingLostRaces(() => store.transaction((tx) => commitCollectBatch(tx, part)));
          uncounted.push(...committed.uncounted);
          rememberPlans(
            capped,
            part.map((item) => item.orgId),
            committed.uncounted,
          );
          return committed.outcomes;
        },
        COLLECT_ISOLATION,
      );
      settled.forEach((outcome, position) => {
        outcomes[rest[position] as number] = outcome;
      });
    }
    return { outcomes: outcomes as Settled<CollectResult>[], uncounted };
  };
}

/**
 * Runs `write` (one statement or one transaction: all or nothing) again when it lost a race with
 * another process (see isLostWriteRace): the failed try stored nothing, and the next one finds the
 * other process's row and answers the retry with its id, where otherwise every item of the batch
 * would fail.
 */
async function retryingLostRaces<T>(write: () => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await write();
    } catch (error) {
      if (tries >= WRITE_TRIES || !isLostWriteRace(error)) throw error;
    }
  }
}

/** The item, its `feedback.created` event and its day in its organization's zone as last seen. */
function withEvent(item: NewFeedback, zones: Map<string, string>): FeedbackWithEvent {
  const timeZone = zones.get(item.orgId) ?? DEFAULT_TIME_ZONE;
  return {
    feedback: item,
    event: feedbackCreatedEvent(item),
    counted: { timeZone, day: localDayOf(Date.parse(item.createdAt), timeZone) },
  };
}

function rememberZone(zones: Map<string, string>, orgId: string, timeZone: string): void {
  if (zones.size > MAX_CAPPED_HINTS) zones.clear();
  zones.set(orgId, timeZone);
}

/** After a transaction: its organizations without a cap (uncounted) are no longer capped. */
function rememberPlans(capped: Set<string>, orgIds: string[], uncounted: CommittedBatch['uncounted']): void {
  const uncapped = new Set(uncounted.map(({ orgId }) => orgId));
  if (capped.size > MAX_CAPPED_HINTS) capped.clear();
  for (const orgId of orgIds) {
    if (uncapped.has(orgId)) capped.delete(orgId);
    else capped.add(orgId);
  }
}
