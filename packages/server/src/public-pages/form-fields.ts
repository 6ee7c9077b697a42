/**
 * The names of the public page's form fields: one place for the server's renderer and form
 * reader and the browser script. Browser-safe (no Node imports).
 */
export const FIELD = {
  /** A question's answer: one field, or one per ticked box of a multiple choice. */
  answer: (questionId: string) => `q.${questionId}`,
  /** The position given to a rank-order question's option (by its index in the options). */
  rank: (questionId: string, optionIndex: number) => `r.${questionId}.${optionIndex}`,
  contactName: 'contact.name',
  contactEmail: 'contact.email',
  /** The solved ALTCHA challenge (base64 of `{ challenge, solution }`). */
  captcha: 'altcha',
} as const;

/** The element id of a question's control (or of its fieldset), for labels and error links. */
export const controlId = (questionId: string) => `q-${questionId}`;
/** The element id of a question's error message, named by `aria-describedby`. */
export const errorId = (questionId: string) => `q-${questionId}-error`;
/** The element id of a question's description, named by `aria-describedby`. */
export const descriptionId = (questionId: string) => `q-${questionId}-description`;
