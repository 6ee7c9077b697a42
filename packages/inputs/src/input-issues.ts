import { findMalformedText, printableText } from '@hearback/spec';
import type { z } from 'zod';
import { PLAIN_MESSAGES } from './plain-messages.js';
import { perUnknownField } from './write-input.js';

/** A field a parse refused, and why. */
export interface InputIssue {
  path: readonly PropertyKey[];
  message: string;
}

/** A refused field as the API's problem lists it: its path joined with dots (`issueLink.url`). */
export interface FieldError {
  path: string;
  message: string;
}

/**
 * The schema's issues plus one for every string (or object key) in `value` that is not valid
 * Unicode or holds U+0000: the one place that rule is applied to every input, whatever its target
 * (body, query, path, header), so no schema has to repeat it.
 */
export function inputIssues(value: unknown, schemaIssues: readonly InputIssue[]): InputIssue[] {
  return [...schemaIssues.flatMap(perUnknownField), ...findMalformedText(value)];
}

/**
 * An issue as a problem's field error. Paths and messages can quote the input (a record key); a
 * lone surrogate in them would be echoed, so both are made printable. A path-less issue (a rule
 * across fields) gets `whole`: the server names the request part, a form its own error.
 *
 * @example
 * fieldErrorOf({ path: ['issueLink', 'url'], message: 'Too long' }, 'json'); // { path: 'issueLink.url', … }
 */
export function fieldErrorOf(issue: InputIssue, whole: string): FieldError {
  return {
    path: printableText(issue.path.map(String).join('.')) || whole,
    message: printableText(issue.message),
  };
}

/** What {@link checkInput} finds: the parsed value, or the field errors the server would answer. */
export type InputCheck<Output> = { success: true; data: Output } | { success: false; errors: FieldError[] };

/**
 * Checks `value` as the server checks a request body: the schema (its messages, else the plain
 * ones of plainMessage), then the Unicode rule; the errors are those of the 400 the server would
 * answer (a path-less one has the path `''`).
 *
 * @example
 * checkInput(BrandInputSchema, { name: '' });
 * // { success: false, errors: [{ path: 'name', message: 'Must not be empty.' }] }
 */
export function checkInput<T extends z.ZodType>(schema: T, value: unknown): InputCheck<z.output<T>> {
  const parsed = schema.safeParse(value, PLAIN_MESSAGES);
  const issues = inputIssues(value, parsed.success ? [] : parsed.error.issues);
  if (issues.length === 0 && parsed.success) return { success: true, data: parsed.data };
  return { success: false, errors: issues.map((issue) => fieldErrorOf(issue, '')) };
}
