import type { Repositories, Store } from '../storage/store.js';

/** Rows an erasure deletes per transaction: a few hundred rows' locks, held for milliseconds. */
export const ERASURE_BATCH = 200;

/** What one batch of an erasure did: the rows it found (at most {@link ERASURE_BATCH}) and deleted. */
export interface ErasureBatch {
  found: number;
  deleted: number;
}

/**
 * Runs `batch` (find up to {@link ERASURE_BATCH} of one person's rows, delete them, audit each),
 * each time in its own transaction, until one finds fewer than a full batch: a large erasure never
 * holds its rows' locks for long, and rows that arrive meanwhile are taken by a later batch.
 *
 * @example
 * await eraseInBatches(store, async (tx) => {
 *   const ids = await tx.feedback.idsWithContextMember(scope, 'userId', 'u_42', ERASURE_BATCH);
 *   return { found: ids.length, deleted: (await tx.deletions.feedbackItems(scope, ids)).items.length };
 * }); // { deleted: 3 }
 */
export async function eraseInBatches(
  store: Store,
  batch: (tx: Repositories) => Promise<ErasureBatch>,
): Promise<{ deleted: number }> {
  let deleted = 0;
  for (;;) {
    const done = await store.transaction(batch);
    deleted += done.deleted;
    if (done.found < ERASURE_BATCH) return { deleted };
  }
}
