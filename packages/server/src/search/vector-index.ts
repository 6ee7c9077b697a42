import type { FeedbackFilters } from '../domain/feedback.js';
import type { BrandScope } from '../storage/repositories/brands.js';
import type { EmbeddingsRepository } from '../storage/repositories/embeddings.js';
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
        for (const row of page) {
          if (row.feedbackId === query.excludeId) continue;
          top.offer({ feedbackId: row.feedbackId, similarity: dot(query.vector, bytesToVector(row.vector)) });
        }
        if (page.length < SCAN_PAGE) return top.matches;
        afterId = page[page.length - 1]?.feedbackId ?? null;
      }
    },
  };
}

/** vec0's largest k. */
const MAX_K = 4096;

/**
 * sqlite-vec k-nearest over the organization's partition, then the scope and filters; when they
 * leave fewer than asked out of a full k, the exact scan answers instead (a selective filter).
 */
export function sqliteVecIndex(embeddings: EmbeddingsRepository): VectorIndex {
  const exact = exactScanIndex(embeddings);
  return {
    kind: 'sqlite-vec',
    async nearest(query) {
      const k = Math.min(MAX_K, Math.max(50, query.limit * 4) + (query.excludeId ? 1 : 0));
      const vector = vectorToBytes(query.vector);
      const candidates = await embeddings.nearestInOrg(query.scope.orgId, query.model, vector, query.vector.length, k);
      const visible = await embeddings.visibleAmong(
        query.scope,
        query.filters,
        candidates.map((candidate) => candidate.feedbackId),
      );
      const matches = candidates
        .filter((candidate) => visible.has(candidate.feedbackId) && candidate.feedbackId !== query.excludeId)
        .map((candidate) => ({ feedbackId: candidate.feedbackId, similarity: 1 - candidate.distance }))
        // vec0 computes in float32 too, but breaks ties its own way: match the exact scan's order.
        .sort((a, b) => (ranksBefore(a, b) ? -1 : ranksBefore(b, a) ? 1 : 0));
      if (matches.length >= query.limit || candidates.length < k) return matches.slice(0, query.limit);
      return exact.nearest(query);
    },
  };
}

/** The best index the store offers. */
export function vectorIndexFor(embeddings: EmbeddingsRepository): VectorIndex {
  return embeddings.hasSqliteVec ? sqliteVecIndex(embeddings) : exactScanIndex(embeddings);
}
