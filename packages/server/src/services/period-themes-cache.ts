import { createHash } from 'node:crypto';
import type { BrandScope } from '../storage/repositories/brands.js';
import type { EmbeddedVersion } from '../storage/repositories/embeddings.js';

/**
 * Clusterings kept. One holds up to 5,000 member ids and a few labels (about 0.3 MB at the cap),
 * so the cache stays under about 10 MB however many organizations ask.
 */
const DEFAULT_CAPACITY = 32;

/**
 * The rows a clustering read: the current period's and the previous one's, in the order read.
 * A row's id and versions stand for what clustering reads of it: an item's comment, type and score
 * never change once stored, and its vector changes only with `embedded_at` (a re-embed); any other
 * write (status, brand) sets `updated_at` or decides only whether the row is read at all.
 */
export interface ClusteredRows {
  current: readonly EmbeddedVersion[];
  previous: readonly EmbeddedVersion[];
}

/**
 * The key of a clustering: who asked (organization and brand scope, so one tenant's entry is never
 * another's), the model, and a hash of every row the clustering read. It names no period or filter:
 * those only choose the rows, and the same rows give the same themes (clustering is deterministic).
 * Nothing needs invalidating: a write in scope (new, deleted, moved or updated item, a new vector),
 * by this process or another on the same database, changes the rows read, hence the key.
 */
export function clusteringKey(scope: BrandScope, model: string, rows: ClusteredRows): string {
  const hash = createHash('sha256');
  for (const period of [rows.current, rows.previous]) {
    for (const row of period) hash.update(`${row.feedbackId} ${row.updatedAt} ${row.embeddedAt}\n`);
    // Tells the last row of the current period from the first of the previous one.
    hash.update('|\n');
  }
  return JSON.stringify([scope.orgId, scope.brandId, model, hash.digest('hex')]);
}

/**
 * The last clusterings, by {@link clusteringKey}, least recently used dropped first, and the ones
 * being made. A value is shared by every request with its key, so callers must not change it (its
 * top level is frozen).
 *
 * @example
 * const cache = new ClusteringCache<Clustered>();
 * const found = await cache.share(key, async () => {
 *   const rows = await readRows();
 *   return { key: keyOf(rows), value: cluster(rows) };
 * });
 */
export class ClusteringCache<V extends object> {
  private readonly entries = new Map<string, V>();
  /** Clusterings under way, by the key their callers asked for; each leaves when it settles. */
  private readonly making = new Map<string, Promise<V>>();

  constructor(private readonly capacity = DEFAULT_CAPACITY) {}

  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    // Moved to the end: the Map's order is the order of use.
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  /**
   * The value under `key`: kept, being made for an earlier caller with the same key (requests that
   * arrive together before anything is kept share one clustering, about half a second of CPU at
   * the cap, instead of each making its own), or made now by `make`. `make` says under which key
   * its value is kept: that of the rows it actually clustered, which a write since `key` was
   * computed may have changed (callers waiting on it then get a state at least as new as the one
   * they read). A failure is not kept: every caller waiting on it gets it, the next one tries again.
   */
  async share(key: string, make: () => Promise<{ key: string; value: V }>): Promise<V> {
    const kept = this.get(key);
    if (kept) return kept;
    const underWay = this.making.get(key);
    if (underWay) return underWay;
    const made = make().then((result) => this.set(result.key, result.value));
    this.making.set(key, made);
    try {
      return await made;
    } finally {
      this.making.delete(key);
    }
  }

  set(key: string, value: V): V {
    const frozen = Object.freeze(value);
    this.entries.delete(key);
    this.entries.set(key, frozen);
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.capacity) break;
      this.entries.delete(oldest);
    }
    return frozen;
  }
}
