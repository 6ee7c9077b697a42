import type { Principal } from '../domain/api-key.js';
import type { CollectInput } from '../domain/collect-input.js';
import type { Inbox } from '../domain/organization.js';
import { ApiError } from '../errors/api-error.js';
import { GroupCommitter } from '../lib/group-commit.js';
import { newIdAt } from '../lib/ids.js';
import { twoIdempotencyKeys } from '../services/idempotency-errors.js';
import type { UsageTally } from '../services/usage-tally.js';
import type { NewFeedback } from '../storage/repositories/feedback.js';
import type { Store } from '../storage/store.js';
import { type CollectResult, idempotencyKeyOf } from './collect-batch.js';
import { COLLECT_ISOLATION, collectCommitter } from './collect-commit.js';
import { submissionFingerprint } from './collect-fingerprint.js';

export type { CollectInput, CollectResult };

export interface CollectServiceOptions {
  windowMs: number;
  /** Where the events of organizations without a cap are counted, after their commit. */
  usage: UsageTally;
  onEvents: () => void;
  /** Batches committed at once, each in its own transaction (see GroupCommitOptions.concurrency). */
  concurrency?: number | undefined;
}

/**
 * `POST /collect`: feedback into an inbox, acknowledged only after its transaction (row, outbox
 * event, usage count) is durable. Concurrent submissions share one commit.
 */
export function collectService(store: Store, options: CollectServiceOptions) {
  const commitBatch = collectCommitter(store);
  const committer = new GroupCommitter<NewFeedback, CollectResult>({
    windowMs: options.windowMs,
    concurrency: options.concurrency,
    // Two batches in flight must not both find an idempotency key unused and both insert it.
    keyOf: idempotencyKeyOf,
    ...COLLECT_ISOLATION,
    commit: async (items) => {
      const { outcomes, uncounted } = await commitBatch(items);
      for (const { orgId, period, amount } of uncounted) options.usage.add(orgId, period, 'events', amount);
      options.onEvents();
      return outcomes;
    },
  });

  return {
    /**
     * `found` is the inbox of `input.inboxKey` when the caller has already read it (see
     * ApiKeysService.authenticateWithInbox); otherwise it is read here. The caller has checked
     * the key's scope: the one the `collectFeedback` operation requires (routes/).
     */
    async submit(
      principal: Principal,
      input: CollectInput,
      idempotencyKey?: string,
      found?: { inbox: Inbox | undefined },
    ): Promise<CollectResult> {
      // Both HTTP paths (the Hono route and the node:http fast path) submit here. One comparison,
      // and only when both keys are given.
      if (idempotencyKey !== undefined && input.eventId !== undefined && idempotencyKey !== input.eventId) {
        throw twoIdempotencyKeys();
      }
      const inbox = found ? found.inbox : await store.inboxes.findByKey(input.inboxKey);
      // Another organization's inbox, or one outside the key's brand, is indistinguishable from none.
      if (!inbox || inbox.orgId !== principal.orgId || (principal.brandId && inbox.brandId !== principal.brandId)) {
        throw new ApiError(404, 'inbox_not_found', 'No inbox with this inboxKey is visible to this API key.');
      }
      // The id's time is the creation time: list windows bound the id by it (lib/ids.ts).
      const { id, at: now } = newIdAt('feedback');
      // Equal when both are given (above).
      const key = idempotencyKey ?? input.eventId ?? null;
      const context = input.context ?? {};
      // Written out field by field: spread from the submission, the item got a shape V8 handles on
      // its slow paths, and every later step paid for it, about a fifth of the server's CPU a request
      // (ingest/README.md, "Hot-path objects").
      const item: NewFeedback = {
        id,
        orgId: inbox.orgId,
        inboxId: inbox.id,
        brandId: inbox.brandId,
        type: input.type,
        score: input.score ?? null,
        comment: input.comment ?? null,
        context,
        source: typeof context.source === 'string' ? context.source : null,
        status: 'new',
        issueLink: null,
        assigneeId: null,
        idempotencyKey: key,
        idempotencyFingerprint: null,
        createdAt: now,
        updatedAt: now,
      };
      // Only a keyed submission can be repeated: the common unkeyed one pays for no hash.
      if (key !== null) item.idempotencyFingerprint = submissionFingerprint(item);
      return committer.submit(item);
    },
    /** Waits for submissions in flight and their usage counts; used on shutdown. */
    async drain() {
      await committer.drain();
      await options.usage.settled();
    },
  };
}

export type CollectService = ReturnType<typeof collectService>;
