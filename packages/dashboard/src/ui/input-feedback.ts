import { checkInput } from '@hearback/inputs';
import type { z } from 'zod';

/** What a form shows: field errors by field name (= the API's path) and one message above it. */
export interface FormFeedback {
  validationErrors: Record<string, string>;
  formError: string;
}

/**
 * The errors the server would answer for `body`, shaped as `problemFeedback` shapes the server's:
 * each field's first error under its path, rules across fields as the form's message. Undefined
 * when the server's schema accepts the body.
 *
 * @example
 * inputFeedback(BrandInputSchema, { name: '' }); // { validationErrors: { name: 'Must not be empty.' }, formError: '' }
 */
export function inputFeedback(schema: z.ZodType, body: unknown): FormFeedback | undefined {
  const check = checkInput(schema, body);
  if (check.success) return undefined;
  const validationErrors: Record<string, string> = {};
  const formErrors: string[] = [];
  for (const { path, message } of check.errors) {
    if (path === '') formErrors.push(message);
    else validationErrors[path] ??= message;
  }
  return { validationErrors, formError: formErrors.join(' ') };
}
