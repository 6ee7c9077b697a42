import { findMalformedText, printableText } from '@hearback/spec';
import type { z } from 'zod';
import { ApiError } from '../errors/api-error.js';
import { perUnknownField } from './write-input.js';

/** A field a parse refused, and why. */
export interface InputIssue {
  path: readonly PropertyKey[];
  message: string;
}

/** The issues of a failed parse as one 400 problem listing each bad field. */
export function validationFailed(issues: readonly InputIssue[], target: string): ApiError {
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
 * Unicode: the one place that rule is applied to every input, whatever its target (body, query,
 * path, header), so no schema has to repeat it.
 */
export function issuesOf(value: unknown, schemaIssues: readonly InputIssue[]): InputIssue[] {
  return [...schemaIssues.flatMap(perUnknownField), ...findMalformedText(value)];
}

/**
 * Parses `value` with `schema` and applies the Unicode rule to all of it, as every route's validator
 * does; throws the 400 problem otherwise. For inputs read outside Hono's validators (the `/collect`
 * fast path, the MCP tools' backend).
 *
 * @example
 * const input = parseInput(CollectInputSchema, JSON.parse(text), 'json');
 */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown, target: string): z.output<T> {
  const parsed = schema.safeParse(value);
  const issues = issuesOf(value, parsed.success ? [] : parsed.error.issues);
  if (issues.length > 0 || !parsed.success) throw validationFailed(issues, target);
  return parsed.data;
}
