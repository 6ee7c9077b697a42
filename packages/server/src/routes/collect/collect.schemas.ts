import { MAX_CONTEXT_BYTES, MAX_CONTEXT_DEPTH, nestsDeeperThan } from '@hearback/mcp';
import { z } from '@hono/zod-openapi';
import { FEEDBACK_TYPES, SCORE_RANGES } from '../../domain/feedback.js';
import { idempotencyHeaders } from '../shared.schemas.js';

export const MAX_COMMENT_LENGTH = 10_000;

/**
 * Free-form metadata, bounded in depth before its size is measured: `JSON.stringify` (here, in
 * storage, in every reply that echoes it) overflows the stack a few thousand levels down.
 */
const ContextSchema = z
  .record(z.string(), z.unknown())
  .superRefine((context, ctx) => {
    if (nestsDeeperThan(context, MAX_CONTEXT_DEPTH)) {
      ctx.addIssue({
        code: 'custom',
        message: `context must nest objects and arrays at most ${MAX_CONTEXT_DEPTH} levels deep (context itself is level 1).`,
      });
    } else if (Buffer.byteLength(JSON.stringify(context)) > MAX_CONTEXT_BYTES) {
      ctx.addIssue({ code: 'custom', message: `context must serialize to at most ${MAX_CONTEXT_BYTES} bytes.` });
    }
  })
  .openapi({
    description: `Free-form metadata: at most ${MAX_CONTEXT_BYTES / 1024} KB as JSON, objects and arrays nested at most ${MAX_CONTEXT_DEPTH} levels deep (\`context\` itself is level 1). \`source\` (e.g. \`widget\`, \`server\`, \`mcp\`) is indexed for filtering.`,
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

export const CollectRequestSchema = z
  .object({
    inboxKey: z.string().min(1).max(200).openapi({ example: 'ibx_Zm9vYmFyYmF6cXV4' }),
    type: z.enum(FEEDBACK_TYPES).openapi({
      description: 'thumbs (0 down, 1 up), stars 1–5, nps 0–10, csat 1–5, emoji 1–5, text (no score).',
    }),
    score: z.number().int().nullable().optional().openapi({ example: 1 }),
    comment: z.string().max(MAX_COMMENT_LENGTH).nullable().optional().openapi({ example: 'Love the new editor!' }),
    context: ContextSchema.optional(),
    eventId: z.string().min(1).max(255).optional().openapi({
      description:
        'A client-generated id; a retry with the same id is stored once (like `Idempotency-Key`). The same id with different content answers 422 `idempotency_key_reused`.',
    }),
  })
  .superRefine((body, ctx) => {
    const range = SCORE_RANGES[body.type];
    const score = body.score ?? null;
    if (range && score === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['score'],
        message: `A ${body.type} score is required (${range.min}–${range.max}).`,
      });
    } else if (range && score !== null && (score < range.min || score > range.max)) {
      ctx.addIssue({
        code: 'custom',
        path: ['score'],
        message: `A ${body.type} score must be between ${range.min} and ${range.max}.`,
      });
    } else if (!range && score !== null) {
      ctx.addIssue({ code: 'custom', path: ['score'], message: `${body.type} feedback carries no score.` });
    }
    if (body.type === 'text' && !body.comment?.trim()) {
      ctx.addIssue({ code: 'custom', path: ['comment'], message: 'text feedback needs a comment.' });
    }
    // PostgreSQL text cannot hold U+0000 (SQLite can): refused here, on both, before such an event
    // could fail the group commit it shares with other submissions.
    const texts = {
      inboxKey: body.inboxKey,
      comment: body.comment,
      eventId: body.eventId,
      'context.source': body.context?.source,
    };
    for (const [path, value] of Object.entries(texts)) {
      if (typeof value === 'string' && value.includes('\u0000')) {
        ctx.addIssue({
          code: 'custom',
          path: path.split('.'),
          message: 'Must not contain the NUL character (U+0000).',
        });
      }
    }
  })
  .openapi('CollectRequest', { allOf: scoreRulesByType() });

export const CollectResponseSchema = z
  .object({
    id: z.string().openapi({ example: 'fb_01jd3x2k9v6c4h8m2n5p7q1r3s' }),
    success: z.literal(true),
  })
  .openapi('CollectResponse');

export const IdempotencyHeaders = idempotencyHeaders(
  'A retry with the same key (or `eventId`) and the same submission (inbox, `type`, `score`, `comment`, `context`) is stored once and answered with the first id, with `Idempotent-Replayed: true`. The same key with different content answers 422 `idempotency_key_reused`. Keys are per organization and do not expire.',
);
