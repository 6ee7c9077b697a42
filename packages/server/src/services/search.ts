import type { Principal } from '../domain/api-key.js';
import type { Feedback, FeedbackFilters } from '../domain/feedback.js';
import { ApiError, notFound } from '../errors/api-error.js';
import { bytesToVector, type Embedder } from '../search/embedder.js';
import { fuseRankings } from '../search/rank-fusion.js';
import { vectorIndexFor } from '../search/vector-index.js';
import type { Store } from '../storage/store.js';
import { scopeOf } from './access.js';
import { searchAllowance } from './search-allowance.js';

export interface SearchRequest {
  query: string;
  limit?: number | undefined;
  filters?: FeedbackFilters | undefined;
}

export interface SearchHit {
  feedback: Feedback;
  /** Relevance, 0..1: reciprocal rank fusion of the two rankings, 1 being first in both. */
  score: number;
  /** Cosine similarity of the comment to the query (null when only the words matched). */
  similarity: number | null;
}

export const DEFAULT_SEARCH_LIMIT = 10;
export const MAX_SEARCH_LIMIT = 50;
/** How deep each ranking goes before fusion: items just below the cut of one may top the other. */
const CANDIDATES = 50;

/**
 * Hybrid search: vector similarity (by meaning) fused with full text (exact words and codes such
 * as `ERR_42`). Without an embedder (search disabled) it is full text alone.
 */
export function searchService(store: Store, embedder: Embedder | undefined) {
  const vectors = vectorIndexFor(store.embeddings);
  const allowance = searchAllowance(store);

  async function hitsFor(principal: Principal, ranked: { id: string; score: number; similarity: number | null }[]) {
    const items = await store.feedback.findMany(
      scopeOf(principal),
      ranked.map((hit) => hit.id),
    );
    const byId = new Map(items.map((item) => [item.id, item]));
    return ranked.flatMap((hit): SearchHit[] => {
      const feedback = byId.get(hit.id);
      return feedback ? [{ feedback, score: hit.score, similarity: hit.similarity }] : [];
    });
  }

  return {
    /** Vector index in use: `sqlite-vec` or `exact-scan`; `null` when search is disabled. */
    vectorIndex: embedder ? vectors.kind : null,

    /**
     * Loads the embedding model and opens (on upgrade: rebuilds) the vector index ahead of the
     * first search, which would otherwise wait for both. Nothing to do with search off.
     */
    async warmUp(): Promise<void> {
      if (!embedder) return;
      const [vector] = await embedder.embed(['warm-up']);
      if (!vector) return;
      // No organization has an empty id: the query finds nothing, once the index is ready.
      await vectors.nearest({
        scope: { orgId: '', brandId: null },
        filters: {},
        model: embedder.model,
        vector,
        limit: 1,
      });
    },

    async search(principal: Principal, request: SearchRequest): Promise<{ data: SearchHit[] }> {
      const scope = scopeOf(principal);
      const filters = request.filters ?? {};
      const limit = Math.min(request.limit ?? DEFAULT_SEARCH_LIMIT, MAX_SEARCH_LIMIT);
      await allowance.spend(principal.orgId);
      const [vectorMatches, textIds] = await Promise.all([
        embedder
          ? embedder
              .embed([request.query])
              .then(([vector]) =>
                vector ? vectors.nearest({ scope, filters, model: embedder.model, vector, limit: CANDIDATES }) : [],
              )
          : Promise.resolve([]),
        store.fullText.search(scope, filters, request.query, CANDIDATES),
      ]);
      const similarityOf = new Map(vectorMatches.map((match) => [match.feedbackId, match.similarity]));
      const fused = fuseRankings(embedder ? [vectorMatches.map((match) => match.feedbackId), textIds] : [textIds]);
      return {
        data: await hitsFor(
          principal,
          fused
            .slice(0, limit)
            .map((hit) => ({ id: hit.id, score: hit.score, similarity: similarityOf.get(hit.id) ?? null })),
        ),
      };
    },

    /** The nearest other feedback by meaning (likely duplicates); not counted as a search. */
    async similar(principal: Principal, id: string, limit = DEFAULT_SEARCH_LIMIT): Promise<{ data: SearchHit[] }> {
      const feedback = await store.feedback.find(scopeOf(principal), id);
      if (!feedback) throw notFound('Feedback', id);
      if (!embedder) {
        throw new ApiError(
          503,
          'search_unavailable',
          'Semantic search is disabled on this server (HEARBACK_SEARCH=off).',
        );
      }
      if (!feedback.comment) return { data: [] };
      const stored = await store.embeddings.find(id, embedder.model);
      // Not embedded yet (the job runs just after collection): embed it now rather than answer nothing.
      const vector = stored ? bytesToVector(stored) : (await embedder.embed([feedback.comment]))[0];
      if (!vector) return { data: [] };
      const matches = await vectors.nearest({
        scope: scopeOf(principal),
        filters: {},
        model: embedder.model,
        vector,
        limit: Math.min(limit, MAX_SEARCH_LIMIT),
        excludeId: id,
      });
      return {
        data: await hitsFor(
          principal,
          matches.map((match) => ({
            id: match.feedbackId,
            score: Math.max(0, match.similarity),
            similarity: match.similarity,
          })),
        ),
      };
    },
  };
}

export type SearchService = ReturnType<typeof searchService>;
