import type { FeedbackFilters } from '../../domain/feedback.js';
import type { DialectAdapter } from '../dialect.js';
import type { BrandScope } from './brands.js';
import type { Executor } from './executor.js';
import { countMatchedTerms, queryTerms, termsToMatch } from './query-terms.js';

/** One full-text match, best first in a search's answer. */
export interface FullTextMatch {
  id: string;
  /** Whether the comment holds the share of the query's terms the search asked for. */
  holdsShare: boolean;
}

/** Full-text search over comments, ranked by the dialect's index (see DialectAdapter.fullTextMatches). */
export function fullTextRepository(executor: Executor, dialect: DialectAdapter) {
  return {
    /**
     * Matching items the scope may see, best first: the `limit` best matches by any term. With
     * `minimumShare`, each says whether its comment contains at least that share of the query's
     * terms (without one, all do). The terms are counted in Node on those comments alone: per-term
     * index probes in SQL cost more than the search itself on 100k comments.
     */
    async search(
      scope: BrandScope,
      filters: FeedbackFilters,
      query: string,
      limit: number,
      { minimumShare = 0 }: { minimumShare?: number } = {},
    ): Promise<FullTextMatch[]> {
      const terms = queryTerms(query);
      if (terms.length === 0) return [];
      const needed = termsToMatch(terms.length, minimumShare);
      const rows = await dialect.fullTextMatches(executor, scope, filters, terms, limit);
      return rows.map((row) => ({
        id: row.id,
        holdsShare: needed === 1 || countMatchedTerms(terms, row.comment ?? '') >= needed,
      }));
    },
  };
}
