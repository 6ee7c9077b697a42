import type { FeedbackFilters } from '../../domain/feedback.js';
import type { DialectAdapter } from '../dialect.js';
import type { BrandScope } from './brands.js';
import type { Executor } from './executor.js';
import { countMatchedTerms, queryTerms, termsToMatch } from './query-terms.js';

/** Full-text search over comments, ranked by the dialect's index (see DialectAdapter.fullTextMatches). */
export function fullTextRepository(executor: Executor, dialect: DialectAdapter) {
  return {
    /**
     * Ids of matching items the scope may see, best first. With `minimumShare`, only those of the
     * `limit` best matches whose comment contains at least that share of the query's terms are
     * kept; by default any one term will do. The terms are counted in Node on those comments
     * alone: per-term index probes in SQL cost more than the search itself on 100k comments.
     */
    async search(
      scope: BrandScope,
      filters: FeedbackFilters,
      query: string,
      limit: number,
      { minimumShare = 0 }: { minimumShare?: number } = {},
    ): Promise<string[]> {
      const terms = queryTerms(query);
      if (terms.length === 0) return [];
      const needed = termsToMatch(terms.length, minimumShare);
      const rows = await dialect.fullTextMatches(executor, scope, filters, terms, limit);
      return rows
        .filter((row) => needed === 1 || countMatchedTerms(terms, row.comment ?? '') >= needed)
        .map((row) => row.id);
    },
  };
}
