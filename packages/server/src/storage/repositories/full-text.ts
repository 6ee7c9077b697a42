import { sql } from 'kysely';
import type { FeedbackFilters } from '../../domain/feedback.js';
import type { Dialect } from '../migrations/context.js';
import type { BrandScope } from './brands.js';
import { joinedFeedbackMatches, type SearchTables } from './embeddings.js';
import type { Executor } from './executor.js';
import { feedbackMatches } from './feedback-filters.js';

/** Words too common to tell feedback apart; matching on them would only add noise to the fusion. */
const STOP_WORDS = new Set(
  (
    'a an and are as at be but by can could did do does for from had has have how i if in into is it its ' +
    'me my no not of on or our so than that the their them then there these they this to too us was we ' +
    'were what when where which while who why will with would you your'
  ).split(' '),
);

const MAX_TERMS = 32;

/**
 * The words of a free-text query, lower-cased, stop words dropped. Only letters, digits and `_`
 * survive, so no term can carry FTS5 or tsquery syntax.
 *
 * @example
 * queryTerms('Why does ERR_42 show up?'); // ['err_42', 'show', 'up']
 */
export function queryTerms(query: string): string[] {
  const words = query.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [];
  return [...new Set(words.filter((word) => !STOP_WORDS.has(word)))].slice(0, MAX_TERMS);
}

/** Full-text search over comments: SQLite FTS5 (bm25) or PostgreSQL tsvector (ts_rank_cd). */
export function fullTextRepository(executor: Executor, dialect: Dialect) {
  return {
    /** Ids of matching items the scope may see, best first; any term may match. */
    async search(scope: BrandScope, filters: FeedbackFilters, query: string, limit: number): Promise<string[]> {
      const terms = queryTerms(query);
      if (terms.length === 0) return [];
      if (dialect === 'postgres') {
        // `|`: any term; `err_42` parses as the phrase err <-> 42, as the comment's words do.
        const tsquery = sql`to_tsquery('english', ${terms.join(' | ')})`;
        const document = sql`to_tsvector('english', coalesce(comment, ''))`;
        const rows = await executor
          .selectFrom('feedback')
          .select('id')
          .where(feedbackMatches(scope, filters))
          .where(sql<boolean>`${document} @@ ${tsquery}`)
          .orderBy(sql`ts_rank_cd(${document}, ${tsquery})`, 'desc')
          .orderBy('id', 'desc')
          .limit(limit)
          .execute();
        return rows.map((row) => row.id);
      }
      // Each term quoted: FTS5 reads it as a phrase of its tokens (`"err_42"` → err 42).
      const match = terms.map((term) => `"${term}"`).join(' OR ');
      const rows = await executor
        .withTables<SearchTables>()
        .selectFrom('feedback_fts')
        .innerJoin('feedback', 'feedback.id', 'feedback_fts.feedback_id')
        .select('feedback.id')
        .where(sql<boolean>`feedback_fts match ${match}`)
        .where(joinedFeedbackMatches(scope, filters))
        .orderBy(sql`bm25(feedback_fts)`)
        .orderBy('feedback.id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },
  };
}
