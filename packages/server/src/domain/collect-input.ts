import { FeedbackContextSchema } from '@hearback/inputs';
import {
  capitalized,
  FEEDBACK_TYPE_NAMES,
  FEEDBACK_TYPES,
  MAX_COMMENT_LENGTH,
  SCORE_RANGES,
  type ScoreRange,
} from '@hearback/spec';
import { z } from 'zod';
import { writeInput } from './write-input.js';

/** "from 1 to 5", or "of 0 or 1" for a two-value range (thumbs). */
function scoreRangeText(range: ScoreRange): string {
  return range.max - range.min === 1 ? `of ${range.min} or ${range.max}` : `from ${range.min} to ${range.max}`;
}

/**
 * A feedback submission and its rules (score range per type, a comment for `text`, the context's
 * bounds and named members from @hearback/inputs' context-input.ts), whichever way it arrives:
 * `POST /collect`, its node:http fast path, or the MCP `submit_feedback` tool; U+0000 in any of its
 * text is refused by the text rule every input passes (input-issues.ts). The route adds the
 * document's examples and descriptions to it.
 */
export const CollectInputSchema = writeInput({
  inboxKey: z.string().min(1).max(200),
  type: z.enum(FEEDBACK_TYPES),
  score: z.number().int().nullable().optional(),
  comment: z.string().max(MAX_COMMENT_LENGTH).nullable().optional(),
  context: FeedbackContextSchema.optional(),
  eventId: z.string().min(1).max(255).optional(),
}).superRefine((body, ctx) => {
  const range = SCORE_RANGES[body.type];
  const score = body.score ?? null;
  const kind = `${capitalized(FEEDBACK_TYPE_NAMES[body.type])} feedback`;
  if (range && score === null) {
    ctx.addIssue({ code: 'custom', path: ['score'], message: `${kind} needs a score ${scoreRangeText(range)}.` });
  } else if (range && score !== null && (score < range.min || score > range.max)) {
    ctx.addIssue({
      code: 'custom',
      path: ['score'],
      message: `${kind} takes a score ${scoreRangeText(range)}, not ${score}.`,
    });
  } else if (!range && score !== null) {
    ctx.addIssue({ code: 'custom', path: ['score'], message: `${kind} takes no score.` });
  }
  if (body.type === 'text' && !body.comment?.trim()) {
    ctx.addIssue({ code: 'custom', path: ['comment'], message: `${kind} needs a comment.` });
  }
});

/** A submission as the rules accept it. */
export type CollectInput = z.output<typeof CollectInputSchema>;
