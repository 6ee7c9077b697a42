import { findMalformedText, printableText } from '@hearback/mcp';
import type { Hook, z } from '@hono/zod-openapi';
import { ApiError } from '../errors/api-error.js';
import type { AppEnv } from './app-env.js';

interface Issue {
  path: readonly PropertyKey[];
  message: string;
}

/** The issues of a failed zod parse as one 400 problem listing each bad field. */
export function validationFailed(issues: readonly Issue[], target: string): ApiError {
  // Paths and messages can quote the input (a record key); a lone surrogate in them would be echoed.
  const errors = issues.map((issue) => ({
    path: printableText(issue.path.map(String).join('.')) || target,
    message: printableText(issue.message),
  }));
  const where = target === 'json' ? 'request body' : target === 'query' ? 'query string' : target;
  return new ApiError(
    400,
    'validation_failed',
    `The ${where} is invalid: ${errors.map((e) => `${e.path}: ${e.message}`).join('; ')}`,
    { errors },
  );
}

/**
 * The schema's issues plus one for every string (or object key) in `value` that is not valid
 * Unicode: the one place that rule is applied to every input of the REST API, whatever its target
 * (body, query, path, header), so no schema has to repeat it.
 */
function issuesOf(value: unknown, schemaIssues: readonly Issue[]): Issue[] {
  return [...schemaIssues, ...findMalformedText(value)];
}

/**
 * Parses `value` with `schema` and applies the Unicode rule to all of it, as every route's validator does;
 * throws the 400 problem otherwise. For inputs read outside Hono's validators (the `/collect` fast
 * path, the MCP tools' backend).
 *
 * @example
 * const input = parseInput(CollectRequestSchema, JSON.parse(text), 'json');
 */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown, target: string): z.output<T> {
  const parsed = schema.safeParse(value);
  const issues = issuesOf(value, parsed.success ? [] : parsed.error.issues);
  if (issues.length > 0 || !parsed.success) throw validationFailed(issues, target);
  return parsed.data;
}

/**
 * Every validation failure becomes one 400 problem listing each bad field: the schema's issues and
 * text that is not valid Unicode anywhere in the input, members the schema ignores included.
 */
// biome-ignore lint/suspicious/noExplicitAny: the hook is shared by routes of every shape.
export const validationHook: Hook<any, AppEnv, any, any> = async (result, c) => {
  // @hono/zod-validator passes the input as it came in `data` on a failure, as parsed on a success.
  const data = (result as { data?: unknown }).data;
  // A body as it came: Hono hands back the parse the validator made. When the validator read no body
  // (no JSON Content-Type, so the body is empty) it validated `{}`, and so is that checked.
  const value = result.target === 'json' ? await c.req.json().catch(() => data) : data;
  // Query strings, paths and headers cannot carry a lone surrogate over HTTP (they decode to U+FFFD
  // or stay percent-encoded), so their parsed values suffice.
  const issues = issuesOf(value, result.success ? [] : result.error.issues);
  if (issues.length > 0) throw validationFailed(issues, result.target);
};
