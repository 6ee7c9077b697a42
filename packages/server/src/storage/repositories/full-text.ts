import { sql } from 'kysely';
import type { FeedbackFilters } from '../../domain/feedback.js';
import type { Dialect } from '../migrations/context.js';
import type { BrandScope } from './brands.js';
import { joinedFeedbackMatches, type SearchTables } from './embeddings.js';
import type { Executor } from './executor.js';
import { feedbackMatches } from './feedback-filters.js';
import { countMatchedTerms, queryTerms, termsToMatch } from './query-terms.js';

/** One full-text match, best first in a search's answer. */
export interface FullTextMatch {
  id: string;
  /** Whether the comment holds the share of the query's terms the search asked for. */
  holdsShare: boolean;
}

/** Full-text search over comments: SQLite FTS5 (bm25) or PostgreSQL tsvector (ts_rank_cd). */
export function fullTextRepository(executor: Executor, dialect: Dialect) {
  /** Items with any of the terms, best first, with their comment. */
  function bestMatches(scope: BrandScope, filters: FeedbackFilters, terms: string[], limit: number) {
    if (dialect === 'postgres') {
      // `|`: any term; `err_42` parses as the phrase err <-> 42, as the comment's words do.
      const tsquery = sql`to_tsquery('english', ${terms.join(' | ')})`;
      const document = sql`to_tsvector('english', coalesce(comment, ''))`;
      return executor
        .selectFrom('feedback')
        .select(['id', 'comment'])
        .where(feedbackMatches(scope, filters))
        .where(sql<boolean>`${document} @@ ${tsquery}`)
        .orderBy(sql`ts_rank_cd(${document}, ${tsquery})`, 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    }
    // Each term quoted: FTS5 reads it as a phrase of its tokens (`"err_42"` → err 42).
    const match = terms.map((term) => `"${term}"`).join(' OR ');
    return executor
      .withTables<SearchTables>()
      .selectFrom('feedback_fts')
      .innerJoin('feedback', 'feedback.id', 'feedback_fts.feedback_id')
      .select(['feedback.id', 'feedback.comment'])
      .where(sql<boolean>`feedback_fts match ${match}`)
      .where(joinedFeedbackMatches(scope, filters))
      .orderBy(sql`bm25(feedback_fts)`)
      .orderBy('feedback.id', 'desc')
      .limit(limit)
      .execute();
  }

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
      const rows = await bestMatches(scope, filters, terms, limit);
      return rows.map((row) => ({
        id: row.id,
        holdsShare: needed === 1 || countMatchedTerms(terms, row.comment ?? '') >= needed,
      }));
    },
  };
}
