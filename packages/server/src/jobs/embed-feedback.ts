import type { Embedder } from '../search/embedder.js';
import { EMBED_BATCH_SIZE, embedAndStore } from '../services/embedding.js';
import type { ClaimedEvent } from '../storage/repositories/outbox.js';
import type { Store } from '../storage/store.js';
import type { EventHandler } from './job-runner.js';

interface CreatedFeedback {
  id?: unknown;
  comment?: unknown;
}

/**
 * Embeds the comment of each new feedback item from its `feedback.created` event, off the
 * `/collect` path. Batched: the first event of a burst embeds its item together with the
 * organization's later items still waiting, so the events after it find their item done.
 * Idempotent (an item that has a vector of the model is skipped, a write replaces) and retried by
 * the job runner when it throws (model load or remote provider failure).
 *
 * @example
 * runner.on('feedback.created', embedFeedbackHandler(store, embedder));
 */
export function embedFeedbackHandler(
  store: Store,
  embedder: Embedder,
  /** Called with the organization once its new vectors are committed. */
  onStored?: (orgId: string) => void,
): EventHandler {
  return async (event: ClaimedEvent) => {
    const data = event.data as CreatedFeedback;
    // Which comments are worth a vector is the backlog's rule (not blank), applied by `page` below.
    if (typeof data.id !== 'string' || typeof data.comment !== 'string') return;
    if ((await store.embeddings.embeddedAmong([data.id], embedder.model)).size > 0) return;
    const pending = await store.embeddingBacklog.page(event.orgId, {
      missingModel: embedder.model,
      fromId: data.id,
      limit: EMBED_BATCH_SIZE,
    });
    await embedAndStore(store, embedder, pending);
    onStored?.(event.orgId);
  };
}
