import { z } from 'zod';
import { ErasureContextSchema, MAX_ERASURE_VALUE_LENGTH } from './feedback-erasure-input.js';
import { acrossMembers, writeInput } from './write-input.js';

/**
 * A respondent's contact email as an erasure compares it: trimmed and lower-cased, here and on the
 * stored address. People type their address in different cases and a domain has none; an address
 * is ASCII (the contact's rule and this one), so the database's lower() folds it as this does.
 */
const ErasureEmailSchema = z.string().trim().toLowerCase().max(MAX_ERASURE_VALUE_LENGTH).check(z.email());

/**
 * `POST …/feedback-pages/responses/erase`: one person's responses, named by exactly one of a
 * top-level `context` member (as the feedback erasure takes it) or the contact's `email`.
 */
export const PageResponseErasureInputSchema = writeInput({
  context: ErasureContextSchema.optional().meta({
    description:
      "One top-level member of the responses' `context` and its text value, matched exactly: every response whose context has it is deleted.",
    example: { userId: 'u_42' },
  }),
  contact: writeInput({
    email: ErasureEmailSchema.meta({
      description:
        'The address the respondent gave as their contact, compared trimmed and without regard to case (`Ana@Example.com` matches `ana@example.com`).',
      example: 'ana@example.com',
    }),
  })
    .optional()
    .meta({ description: "The respondent's contact: every response whose contact has this email is deleted." }),
})
  .refine((body) => !(body.context !== undefined && body.contact !== undefined), {
    ...acrossMembers('Send context or contact, not both: an erasure names one person one way.'),
    path: ['contact'],
  })
  .refine((body) => body.context !== undefined || body.contact !== undefined, {
    ...acrossMembers('Send context, such as {"userId": "u_42"}, or contact, such as {"email": "ana@example.com"}.'),
    path: ['context'],
  });

export type PageResponseErasureInput = z.output<typeof PageResponseErasureInputSchema>;
