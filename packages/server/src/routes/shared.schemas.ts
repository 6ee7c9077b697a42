import { z } from '@hono/zod-openapi';
import { ERROR_CODES } from '../errors/error-codes.js';
import { MAX_PAGE_SIZE } from '../services/pagination.js';

export const ProblemSchema = z
  .object({
    type: z.string().openapi({ example: 'https://hearback.dev/problems/validation-failed' }),
    title: z.string().openapi({ example: 'Bad Request' }),
    status: z.number().int().openapi({ example: 400 }),
    detail: z.string(),
    code: z.enum(ERROR_CODES).openapi({ description: 'Stable, machine-readable error code.' }),
    requestId: z.string().optional(),
    errors: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .optional()
      .openapi({ description: 'One entry per invalid field.' }),
    limit: z.number().int().optional().openapi({ description: 'On 429: the plan allowance that was reached.' }),
    plan: z.string().optional().openapi({ description: 'On 429: the organization plan.' }),
    resetAt: z.string().nullable().optional().openapi({ description: 'On 429: when the allowance resets (ISO-8601).' }),
    requiredScope: z.string().optional(),
  })
  .openapi('Problem');

const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: ProblemSchema } },
});

/**
 * Error responses every authenticated route can give. The statuses of the body limit, the JSON
 * validator and the idempotency middleware are declared by `documented()` (routes/documented.ts),
 * where those are attached.
 */
export const AUTHENTICATED_ERRORS = {
  400: problem('Invalid input (`validation_failed`, `malformed_json`).'),
  401: problem('Missing, invalid, expired or revoked API key.'),
  403: problem('The key lacks the required scope or brand access.'),
  404: problem('Not found, or not visible to this key.'),
  500: problem('Unexpected server error.'),
} as const;

export const errorResponse = problem;

export const OrgParams = z.object({
  orgId: z.string().openapi({ param: { name: 'orgId', in: 'path' }, example: 'org_01jd3x2k9v6c4h8m2n5p7q1r3s' }),
});

export const PageQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_PAGE_SIZE)
    .optional()
    .openapi({ param: { name: 'limit', in: 'query' }, description: `Page size (1–${MAX_PAGE_SIZE}, default 50).` }),
  cursor: z
    .string()
    .optional()
    .openapi({ param: { name: 'cursor', in: 'query' }, description: 'The `nextCursor` of the previous page.' }),
});

export function pageOf<T extends z.ZodType>(item: T, name: string) {
  return z
    .object({
      data: z.array(item),
      nextCursor: z
        .string()
        .nullable()
        .openapi({ description: 'Pass as `cursor` for the next page; null on the last.' }),
    })
    .openapi(name);
}

export const jsonContent = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { 'application/json': { schema } },
});

export const SECURITY: Record<string, string[]>[] = [{ ApiKeyAuth: [] }, { BearerAuth: [] }];

export const Timestamp = z.string().openapi({ format: 'date-time', example: '2026-11-22T10:15:00.000Z' });

/** The `Idempotency-Key` request header, with what a repeated key does on the route it documents. */
export function idempotencyHeaders(description: string) {
  return z.object({
    'idempotency-key': z
      .string()
      .min(1)
      .max(255)
      .optional()
      .openapi({
        // Must equal the object key (Hono validates lower-cased header names); header names are
        // case-insensitive, so clients may still send `Idempotency-Key`.
        param: { name: 'idempotency-key', in: 'header' },
        description,
      }),
  });
}

export const WriteIdempotencyHeaders = idempotencyHeaders(
  'A retry with the same key (from the same API key, within 24 hours) answers the first response again, with `Idempotent-Replayed: true`, instead of writing twice. The same key on a different request answers 422 `idempotency_key_reused`; while the first request still runs, 409 `idempotency_key_in_use`. Use a random value such as a UUID.',
);
