import type { SearchMode } from '@hearback/spec';
import type { Principal } from '../domain/api-key.js';
import type { Feedback, FeedbackFilters } from '../domain/feedback.js';
import { DEFAULT_SEARCH_LIMIT, MAX_SEARCH_LIMIT } from '../domain/search-input.js';
import { ApiError, notFound } from '../errors/api-error.js';
import { bytesToVector, type Embedder, EmbeddingError } from '../search/embedder.js';
import { fuseRankings, type RankedId } from '../search/rank-fusion.js';
import { vectorIndexFor } from '../search/vector-index.js';
import type { FullTextMatch } from '../storage/repositories/full-text.js';
import type { Store } from '../storage/store.js';
import { visibleTo } from './access.js';
import { readDateBounds } from './date-bounds.js';
import { searchAllowance } from './search-allowance.js';
import { unindexedCounts } from './unindexed-counts.js';

export interface SearchRequest {
  query: string;
  limit?: number | undefined;
  filters?: FeedbackFilters | undefined;
  /** Default `hybrid`. */
  mode?: SearchMode | undefined;
}

export interface SearchHit {
  feedback: Feedback;
  /** Relevance, 0..1: reciprocal rank fusion of the rankings of the mode, 1 being first in each. */
  score: number;
  /** Cosine similarity of the comment to the query (null when only the words matched). */
  similarity: number | null;
}

export interface SearchResults {
  data: SearchHit[];
  /**
   * Items in the caller's scope with a comment but no vector of the current model yet (just
   * collected, or waiting for a reindex): found by their words alone until embedded, so the same
   * search may rank better later. Null where vectors play no part (`keyword`, search off). Up to
   * seconds old (see unindexed-counts.ts), never below the matches of this search still without a vector.
   */
  unindexed: number | null;
}

/** How deep each ranking goes before fusion: items just below the cut of one may top the other. */
const CANDIDATES = 50;
/**
 * The vector ranking's depth (at least the limit asked for): below it, rank fusion gives an item
 * too little to matter unless full text found it too, and each candidate costs the coarse scan
 * (sqlite-vec's k-nearest grows with k) and a re-scoring read.
 */
const VECTOR_CANDIDATES = 20;
/**
 * In hybrid ranking a comment with a vector joins the full-text ranking only when it has at least
 * half of the query's words. Rank fusion weighs ranks, not how well they matched: one shared
 * common word ("app", "page") would otherwise lift unrelated comments above the best match by
 * meaning (measured by bench/search-quality.mjs). Exact words and codes still match in full.
 */
const HYBRID_MINIMUM_SHARE = 0.5;

/**
 * The full-text side of hybrid ranking. An item with a vector of the model ranks among the matches
 * that hold {@link HYBRID_MINIMUM_SHARE} of the words, and fusion with its vector rank does the
 * rest. An item without one has no vector rank to fuse, so the share rule (which exists to keep
 * weak word matches below matches by meaning) must not drop it: it keeps its place among all the
 * matches, as keyword mode ranks it. Hybrid over items not embedded yet thus ranks as keyword does.
 */
function hybridTextRanking(matches: readonly FullTextMatch[], embedded: (id: string) => boolean): RankedId[] {
  const ranking: RankedId[] = [];
  let holdingRank = 0;
  matches.forEach((match, index) => {
    if (match.holdsShare) holdingRank++;
    if (!embedded(match.id)) ranking.push({ id: match.id, rank: index + 1 });
    else if (match.holdsShare) ranking.push({ id: match.id, rank: holdingRank });
  });
  return ranking;
}

/** The 503 of an operation that needs vectors on a server with search off. */
export const searchUnavailable = () =>
  new ApiError(503, 'search_unavailable', 'Semantic search is disabled on this server (HEARBACK_SEARCH=off).');

/**
 * One text's vector, or a 503 when the embedder fails (the local model did not load, the provider
 * is down): the caller may try again, and the cause is logged with the request id (every 5xx is),
 * not shown.
 */
async function embedOne(embedder: Embedder, text: string): Promise<Float32Array | undefined> {
  try {
    return (await embedder.embed([text]))[0];
  } catch (error) {
    if (!(error instanceof EmbeddingError)) throw error;
    throw new ApiError(
      503,
      'search_unavailable',
      'Semantic search could not embed the text just now (its embedding model failed); try again shortly.',
      { cause: error },
    );
  }
}

/**
 * Hybrid search: vector similarity (by meaning) fused with full text (exact words and codes such
 * as `ERR_42`); or either ranking alone (`mode`). Without an embedder (search disabled) hybrid is
 * full text alone and semantic is refused.
 */
export function searchService(store: Store, embedder: Embedder | undefined) {
  const vectors = vectorIndexFor(store.embeddings);
  const allowance = searchAllowance(store);
  const unindexedCount = unindexedCounts(store);

  async function hitsFor(principal: Principal, ranked: { id: string; score: number; similarity: number | null }[]) {
    const items = await store.feedback.findMany(
      visibleTo(principal),
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
     * Tells search that this process stored vectors of the organization (the embedding job, a
     * reindex): its next search counts `unindexed` afresh rather than report the count of before.
     */
    vectorsStored(orgId: string): void {
      unindexedCount.forget(orgId);
    },

    /** Resolves once counts of `unindexed` still running in the background have settled. */
    settled: (): Promise<void> => unindexedCount.settled(),

    /**
     * Loads the embedding model and opens (on upgrade: rebuilds) the vector index ahead of the
     * first search, which would otherwise wait for both. Nothing to do with search off.
     */
    async warmUp(): Promise<void> {
      const vector = await embedder?.warmUp?.();
      if (!embedder || !vector) return;
      // No organization has an empty id: the query finds nothing, once the index is ready.
      await vectors.nearest({
        scope: { orgId: '', brandId: null },
        filters: {},
        model: embedder.model,
        vector,
        limit: 1,
      });
    },

    async search(principal: Principal, request: SearchRequest): Promise<SearchResults> {
      const scope = visibleTo(principal);
      const filters = await readDateBounds(store, principal.orgId, request.filters ?? {});
      const limit = Math.min(request.limit ?? DEFAULT_SEARCH_LIMIT, MAX_SEARCH_LIMIT);
      const mode = request.mode ?? 'hybrid';
      if (mode === 'semantic' && !embedder) throw searchUnavailable();
      await allowance.spend(principal.orgId);
      const byMeaning = embedder && mode !== 'keyword' ? embedder : undefined;
      const [vectorMatches, textMatches, counted] = await Promise.all([
        byMeaning
          ? embedOne(byMeaning, request.query).then((vector) =>
              vector
                ? vectors.nearest({
                    scope,
                    filters,
                    model: byMeaning.model,
                    vector,
                    limit: Math.max(limit, VECTOR_CANDIDATES),
                  })
                : [],
            )
          : Promise.resolve([]),
        mode === 'semantic'
          ? Promise.resolve([])
          : store.fullText.search(scope, filters, request.query, CANDIDATES, {
              minimumShare: byMeaning ? HYBRID_MINIMUM_SHARE : 0,
            }),
        byMeaning ? unindexedCount.get(scope, byMeaning.model) : Promise.resolve(null),
      ]);
      let unindexed = counted;
      const similarityOf = new Map(vectorMatches.map((match) => [match.feedbackId, match.similarity]));
      let textRanking: (string | RankedId)[] = textMatches.map((match) => match.id);
      if (byMeaning && unindexed !== null) {
        // Asked of the matches themselves, not inferred from `unindexed` (which may be seconds old):
        // a match taken for embedded would lose its keyword rank.
        const textIds = textMatches.map((match) => match.id);
        const embedded = await store.embeddings.embeddedAmong(textIds, byMeaning.model);
        textRanking = hybridTextRanking(textMatches, (id) => embedded.has(id));
        const seen = textIds.length - embedded.size;
        unindexed = unindexedCount.atLeast(scope, byMeaning.model, unindexed, seen);
      }
      const rankings = [
        ...(byMeaning ? [vectorMatches.map((match) => match.feedbackId)] : []),
        ...(mode === 'semantic' ? [] : [textRanking]),
      ];
      const fused = fuseRankings(rankings);
      return {
        data: await hitsFor(
          principal,
          fused
            .slice(0, limit)
            .map((hit) => ({ id: hit.id, score: hit.score, similarity: similarityOf.get(hit.id) ?? null })),
        ),
        unindexed,
      };
    },

    /** The nearest other feedback by meaning (likely duplicates); not counted as a search. */
    async similar(principal: Principal, id: string, limit = DEFAULT_SEARCH_LIMIT): Promise<SearchResults> {
      const scope = visibleTo(principal);
      const feedback = await store.feedback.find(scope, id);
      if (!feedback) throw notFound('Feedback', id);
      if (!embedder) throw searchUnavailable();
      const unindexed = await unindexedCount.get(scope, embedder.model);
      if (!feedback.comment) return { data: [], unindexed };
      const stored = await store.embeddings.find(id, embedder.model);
      // Not embedded yet (the job runs just after collection): embed it now rather than answer nothing.
      const vector = stored ? bytesToVector(stored) : await embedOne(embedder, feedback.comment);
      if (!vector) return { data: [], unindexed };
      const matches = await vectors.nearest({
        scope,
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
        unindexed,
      };
    },
  };
}

export type SearchService = ReturnType<typeof searchService>;
