import type { FeedbackFilters } from '../domain/feedback.js';
import type { BrandScope } from '../storage/repositories/brands.js';
import type { EmbeddingsRepository, StoredEmbedding } from '../storage/repositories/embeddings.js';
import { bytesToVector, dot, vectorToBytes } from './embedder.js';

export interface VectorQuery {
  scope: BrandScope;
  filters: FeedbackFilters;
  model: string;
  /** A unit vector of the model. */
  vector: Float32Array;
  limit: number;
  /** Left out of the results (the item whose neighbours are asked for). */
  excludeId?: string;
}

export interface VectorMatch {
  feedbackId: string;
  /** Cosine similarity, −1..1. */
  similarity: number;
}

/** Nearest stored embeddings among the items a scope may see under the list filters, most similar first. */
export interface VectorIndex {
  readonly kind: 'sqlite-vec' | 'exact-scan';
  nearest(query: VectorQuery): Promise<VectorMatch[]>;
}

const SCAN_PAGE = 2_000;

/** Keeps the best `size` matches seen, most similar first (ties: newer id first). */
class TopMatches {
  readonly matches: VectorMatch[] = [];
  constructor(private readonly size: number) {}

  offer(match: VectorMatch): void {
    const { matches, size } = this;
    if (matches.length === size && !ranksBefore(match, matches[size - 1] as VectorMatch)) return;
    let position = matches.length;
    while (position > 0 && ranksBefore(match, matches[position - 1] as VectorMatch)) position--;
    matches.splice(position, 0, match);
    if (matches.length > size) matches.pop();
  }
}

function ranksBefore(a: VectorMatch, b: VectorMatch): boolean {
  return a.similarity > b.similarity || (a.similarity === b.similarity && a.feedbackId > b.feedbackId);
}

/** Offers every stored vector to `top`, scored as the exact scan scores them: one ordering for both indexes. */
function offerAll(top: TopMatches, query: VectorQuery, rows: readonly StoredEmbedding[]): void {
  for (const row of rows) {
    if (row.feedbackId === query.excludeId) continue;
    top.offer({ feedbackId: row.feedbackId, similarity: dot(query.vector, bytesToVector(row.vector)) });
  }
}

/**
 * Exact nearest neighbours, computed in Node over the stored vectors page by page. Works on both
 * dialects with no extension: the fallback on PostgreSQL without pgvector, and the reference the
 * sqlite-vec index is checked against.
 *
 * @example
 * const matches = await exactScanIndex(store.embeddings).nearest({ scope, filters: {}, model, vector, limit: 10 });
 */
export function exactScanIndex(embeddings: EmbeddingsRepository): VectorIndex {
  return {
    kind: 'exact-scan',
    async nearest(query) {
      const top = new TopMatches(query.limit);
      let afterId: string | null = null;
      for (;;) {
        const page = await embeddings.scan(query.scope, query.filters, query.model, { afterId, limit: SCAN_PAGE });
        offerAll(top, query, page);
        if (page.length < SCAN_PAGE) return top.matches;
        afterId = page[page.length - 1]?.feedbackId ?? null;
      }
    },
  };
}

/** vec0's largest k. */
const MAX_K = 4096;
/**
 * Coarse candidates per match asked for, and at least this many: sign bits misplace close
 * neighbours, so the true top hides among many times as many candidates. Re-scoring them costs a
 * read of their float vectors; bench/search-latency.mjs measures recall against the exact scan.
 */
const OVERSAMPLE = 16;
const MIN_CANDIDATES = 400;

/**
 * sqlite-vec k-nearest by the sign bits of the vectors in the organization's partition (64 bytes
 * a row for 512 dimensions, compared by Hamming distance), then the scope and filters, then the
 * candidates re-scored against their float vectors exactly as the exact scan scores them. When
 * the filters leave fewer than asked out of a full k, the exact scan answers instead (a selective
 * filter).
 */
export function sqliteVecIndex(embeddings: EmbeddingsRepository): VectorIndex {
  const exact = exactScanIndex(embeddings);
  return {
    kind: 'sqlite-vec',
    async nearest(query) {
      // vec0 packs bits in bytes: a dimension that is not a multiple of 8 has no bit column.
      if (query.vector.length % 8 !== 0) return exact.nearest(query);
      const wanted = query.limit + (query.excludeId ? 1 : 0);
      const k = Math.min(MAX_K, Math.max(MIN_CANDIDATES, wanted * OVERSAMPLE));
      const { orgId } = query.scope;
      const vector = vectorToBytes(query.vector);
      const candidates = await embeddings.nearestInOrg(orgId, query.model, vector, query.vector.length, k);
      const stored = await embeddings.vectorsAmong(
        query.scope,
        query.filters,
        query.model,
        candidates.map((candidate) => candidate.feedbackId),
      );
      const top = new TopMatches(query.limit);
      offerAll(top, query, stored);
      if (top.matches.length >= query.limit || candidates.length < k) return top.matches;
      return exact.nearest(query);
    },
  };
}

/** The best index the store offers. */
export function vectorIndexFor(embeddings: EmbeddingsRepository): VectorIndex {
  return embeddings.hasSqliteVec ? sqliteVecIndex(embeddings) : exactScanIndex(embeddings);
}
