import { isAnswerable, isRating, type Question, recordByQuestionId } from '@hearback/forms';
import { FIELD } from './form-fields.js';

/** A form's fields as name/value pairs, in order (`URLSearchParams`, `FormData` of text fields). */
export type FormEntries = Iterable<readonly [string, string]>;

/**
 * What a page's form says: answers by question id (not yet checked; a record without prototype,
 * so an id such as `__proto__` is an ordinary key), the contact, the captcha.
 */
export interface FormSubmission {
  answers: Record<string, unknown>;
  contact: { name?: string; email?: string };
  captcha: string | undefined;
}

/** An integer from its digits, or the text itself (which the question's schema then refuses). */
function integerOrText(text: string): number | string {
  return /^-?\d+$/.test(text.trim()) ? Number(text) : text;
}

/** A number from its text, or the text itself (which the question's schema then refuses). */
function numberOrText(text: string): number | string {
  const value = Number(text);
  return text.trim() !== '' && Number.isFinite(value) ? value : text;
}

/**
 * A rank-order answer from the position chosen for each option: the option values in position
 * order. A position given twice or left out leaves the list short, which the rank rule refuses;
 * no position at all is no answer.
 */
function rankedValues(question: Question, fields: Map<string, string[]>): string[] | undefined {
  const options = question.options ?? [];
  const ranked: string[] = [];
  let given = 0;
  options.forEach((option, index) => {
    const position = Number(fields.get(FIELD.rank(question.id, index))?.[0] ?? '');
    if (!Number.isInteger(position) || position < 1) return;
    given += 1;
    if (position <= options.length && ranked[position - 1] === undefined) ranked[position - 1] = option.value;
  });
  if (given === 0) return undefined;
  return ranked.filter((value) => value !== undefined);
}

/**
 * Reads a page's form into answers, by question type: ratings as integers, numbers as numbers,
 * multiple choices as lists, rank orders from each option's position, everything else as text.
 * Values that do not convert stay text, so the type's schema names the mistake. Used by the
 * server for forms posted without JavaScript and by the page's script before it submits.
 *
 * @example
 * formAnswers(page.questions, new URLSearchParams('q.nps=9&q.why=Fast'));
 * // { answers: { nps: 9, why: 'Fast' }, contact: {}, captcha: undefined }
 */
export function formAnswers(questions: readonly Question[], entries: FormEntries): FormSubmission {
  const fields = new Map<string, string[]>();
  for (const [name, value] of entries) fields.set(name, [...(fields.get(name) ?? []), value]);
  const first = (name: string) => fields.get(name)?.[0];

  const answers = recordByQuestionId<unknown>();
  for (const question of questions) {
    const values = fields.get(FIELD.answer(question.id)) ?? [];
    let answer: unknown;
    if (question.type === 'rank_order') answer = rankedValues(question, fields);
    else if (question.type === 'multiple_choice') answer = values.length > 0 ? values : undefined;
    else if (values[0] === undefined || values[0].trim() === '') answer = undefined;
    else if (isRating(question.type)) answer = integerOrText(values[0]);
    else if (question.type === 'number') answer = numberOrText(values[0]);
    else if (isAnswerable(question.type)) answer = values[0];
    if (answer !== undefined) answers[question.id] = answer;
  }
  const contact: FormSubmission['contact'] = {};
  const name = first(FIELD.contactName)?.trim();
  const email = first(FIELD.contactEmail)?.trim();
  if (name) contact.name = name;
  if (email) contact.email = email;
  return { answers, contact, captcha: first(FIELD.captcha) || undefined };
}
