/** The kinds of feedback `POST /collect` takes as `type`; each decides its score range. */
export const FEEDBACK_TYPES = ['thumbs', 'stars', 'nps', 'csat', 'emoji', 'text'] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];

/** The triage statuses of a feedback item; new items are `new`. */
export const FEEDBACK_STATUSES = ['new', 'triaged', 'in_progress', 'resolved', 'closed', 'spam'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

/** The issue trackers whose issue URLs a feedback item can link. */
export const ISSUE_TRACKERS = ['github', 'gitlab', 'jira', 'linear', 'asana'] as const;
export type IssueTracker = (typeof ISSUE_TRACKERS)[number];

/** An inclusive range of integer scores. */
export interface ScoreRange {
  readonly min: number;
  readonly max: number;
}

/** The score range of each type; `null`: the type carries no score (`text`, which needs a comment). */
export const SCORE_RANGES: Readonly<Record<FeedbackType, ScoreRange | null>> = {
  thumbs: { min: 0, max: 1 },
  stars: { min: 1, max: 5 },
  nps: { min: 0, max: 10 },
  csat: { min: 1, max: 5 },
  emoji: { min: 1, max: 5 },
  text: null,
};

/** The longest feedback comment, in UTF-16 code units (JavaScript string length). */
export const MAX_COMMENT_LENGTH = 10_000;

/**
 * Whether `value` names a feedback type.
 *
 * @example
 * isFeedbackType('nps'); // true
 */
export function isFeedbackType(value: unknown): value is FeedbackType {
  // SCORE_RANGES has every type as a key (its type says so), so widget.js carries no second list.
  return Object.keys(SCORE_RANGES).includes(value as string);
}

/**
 * Whether `score` is a valid score for `type`: an integer in its range, or none (`null` or
 * `undefined`) for a type without one.
 *
 * @example
 * isValidScore('stars', 6); // false
 */
export function isValidScore(type: FeedbackType, score: number | null | undefined): boolean {
  const range = SCORE_RANGES[type];
  if (!range) return score == null;
  return Number.isInteger(score) && (score as number) >= range.min && (score as number) <= range.max;
}
