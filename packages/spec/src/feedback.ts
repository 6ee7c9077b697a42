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

/** The longest tag, in characters (Unicode code points), after {@link normalizeTag}. */
export const MAX_TAG_LENGTH = 32;

/** The most tags one feedback item holds. */
export const MAX_TAGS_PER_ITEM = 10;

// Control characters (C0, DEL, C1) left once whitespace (tabs and line breaks included) is collapsed.
const CONTROL_CHARACTER = /\p{Cc}/u;

/**
 * A tag as it is stored and compared: NFC, trimmed, each run of whitespace one space, lower-cased,
 * so `" Bug "`, `"bug"` and `"BUG"` are one tag. Check the result with {@link tagProblem}.
 *
 * @example
 * normalizeTag('  Billing\t Issue '); // 'billing issue'
 */
export function normalizeTag(text: string): string {
  return text.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * Why a normalized tag cannot be stored, or undefined when it can: 1–{@link MAX_TAG_LENGTH}
 * characters, no control character.
 *
 * @example
 * tagProblem(normalizeTag('   ')); // 'Must not be empty.'
 */
export function tagProblem(tag: string): string | undefined {
  if (tag.length === 0) return 'Must not be empty.';
  if ([...tag].length > MAX_TAG_LENGTH) return `At most ${MAX_TAG_LENGTH} characters.`;
  if (CONTROL_CHARACTER.test(tag)) return 'Must not contain control characters.';
  return undefined;
}

/**
 * The tags of an item as given in a request, normalized, without duplicates, sorted: the set
 * stored and answered. Each must pass {@link tagProblem}; there may be at most
 * {@link MAX_TAGS_PER_ITEM} of them, counted after duplicates collapse.
 *
 * @example
 * tagSet(['Bug', 'billing', 'bug ']); // ['billing', 'bug']
 */
export function tagSet(tags: readonly string[]): string[] {
  return [...new Set(tags.map(normalizeTag))].sort();
}
