import type { Feedback, FeedbackFilters } from './feedback.js';

/**
 * Whether an item satisfies the list filters, decided in memory: what the realtime stream sends.
 * The list's SQL (`storage/repositories/feedback-filters.ts`) states the same rules for the
 * database; `feedback-match.test.ts` holds the two to the same answers on the same items. `q`
 * folds case as JavaScript does; the dialects' `lower()` agree with it for ASCII letters (as they
 * agree with each other).
 *
 * @example
 * matchesFeedbackFilters(item, { type: 'nps', scoreMax: 6 }); // a detractor?
 */
export function matchesFeedbackFilters(feedback: Feedback, filters: FeedbackFilters): boolean {
  // As in SQL: a text filter applies when non-empty; an item without a score meets no score bound.
  if (filters.type && feedback.type !== filters.type) return false;
  if (filters.scoreMin !== undefined && (feedback.score === null || feedback.score < filters.scoreMin)) return false;
  if (filters.scoreMax !== undefined && (feedback.score === null || feedback.score > filters.scoreMax)) return false;
  // Timestamps are stored and compared as ISO-8601 text, which sorts as time does.
  if (filters.from && feedback.createdAt < filters.from) return false;
  if (filters.to && feedback.createdAt >= filters.to) return false;
  if (filters.inboxId && feedback.inboxId !== filters.inboxId) return false;
  if (filters.source && feedback.source !== filters.source) return false;
  if (filters.status && feedback.status !== filters.status) return false;
  if (filters.q) {
    if (feedback.comment === null || !feedback.comment.toLowerCase().includes(filters.q.toLowerCase())) return false;
  }
  return true;
}
