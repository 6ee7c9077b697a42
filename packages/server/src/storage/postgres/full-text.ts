import { sql } from 'kysely';
import type { FeedbackFilters } from '../../domain/feedback.js';
import type { BrandScope } from '../repositories/brands.js';
import type { Executor } from '../repositories/executor.js';
import { feedbackMatches } from '../repositories/feedback-filters.js';

/**
 * PostgreSQL's full-text matches (see DialectAdapter.fullTextMatches): the comment's English
 * tsvector (indexed by migration 0003), ranked by ts_rank_cd.
 */
export function postgresFullTextMatches(
  db: Executor,
  scope: BrandScope,
  filters: FeedbackFilters,
  terms: readonly string[],
  limit: number,
) {
  // `|`: any term; `err_42` parses as the phrase err <-> 42, as the comment's words do.
  const tsquery = sql`to_tsquery('english', ${terms.join(' | ')})`;
  const document = sql`to_tsvector('english', coalesce(comment, ''))`;
  return db
    .selectFrom('feedback')
    .select(['id', 'comment'])
    .where(feedbackMatches(scope, filters))
    .where(sql<boolean>`${document} @@ ${tsquery}`)
    .orderBy(sql`ts_rank_cd(${document}, ${tsquery})`, 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
