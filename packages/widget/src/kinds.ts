import type { FeedbackKind } from './types.js';

/** Score range of each kind, as `POST /collect` validates it; `text` carries no score. */
export const SCORE_RANGES: Readonly<Record<FeedbackKind, readonly [min: number, max: number] | null>> = {
  thumbs: [0, 1],
  stars: [1, 5],
  nps: [0, 10],
  csat: [1, 5],
  emoji: [1, 5],
  text: null,
};

export const FEEDBACK_KINDS = Object.keys(SCORE_RANGES) as FeedbackKind[];

export function isFeedbackKind(value: unknown): value is FeedbackKind {
  return typeof value === 'string' && value in SCORE_RANGES;
}

/** True when `score` is a valid score for `kind` (`null` for `text`). */
export function isValidScore(kind: FeedbackKind, score: number | null | undefined): boolean {
  const range = SCORE_RANGES[kind];
  if (!range) return score == null;
  return Number.isInteger(score) && (score as number) >= range[0] && (score as number) <= range[1];
}
