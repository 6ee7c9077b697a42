import type { Principal } from '../domain/api-key.js';
import type { FeedbackType } from '../domain/feedback.js';
import type { Inbox } from '../domain/organization.js';
import { ApiError } from '../errors/api-error.js';
import { GroupCommitter, type Settled } from '../lib/group-commit.js';
import { newId } from '../lib/ids.js';
import { nowIso, usagePeriod } from '../lib/time.js';
import type { NewFeedback } from '../storage/repositories/feedback.js';
import type { Repositories, Store } from '../storage/store.js';
import { requireScopeOf } from './access.js';
import { feedbackEvent } from './events.js';
import { planLimitError } from './plan-limits.js';
import { PLANS } from './plans.js';

export interface CollectInput {
  inboxKey: string;
  type: FeedbackType;
  score?: number | null | undefined;
  comment?: string | null | undefined;
  context?: Record<string, unknown> | undefined;
  /** A client event id; deduplicates like `Idempotency-Key`. */
  eventId?: string | undefined;
}

export interface CollectResult {
  id: string;
  /** True when an earlier submission with the same idempotency key is being answered again. */
  replayed: boolean;
}

/**
 * `POST /collect`: feedback into an inbox, acknowledged only after its transaction (row, outbox
 * event, usage count) is durable. Concurrent submissions share one commit.
 */
export function collectService(store: Store, options: { windowMs: number; onEvents: () => void }) {
  const committer = new GroupCommitter<NewFeedback, CollectResult>({
    windowMs: options.windowMs,
    commit: async (items) => {
      const outcomes = await store.transaction((tx) => commitBatch(tx, items));
      options.onEvents();
      return outcomes;
    },
  });

  return {
    /**
     * `found` is the inbox of `input.inboxKey` when the caller has already read it (see
     * ApiKeysService.authenticateWithInbox); otherwise it is read here.
     */
    async submit(
      principal: Principal,
      input: CollectInput,
      idempotencyKey?: string,
      found?: { inbox: Inbox | undefined },
    ): Promise<CollectResult> {
      requireScopeOf(principal, 'collect');
      const inbox = found ? found.inbox : await store.inboxes.findByKey(input.inboxKey);
      // Another organization's inbox, or one outside the key's brand, is indistinguishable from none.
      if (!inbox || inbox.orgId !== principal.orgId || (principal.brandId && inbox.brandId !== principal.brandId)) {
        throw new ApiError(404, 'inbox_not_found', 'No inbox with this inboxKey is visible to this API key.');
      }
      const now = nowIso();
      const context = input.context ?? {};
      const source = typeof context.source === 'string' ? context.source : null;
      return committer.submit({
        id: newId('feedback'),
        orgId: inbox.orgId,
        inboxId: inbox.id,
        brandId: inbox.brandId,
        type: input.type,
        score: input.score ?? null,
        comment: input.comment ?? null,
        context,
        source,
        status: 'new',
        issueLink: null,
        idempotencyKey: idempotencyKey ?? input.eventId ?? null,
        createdAt: now,
        updatedAt: now,
      });
    },
    /** Waits for submissions in flight; used on shutdown. */
    drain: () => committer.drain(),
  };
}

async function commitBatch(tx: Repositories, items: NewFeedback[]): Promise<Settled<CollectResult>[]> {
  const outcomes: Settled<CollectResult>[] = new Array(items.length);
  const accepted: NewFeedback[] = [];
  const period = usagePeriod();
  // A retry that lands in the same batch as its original shares the original's outcome.
  const duplicates: { index: number; firstIndex: number }[] = [];

  // Usage rows are locked in org id order: two processes locking the same orgs in arrival order
  // could each hold one and wait for the other (a deadlock PostgreSQL resolves by failing a batch).
  const groups = [...groupIndexesByOrg(items)].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [orgId, indexes] of groups) {
    const keys = indexes.map((index) => items[index]?.idempotencyKey).filter((key): key is string => !!key);
    const stored = await tx.feedback.findByIdempotencyKeys(orgId, [...new Set(keys)]);
    const firstInBatch = new Map<string, number>();
    const fresh: number[] = [];
    for (const index of indexes) {
      const key = items[index]?.idempotencyKey ?? null;
      const storedId = key === null ? undefined : stored.get(key);
      const firstIndex = key === null ? undefined : firstInBatch.get(key);
      if (storedId) outcomes[index] = { ok: true, value: { id: storedId, replayed: true } };
      else if (firstIndex !== undefined) duplicates.push({ index, firstIndex });
      else {
        if (key !== null) firstInBatch.set(key, index);
        fresh.push(index);
      }
    }

    const organization = await tx.organizations.find(orgId);
    const cap = organization ? PLANS[organization.plan].eventsPerMonth : null;
    const room =
      cap === null ? fresh.length : Math.max(0, cap - (await tx.usage.readForUpdate(orgId, period, 'events')));
    fresh.forEach((index, position) => {
      const item = items[index] as NewFeedback;
      if (position < room) {
        accepted.push(item);
        outcomes[index] = { ok: true, value: { id: item.id, replayed: false } };
      } else if (organization && cap !== null) {
        outcomes[index] = { ok: false, error: planLimitError('event_limit_reached', organization.plan, cap) };
      }
    });
    await tx.usage.increment(orgId, period, 'events', Math.min(room, fresh.length));
  }

  for (const { index, firstIndex } of duplicates) {
    const first = outcomes[firstIndex] as Settled<CollectResult>;
    outcomes[index] = first.ok ? { ok: true, value: { id: first.value.id, replayed: true } } : first;
  }
  await tx.feedback.insertMany(accepted);
  await tx.outbox.append(
    accepted.map(({ idempotencyKey: _key, ...feedback }) =>
      feedbackEvent('feedback.created', feedback, feedback.createdAt),
    ),
  );
  return outcomes;
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

export type CollectService = ReturnType<typeof collectService>;
