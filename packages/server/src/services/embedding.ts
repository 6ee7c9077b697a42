import { nowIso } from '../lib/time.js';
import { type Embedder, vectorToBytes } from '../search/embedder.js';
import type { Store } from '../storage/store.js';

/** Items embedded per model call and per commit. */
export const EMBED_BATCH_SIZE = 32;

/** Embeds the comments and stores their vectors in one transaction; used by the embedding job and by reindexing. */
export async function embedAndStore(
  store: Store,
  embedder: Embedder,
  items: readonly { id: string; comment: string }[],
): Promise<void> {
  if (items.length === 0) return;
  const vectors = await embedder.embed(items.map((item) => item.comment));
  const rows = items.flatMap((item, index) => {
    const vector = vectors[index];
    return vector ? [{ feedbackId: item.id, vector: vectorToBytes(vector), dim: vector.length }] : [];
  });
  const now = nowIso();
  await store.transaction((tx) => tx.embeddings.upsertMany(embedder.model, rows, now));
}
