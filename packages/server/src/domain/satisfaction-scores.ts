import { type FeedbackType, SCORE_RANGES } from '@hearback/spec';

/** NPS promoters score at least this (9–10 on 0–10). */
export const NPS_PROMOTER_MIN = 9;
/** NPS detractors score at most this (0–6 on 0–10). */
export const NPS_DETRACTOR_MAX = 6;
/** A CSAT answer counts as satisfied from this score (4–5 on 1–5). */
export const CSAT_SATISFIED_MIN = 4;

/** Net Promoter Score: % promoters minus % detractors, −100..100 (one decimal), null without responses. */
export interface NpsFigures {
  score: number | null;
  responses: number;
  promoters: number;
  passives: number;
  detractors: number;
}

/** Customer satisfaction: % of answers scored {@link CSAT_SATISFIED_MIN} or more, 0..100 (one decimal). */
export interface CsatFigures {
  score: number | null;
  responses: number;
  satisfied: number;
}

/** Rounds to `digits` decimals. */
export const roundTo = (value: number, digits: number): number => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * The NPS of counted answers.
 *
 * @example
 * npsFigures({ responses: 4, promoters: 2, detractors: 1 }); // { score: 25, passives: 1, … }
 */
export function npsFigures(counts: { responses: number; promoters: number; detractors: number }): NpsFigures {
  const { responses, promoters, detractors } = counts;
  return {
    score: responses === 0 ? null : roundTo(((promoters - detractors) / responses) * 100, 1),
    responses,
    promoters,
    passives: responses - promoters - detractors,
    detractors,
  };
}

/**
 * The CSAT % of counted answers.
 *
 * @example
 * csatFigures({ responses: 4, satisfied: 3 }); // { score: 75, responses: 4, satisfied: 3 }
 */
export function csatFigures(counts: { responses: number; satisfied: number }): CsatFigures {
  const { responses, satisfied } = counts;
  return { score: responses === 0 ? null : roundTo((satisfied / responses) * 100, 1), responses, satisfied };
}

/**
 * A score on one scale for every type: −1 at the bottom of the type's range, +1 at the top (a
 * thumbs down −1, 3 stars 0, NPS 10 +1), so items of different types can be averaged. Null for a
 * type without scores, or no score.
 *
 * @example
 * scaledScore('stars', 4); // 0.5
 */
export function scaledScore(type: FeedbackType, score: number | null): number | null {
  const range = SCORE_RANGES[type];
  if (!range || score === null) return null;
  return ((score - range.min) / (range.max - range.min)) * 2 - 1;
}
