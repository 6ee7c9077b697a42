import { FEEDBACK_TYPES, SCORE_RANGES } from '@hearback/spec';
import { z } from '@hono/zod-openapi';
import { CollectInputSchema } from '../../domain/collect-input.js';
import { documentable, idempotencyHeaders } from '../shared.schemas.js';

const { shape } = CollectInputSchema;

const ContextSchema = documentable(shape.context.unwrap()).openapi({
  example: { source: 'widget', url: 'https://example.com/pricing', userId: 'u_42' },
});

/**
 * The refinement's score and comment rules per type, for the document: zod cannot express them in
 * JSON Schema, and clients (and the contract fuzzer) should not have to guess them.
 */
function scoreRulesByType() {
  return FEEDBACK_TYPES.map((type) => {
    const range = SCORE_RANGES[type];
    return {
      if: { properties: { type: { const: type } }, required: ['type'] },
      // biome-ignore lint/suspicious/noThenProperty: the `if`/`then` keywords of JSON Schema, not a promise.
      then: range
        ? {
            properties: { score: { type: 'integer' as const, minimum: range.min, maximum: range.max } },
            required: ['score'],
          }
        : {
            properties: { score: { type: 'null' as const }, comment: { type: 'string' as const, pattern: '\\S' } },
            required: ['comment'],
          },
    };
  });
}

/** The domain's submission rules, with the document's examples and descriptions. */
export const CollectRequestSchema = CollectInputSchema.safeExtend({
  inboxKey: documentable(shape.inboxKey).openapi({ example: 'ibx_Zm9vYmFyYmF6cXV4' }),
  type: documentable(shape.type).openapi({
    description: 'thumbs (0 down, 1 up), stars 1–5, nps 0–10, csat 1–5, emoji 1–5, text (no score).',
  }),
  score: documentable(shape.score).openapi({ example: 1 }),
  comment: documentable(shape.comment).openapi({ example: 'Love the new editor!' }),
  context: ContextSchema.optional(),
  // An example, so a "try it" form does not send `eventId: ""` (which is refused: ids are not empty).
  eventId: documentable(shape.eventId).openapi({
    example: '0b7c6f1e-5d1a-4c3e-9a57-2f1e8d4c6b90',
    description:
      'A client-generated id; a retry with the same id is stored once (like `Idempotency-Key`). The same id with different content answers 422 `idempotency_key_reused`. With an `Idempotency-Key` header, it must be the same value (else 400 `validation_failed` naming `eventId`).',
  }),
}).openapi('CollectRequest', { allOf: scoreRulesByType() });

export const CollectResponseSchema = z
  .object({
    id: z.string().openapi({ example: 'fb_01jd3x2k9v6c4h8m2n5p7q1r3s' }),
    success: z.literal(true),
  })
  .openapi('CollectResponse');

export const IdempotencyHeaders = idempotencyHeaders(
  'A retry with the same key (or `eventId`) and the same submission (inbox, `type`, `score`, `comment`, `context`) is stored once and answered with the first id, with `Idempotent-Replayed: true`. The same key with different content answers 422 `idempotency_key_reused`. With `eventId` in the body too, both must be the same value (else 400 `validation_failed` naming `eventId`). Keys are per organization and do not expire.',
);
