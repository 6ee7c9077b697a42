import { z } from 'zod';
import { writeInput } from './write-input.js';

/** The longest context member name and value an erasure matches on (an id or an address, not a document). */
export const MAX_ERASURE_KEY_LENGTH = 200;
export const MAX_ERASURE_VALUE_LENGTH = 2000;

/**
 * The one top-level `context` member (a name and its text value, matched exactly, untrimmed) that
 * tells one person's submissions, such as `{"userId": "u_42"}`: the feedback erasure and the page
 * responses' take it alike. One member only: two would raise the question of "and" or "or", and an
 * erasure must not guess.
 */
export const ErasureContextSchema = z
  .record(z.string().min(1).max(MAX_ERASURE_KEY_LENGTH), z.string().min(1).max(MAX_ERASURE_VALUE_LENGTH))
  .refine((context) => Object.keys(context).length === 1, {
    message: 'Name exactly one context member, such as {"userId": "u_42"}.',
  })
  // The refinement, in the document's words (a generated client or a fuzzer reads these).
  .meta({ minProperties: 1, maxProperties: 1 });

/** `POST …/feedback/erase`: the context member of one person's feedback. */
export const FeedbackErasureInputSchema = writeInput({
  context: ErasureContextSchema.meta({
    description:
      "One top-level member of the items' `context` and its text value: every item whose context has it is deleted.",
    example: { userId: 'u_42' },
  }),
});

export type FeedbackErasureInput = z.input<typeof FeedbackErasureInputSchema>;
