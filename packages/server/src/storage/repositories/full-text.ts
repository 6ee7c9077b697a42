import { sql } from 'kysely';
import type { FeedbackFilters } from '../../domain/feedback.js';
import type { Dialect } from '../migrations/context.js';
import type { BrandScope } from './brands.js';
import { joinedFeedbackMatches, type SearchTables } from './embeddings.js';
import type { Executor } from './executor.js';
import { feedbackMatches } from './feedback-filters.js';
import { queryTerms, termsToMatch } from './query-terms.js';

/** Full-text search over comments: SQLite FTS5 (bm25) or PostgreSQL tsvector (ts_rank_cd). */
export function fullTextRepository(executor: Executor, dialect: Dialect) {
  return {
    /**
     * Ids of matching items the scope may see, best first. An item matches when it contains at
     * least `minimumShare` of the query's terms (stemmed); by default any one term will do.
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
      if (dialect === 'postgres') {
        // `|`: any term; `err_42` parses as the phrase err <-> 42, as the comment's words do.
        const tsquery = sql`to_tsquery('english', ${terms.join(' | ')})`;
        const document = sql`to_tsvector('english', coalesce(comment, ''))`;
        const matchedTerms = sql.join(
          terms.map((term) => sql`(${document} @@ to_tsquery('english', ${term}))::int`),
          sql` + `,
        );
        const rows = await executor
          .selectFrom('feedback')
          .select('id')
          .where(feedbackMatches(scope, filters))
          .where(sql<boolean>`${document} @@ ${tsquery}`)
          .$if(needed > 1, (rows) => rows.where(sql<boolean>`${matchedTerms} >= ${needed}`))
          .orderBy(sql`ts_rank_cd(${document}, ${tsquery})`, 'desc')
          .orderBy('id', 'desc')
          .limit(limit)
          .execute();
        return rows.map((row) => row.id);
      }
      // Each term quoted: FTS5 reads it as a phrase of its tokens (`"err_42"` → err 42).
      const match = terms.map((term) => `"${term}"`).join(' OR ');
      // Per term, a probe of the FTS index at the row's rowid.
      const matchedTerms = sql.join(
        terms.map(
          (term) =>
            sql`exists (select 1 from feedback_fts term where term.rowid = feedback_fts.rowid and term.feedback_fts match ${`"${term}"`})`,
        ),
        sql` + `,
      );
      const rows = await executor
        .withTables<SearchTables>()
        .selectFrom('feedback_fts')
        .innerJoin('feedback', 'feedback.id', 'feedback_fts.feedback_id')
        .select('feedback.id')
        .where(sql<boolean>`feedback_fts match ${match}`)
        .where(joinedFeedbackMatches(scope, filters))
        .$if(needed > 1, (rows) => rows.where(sql<boolean>`${matchedTerms} >= ${needed}`))
        .orderBy(sql`bm25(feedback_fts)`)
        .orderBy('feedback.id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },
  };
}
