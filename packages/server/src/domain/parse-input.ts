import { fieldErrorOf, type InputIssue, inputIssues, PLAIN_MESSAGES } from '@hearback/inputs';
import type { z } from 'zod';
import { ApiError } from '../errors/api-error.js';

export type { InputIssue } from '@hearback/inputs';

/** A validator's target as a person calls that part of a request. */
const WHERE_OF_TARGET: Readonly<Record<string, string>> = {
  json: 'request body',
  form: 'form',
  query: 'query string',
  param: 'path',
  header: 'request header',
};

/** The issues of a failed parse as one 400 problem listing each bad field. */
export function validationFailed(issues: readonly InputIssue[], target: string): ApiError {
  const errors = issues.map((issue) => fieldErrorOf(issue, target));
  const where = WHERE_OF_TARGET[target] ?? target;
  return new ApiError(
    400,
    'validation_failed',
    `The ${where} is invalid: ${errors.map((e) => `${e.path}: ${e.message}`).join('; ')}`,
    { errors },
  );
}

/**
 * Parses `value` with `schema` (its messages, else the plain ones) and applies the Unicode rule to
 * all of it, as every route's validator does; throws the 400 problem otherwise. For inputs read outside Hono's validators (the `/collect`
 * fast path, the MCP tools' backend).
 *
 * @example
 * const input = parseInput(CollectInputSchema, JSON.parse(text), 'json');
 */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown, target: string): z.output<T> {
  const parsed = schema.safeParse(value, PLAIN_MESSAGES);
  const issues = inputIssues(value, parsed.success ? [] : parsed.error.issues);
  if (issues.length > 0 || !parsed.success) throw validationFailed(issues, target);
  return parsed.data;
}
