import type { SearchReindexService } from '../services/search-reindex.js';
import type { EventHandler } from './job-runner.js';

/**
 * Embedding time per event: long enough to batch well, short enough that the events queued behind
 * it (new feedback, webhooks) wait little and the claim's lease (30 s) never runs out.
 */
export const REINDEX_STEP_MS = 2000;

/**
 * Runs one step of an organization's background reindex per `search.reindex-requested` event; the
 * step queues the next event while items remain. A failure (embedder down) is retried with the
 * runner's backoff; the batches committed before it are kept.
 *
 * @example
 * runner.on(REINDEX_EVENT, reindexOrganizationHandler(reindex));
 */
export function reindexOrganizationHandler(
  reindex: SearchReindexService,
  step: { budgetMs?: number; batchSize?: number } = {},
): EventHandler {
  return async (event) => {
    await reindex.step(event.orgId, { budgetMs: step.budgetMs ?? REINDEX_STEP_MS, batchSize: step.batchSize });
  };
}
