import { ApiProblem } from '../api/client.js';

/**
 * How a failed mutation shows on its form: the problem's field errors beside their fields
 * (`<Form validationErrors>`, keyed by the field's `name` = the API's path), anything else as one
 * message above the form.
 *
 * @example
 * const { validationErrors, formError } = problemFeedback(create.error);
 */
export function problemFeedback(error: unknown): { validationErrors: Record<string, string>; formError: string } {
  if (!error) return { validationErrors: {}, formError: '' };
  if (!(error instanceof ApiProblem)) return { validationErrors: {}, formError: 'The server could not be reached.' };
  const fields = error.fieldErrors();
  return { validationErrors: Object.fromEntries(fields), formError: fields.size === 0 ? error.message : '' };
}
