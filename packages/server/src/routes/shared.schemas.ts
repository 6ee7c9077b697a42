import { DATE_BOUND_MESSAGE, DateBoundSchema, idSchema, refusesUnknownFields } from '@hearback/inputs';
import { z } from '@hono/zod-openapi';
import { AUTOMATION_KINDS } from '../domain/automation.js';
import { ERROR_CODES } from '../errors/error-codes.js';
import type { IdKind } from '../lib/ids.js';
import { API_KEY_SECURITY_SCHEME, SESSION_SECURITY_SCHEME } from '../openapi.js';
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
    plan: z
      .string()
      .optional()
      .openapi({ description: 'On 429 and on 403 `plan_upgrade_required`: the organization plan.' }),
    requiredPlan: z
      .string()
      .optional()
      .openapi({ description: 'On 403 `plan_upgrade_required`: the cheapest plan with the feature.' }),
    resetAt: z.string().nullable().optional().openapi({ description: 'On 429: when the allowance resets (ISO-8601).' }),
    automations: z
      .array(z.object({ id: z.string(), name: z.string(), kind: z.enum(AUTOMATION_KINDS) }))
      .optional()
      .openapi({
        description: 'On 409 `secret_in_use`: the automations and REST hooks whose templates reference the secret.',
      }),
    requiredScope: z.string().optional(),
    acceptedScopes: z.array(z.string()).optional().openapi({
      description: 'On 403 `insufficient_scope`, when any of several scopes would do: all of them, preferred first.',
    }),
  })
  .openapi('Problem');

const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: ProblemSchema } },
});

/**
 * What Node's HTTP parser answers on any operation, before routing (see http/client-error.ts): a
 * request that is not valid HTTP/1.1, arrives too slowly, or carries too large a request line or
 * headers.
 */
export const CONNECTION_ERRORS = {
  400: problem('The request is not valid HTTP/1.1 (`bad_request`).'),
  408: problem('The request was not received in time (`request_timeout`).'),
  431: problem('The request line or headers are too large (`headers_too_large`).'),
} as const;

/**
 * Error responses every authenticated route can give. The statuses of the body limit, the JSON
 * validator and the idempotency middleware are added by `documented()` (routes/documented.ts),
 * from the middleware an operation runs (routes/operation.ts).
 */
export const AUTHENTICATED_ERRORS = {
  400: problem('Invalid input (`validation_failed`, `malformed_json`, `bad_request`).'),
  401: problem('Missing, invalid, expired or revoked API key.'),
  403: problem('The key lacks the required scope or brand access.'),
  404: problem('Not found, or not visible to this key.'),
  500: problem('Unexpected server error.'),
} as const;

export const errorResponse = problem;

/**
 * An id of one kind in a request body or query (`brandId` …), documented with an example: the
 * rule is `idSchema()`'s (@hearback/inputs).
 *
 * @example
 * brandId: idOf('brand', 'brd_01jd3x2k9v6c4h8m2n5p7q1r3s').nullable().optional()
 */
export function idOf(kind: IdKind, example: string) {
  return documentable(idSchema(kind)).openapi({ example });
}

export const OrgParams = z.object({
  orgId: z.string().openapi({ param: { name: 'orgId', in: 'path' }, example: 'org_01jd3x2k9v6c4h8m2n5p7q1r3s' }),
});

// Decimal digits, a minus sign at most: `Number()` alone would also take `0x10`, ` 5`, `1e1`, `0b1`.
const DECIMAL_INTEGER = /^-?[0-9]+$/;

/**
 * An integer query parameter: decimal digits only (a leading minus allowed, bounds permitting),
 * refused with 400 naming the parameter otherwise. An empty value (`limit=`) is no value, like an
 * empty `source=`. Every integer in a query string is read by this one schema.
 *
 * @example
 * limit: queryInteger('limit', { min: 1, max: 200, description: 'Page size.' })
 */
export function queryInteger(name: string, options: { min?: number; max?: number; description: string }) {
  // The operation's bounds first, each ending the checks when it fails: `limit=99999999999999999999999`
  // answers "At most 200." alone, not also the safe-integer bound `int()` holds (which stays the
  // only bound of a parameter without its own).
  let number = z.number();
  if (options.min !== undefined) number = number.min(options.min, { abort: true });
  if (options.max !== undefined) number = number.max(options.max, { abort: true });
  number = number.int();
  return z
    .preprocess((value, ctx) => {
      if (value === undefined || value === '') return undefined;
      if (typeof value === 'string' && DECIMAL_INTEGER.test(value)) return Number(value);
      ctx.addIssue({ code: 'custom', message: 'Expected an integer written in decimal digits, such as 10 or -3.' });
      return undefined;
    }, number.optional())
    .openapi({ param: { name, in: 'query' }, description: options.description });
}

/**
 * A date-time whose offset's `+` was sent unescaped in a URL: the query string reads it as a space
 * (`?from=2026-11-01T09:30:00+05:30` arrives as `2026-11-01T09:30:00 05:30`).
 */
const UNESCAPED_PLUS_OFFSET = /T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)? \d{2}(?::?\d{2})?$/;

/** A date bound in a query string: an ISO-8601 date or a date-time with offset ({@link DateBoundSchema}). */
export const dateQuery = (name: string, description: string) =>
  z
    .string()
    .superRefine((value, ctx) => {
      if (DateBoundSchema.safeParse(value).success) return;
      const message = UNESCAPED_PLUS_OFFSET.test(value)
        ? `${DATE_BOUND_MESSAGE} A "+" in a URL's query string reads as a space: send the offset's "+" as %2B (${value.replace(' ', '%2B')}).`
        : DATE_BOUND_MESSAGE;
      ctx.addIssue({ code: 'custom', message });
    })
    .optional()
    .openapi({ param: { name, in: 'query' }, description, example: '2026-11-01' });

/**
 * What a range's `from` and `to` mean, said once for every operation that takes them (feedback
 * filters, page responses, the audit log; the rule is `instantOfBound`, domain/date-bound.ts).
 */
export const fromBoundDescription = (happened: string) =>
  `${happened} at or after this. A date-time with offset is that instant; a date (2026-11-01) starts at midnight in the organization's time zone (its \`timezone\`).`;
export const toBoundDescription = (happened: string) =>
  `${happened} before this date-time (exclusive), or up to the end of this date: a date (2026-11-01) is that whole day in the organization's time zone, so \`from\` and \`to\` the same date are that one day.`;

export const PageQuery = z.object({
  limit: queryInteger('limit', {
    min: 1,
    max: MAX_PAGE_SIZE,
    description: `Page size (1–${MAX_PAGE_SIZE}, default 50).`,
  }),
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

/**
 * An operation's JSON request body. It must be made by `writeInput()` (domain/write-input.ts), so
 * that every write refuses the members it does not declare: checked here, once for all operations,
 * when the route is defined.
 */
export const jsonBody = <T extends z.ZodType>(schema: T) => {
  if (!refusesUnknownFields(schema)) {
    throw new Error('A request body schema must be made with writeInput(), which refuses unknown fields.');
  }
  return { required: true, content: { 'application/json': { schema } } };
};

/** A JSON body that may be left out (no `Content-Type`): the handler then sees `{}`. */
export const optionalJsonBody = <T extends z.ZodType>(schema: T) => ({ ...jsonBody(schema), required: false });

/**
 * A domain schema (`domain/`, plain zod) ready for `.openapi()`: zod copies its methods onto each
 * schema as it is made, so one made before `@hono/zod-openapi` extended zod lacks the method, and
 * which module loads first depends on the entry point. A clone is made now, rules included.
 *
 * @example
 * const InboxKey = documentable(CollectInputSchema.shape.inboxKey).openapi({ example: 'ibx_…' });
 */
export function documentable<T extends z.ZodType>(schema: T): T {
  return schema.clone();
}

export const SECURITY: Record<string, string[]>[] = [
  { [API_KEY_SECURITY_SCHEME]: [] },
  { BearerAuth: [] },
  { [SESSION_SECURITY_SCHEME]: [] },
];
/** Operations naming no organization a member could act in (`/me`, `/collect`, `/mcp`): an API key only. */
export const KEY_ONLY_SECURITY: Record<string, string[]>[] = [{ [API_KEY_SECURITY_SCHEME]: [] }, { BearerAuth: [] }];
/** Operations of a signed-in user outside an organization: the session cookie only. */
export const SESSION_ONLY_SECURITY: Record<string, string[]>[] = [{ [SESSION_SECURITY_SCHEME]: [] }];

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
