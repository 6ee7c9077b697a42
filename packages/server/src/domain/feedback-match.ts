import type { Feedback, FeedbackFilters } from './feedback.js';

type FilterRules = {
  [Name in keyof FeedbackFilters]-?: (feedback: Feedback, value: NonNullable<FeedbackFilters[Name]>) => boolean;
};

/**
 * One rule per list filter, in memory. A mapped type over FeedbackFilters: a filter added to the
 * list does not compile until the stream decides it too.
 */
const RULES: FilterRules = {
  type: (feedback, type) => feedback.type === type,
  // As in SQL, an item without a score meets no score bound.
  scoreMin: (feedback, min) => feedback.score !== null && feedback.score >= min,
  scoreMax: (feedback, max) => feedback.score !== null && feedback.score <= max,
  // Timestamps are stored and compared as ISO-8601 text in UTC, which sorts as time does.
  from: (feedback, from) => feedback.createdAt >= from,
  to: (feedback, to) => feedback.createdAt < to,
  inboxId: (feedback, inboxId) => feedback.inboxId === inboxId,
  brandId: (feedback, brandId) => feedback.brandId === brandId,
  source: (feedback, source) => feedback.source === source,
  status: (feedback, status) => feedback.status === status,
  assigneeId: (feedback, assigneeId) => feedback.assigneeId === assigneeId,
  // `false` filters nothing, as in SQL.
  unassigned: (feedback, unassigned) => !unassigned || feedback.assigneeId === null,
  // Events written before tags existed carry none.
  tag: (feedback, tags) => tags.every((tag) => (feedback.tags ?? []).includes(tag)),
  q: (feedback, q) => feedback.comment?.toLowerCase().includes(q.toLowerCase()) === true,
};

/**
 * Whether an item satisfies the list filters, decided in memory: what the realtime stream sends.
 * The list's SQL (`storage/repositories/feedback-filters.ts`) states the same rules for the
 * database; `feedback-match.test.ts` holds the two to the same answers on the same items. As there,
 * a filter applies when set and, for text, non-empty. `q` folds case as JavaScript does; the
 * dialects' `lower()` agree with it for ASCII letters (as they agree with each other).
 *
 * @example
 * matchesFeedbackFilters(item, { type: 'nps', scoreMax: 6 }); // a detractor?
 */
export function matchesFeedbackFilters(feedback: Feedback, filters: FeedbackFilters): boolean {
  for (const name of Object.keys(RULES) as (keyof FeedbackFilters)[]) {
    const value = filters[name];
    if (value === undefined || value === '') continue;
    const rule = RULES[name] as (feedback: Feedback, value: unknown) => boolean;
    if (!rule(feedback, value)) return false;
  }
  return true;
}
