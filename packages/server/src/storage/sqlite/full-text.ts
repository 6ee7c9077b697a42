import { sql } from 'kysely';
import type { FeedbackFilters } from '../../domain/feedback.js';
import type { BrandScope } from '../repositories/brands.js';
import { joinedFeedbackMatches, type SearchTables } from '../repositories/embeddings.js';
import type { Executor } from '../repositories/executor.js';

/**
 * SQLite's full-text matches (see DialectAdapter.fullTextMatches): the FTS5 table of migration
 * 0003, ranked by bm25.
 */
export function sqliteFullTextMatches(
  db: Executor,
  scope: BrandScope,
  filters: FeedbackFilters,
  terms: readonly string[],
  limit: number,
) {
  // Each term quoted: FTS5 reads it as a phrase of its tokens (`"err_42"` → err 42).
  const match = terms.map((term) => `"${term}"`).join(' OR ');
  return db
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
