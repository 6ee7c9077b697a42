import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { FeedbackFilters } from '../../domain/feedback.js';
import { idRangeOfWindow } from '../../lib/ids.js';
import type { DatabaseSchema } from '../schema.js';
import type { BrandScope } from './brands.js';

/** `%` and `_` are wildcards in LIKE: a search for "100%" must find the text "100%", not "100…". */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * The rows of `feedback` a scope may see that satisfy the filters: shared by the list and the
 * stats queries, so a filter means the same thing in both. The realtime stream decides the same
 * filters in memory (`domain/feedback-match.ts`): change both, `feedback-match.test.ts` compares them.
 *
 * @example
 * db.selectFrom('feedback').selectAll().where(feedbackMatches(scope, { type: 'nps' }));
 */
export function feedbackMatches(scope: BrandScope, filters: FeedbackFilters) {
  return (eb: ExpressionBuilder<DatabaseSchema, 'feedback'>): Expression<SqlBool> => {
    const conditions: Expression<SqlBool>[] = [eb('org_id', '=', scope.orgId)];
    // Both when both are set: a brand-scoped key asking for another brand narrows to nothing.
    if (scope.brandId) conditions.push(eb('brand_id', '=', scope.brandId));
    if (filters.brandId) conditions.push(eb('brand_id', '=', filters.brandId));
    if (filters.type) conditions.push(eb('type', '=', filters.type));
    if (filters.scoreMin !== undefined) conditions.push(eb('score', '>=', filters.scoreMin));
    if (filters.scoreMax !== undefined) conditions.push(eb('score', '<=', filters.scoreMax));
    if (filters.from) conditions.push(eb('created_at', '>=', filters.from));
    if (filters.to) conditions.push(eb('created_at', '<', filters.to));
    if (filters.from || filters.to) {
      // Redundant with the exact bounds above (an id's time is its creation time, give or take the
      // margin): it lets the newest-first walk of an (…, id) index start and stop at the window
      // instead of reading every newer row first. Qualified: other tables may be joined.
      const ids = idRangeOfWindow('feedback', filters.from, filters.to);
      if (ids.min) conditions.push(eb('feedback.id', '>=', ids.min));
      if (ids.below) conditions.push(eb('feedback.id', '<', ids.below));
    }
    if (filters.inboxId) conditions.push(eb('inbox_id', '=', filters.inboxId));
    if (filters.source) conditions.push(eb('source', '=', filters.source));
    if (filters.status) conditions.push(eb('status', '=', filters.status));
    if (filters.assigneeId) conditions.push(eb('assignee_id', '=', filters.assigneeId));
    if (filters.unassigned) conditions.push(eb('assignee_id', 'is', null));
    // One subquery per tag (every tag given): each reads the (org_id, tag, feedback_id) index.
    for (const tag of filters.tag ?? []) {
      conditions.push(
        eb(
          'feedback.id',
          'in',
          eb.selectFrom('feedback_tags').select('feedback_id').where('org_id', '=', scope.orgId).where('tag', '=', tag),
        ),
      );
    }
    if (filters.q) {
      // lower() on both sides: LIKE is case-sensitive on PostgreSQL and not on SQLite. The two
      // agree for ASCII letters only: SQLite's lower() folds A-Z alone, PostgreSQL's follows the
      // database locale (É matches é there, not on SQLite).
      conditions.push(sql<SqlBool>`lower(comment) like lower(${likePattern(filters.q)}) escape '\\'`);
    }
    return eb.and(conditions);
  };
}
