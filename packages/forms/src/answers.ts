import * as z from 'zod/mini';
import { recordByQuestionId, valueOfQuestion } from './by-question-id.js';
import { normalizePhone } from './phone.js';
import type { AnswerValue, Question } from './question.js';
import { isAnswerable, RATING_SCALES, type RatingType, TEXT_LIMITS } from './question-types.js';

/** A `YYYY-MM-DD` calendar date (not only the shape: `2026-02-30` is refused). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** The scale a rating question asks on: its type's, with a star rating's own `max`. */
export function ratingScale(question: Question & { type: RatingType }): { min: number; max: number } {
  const scale = RATING_SCALES[question.type];
  return question.type === 'star_rating' && question.max !== undefined ? { min: scale.min, max: question.max } : scale;
}

const optionValues = (question: Question): string[] => (question.options ?? []).map((option) => option.value);
const listed = (values: string[]): string => values.map((value) => JSON.stringify(value)).join(', ');
/** The options as the respondent reads them (their labels), for the messages a respondent sees. */
const listedLabels = (question: Question): string =>
  (question.options ?? []).map((option) => `“${option.label}”`).join(', ');

function ratingSchema(question: Question & { type: RatingType }) {
  const { min, max } = ratingScale(question);
  const error = `Choose a whole number from ${min} to ${max}.`;
  return z.int({ error }).check(z.minimum(min, { error }), z.maximum(max, { error }));
}

function textSchema(question: Question & { type: keyof typeof TEXT_LIMITS }) {
  const max = Math.min(question.maxLength ?? TEXT_LIMITS[question.type], TEXT_LIMITS[question.type]);
  return z.string({ error: 'Expected text.' }).check(z.maxLength(max, { error: `Must be at most ${max} characters.` }));
}

function oneOfSchema(question: Question) {
  const values = optionValues(question);
  return z.enum(values as [string, ...string[]], { error: `Choose one of: ${listedLabels(question)}.` });
}

function manyOfSchema(question: Question) {
  const values = optionValues(question);
  const min = question.min ?? 1;
  const max = question.max ?? values.length;
  return z.array(oneOfSchema(question), { error: `Expected a list of option values (${listed(values)}).` }).check(
    z.refine((picked) => new Set(picked).size === picked.length, { error: 'Each option may be chosen once.' }),
    z.minLength(min, { error: `Choose at least ${min}.` }),
    z.maxLength(max, { error: `Choose at most ${max}.` }),
  );
}

function rankSchema(question: Question) {
  const values = optionValues(question);
  return z.array(z.string(), { error: `Expected every option value in your order (${listed(values)}).` }).check(
    z.refine((ranked) => ranked.length === values.length && values.every((value) => ranked.includes(value)), {
      error: `Rank every option exactly once: ${listedLabels(question)}.`,
    }),
  );
}

function phoneSchema() {
  return z.pipe(
    z.string({ error: 'Expected a phone number as text.' }),
    z.transform((input, context) => {
      const phone = normalizePhone(input);
      if (phone) return phone;
      context.issues.push({
        code: 'custom',
        input,
        message: 'Enter an international number with its country code, such as +44 20 7946 0958.',
      });
      return z.NEVER;
    }),
  );
}

function numberSchema(question: Question) {
  const bounds = [
    ...(question.min !== undefined ? [z.gte(question.min, { error: `Must be at least ${question.min}.` })] : []),
    ...(question.max !== undefined ? [z.lte(question.max, { error: `Must be at most ${question.max}.` })] : []),
  ];
  return z.number({ error: 'Expected a number.' }).check(...bounds);
}

function dateSchema(question: Question) {
  const { minDate, maxDate } = question;
  // ISO dates compare as strings.
  return z.string({ error: 'Expected a date as YYYY-MM-DD.' }).check(
    z.refine(isCalendarDate, { error: 'Expected a calendar date as YYYY-MM-DD.' }),
    z.refine((date) => minDate === undefined || date >= minDate, { error: `Must be ${minDate} or later.` }),
    z.refine((date) => maxDate === undefined || date <= maxDate, { error: `Must be ${maxDate} or earlier.` }),
  );
}

/**
 * The schema of one question's answer: the one rule of each type, used by the server on every
 * response and by the public page in the browser. Its output is the normalised value stored (an
 * E.164 phone number, a trimmed email address). `null` for the layout controls, which take none.
 *
 * @example
 * answerSchemaFor({ id: 'q1', type: 'nps', title: 'How likely…' }).safeParse(11).success; // false
 */
export function answerSchemaFor(question: Question): z.ZodMiniType<AnswerValue, unknown> | null {
  switch (question.type) {
    case 'star_rating':
    case 'emoji_rating':
    case 'nps':
    case 'csat':
      return ratingSchema(question as Question & { type: RatingType });
    case 'short_text':
    case 'long_text':
      return textSchema(question as Question & { type: keyof typeof TEXT_LIMITS });
    case 'single_choice':
    case 'dropdown':
      return oneOfSchema(question);
    case 'multiple_choice':
      return manyOfSchema(question);
    case 'rank_order':
      return rankSchema(question);
    case 'email':
      return z.pipe(
        z.string({ error: 'Expected an email address.' }).check(z.trim()),
        z.email({ error: 'Enter an email address such as name@example.com.' }),
      );
    case 'phone':
      return phoneSchema();
    case 'number':
      return numberSchema(question);
    case 'date':
      return dateSchema(question);
    case 'content_block':
    case 'section_header':
      return null;
  }
}

/** An answer left out: absent, `null`, blank text or an empty list. */
export function isUnanswered(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

/** Why one question's answer was refused. */
export interface AnswerIssue {
  questionId: string;
  message: string;
}

export type AnswersCheck =
  | { success: true; answers: Record<string, AnswerValue> }
  | { success: false; issues: AnswerIssue[] };

/**
 * Checks a response's answers against the page's questions: every answer valid for its type,
 * every required question answered, no answer to a question the page does not ask (or to a layout
 * control). Returns the normalised answers (a record without prototype, so any id is an ordinary
 * key: see by-question-id.ts), or one issue per question at fault, in page order.
 *
 * @example
 * checkAnswers(page.questions, { q1: 9, q2: 'Fast checkout' });
 */
export function checkAnswers(questions: readonly Question[], given: Readonly<Record<string, unknown>>): AnswersCheck {
  const issues: AnswerIssue[] = [];
  const answers = recordByQuestionId<AnswerValue>();
  for (const question of questions) {
    const value = valueOfQuestion(given, question.id);
    const schema = answerSchemaFor(question);
    if (!schema) continue;
    if (isUnanswered(value)) {
      if (question.required) issues.push({ questionId: question.id, message: 'This question is required.' });
      continue;
    }
    const parsed = schema.safeParse(value);
    if (parsed.success) answers[question.id] = parsed.data;
    else issues.push({ questionId: question.id, message: parsed.error.issues[0]?.message ?? 'Invalid answer.' });
  }
  for (const id of Object.keys(given)) {
    const question = questions.find((candidate) => candidate.id === id);
    if (!question) issues.push({ questionId: id, message: 'The page has no question with this id.' });
    else if (!isAnswerable(question.type) && !isUnanswered(valueOfQuestion(given, id)))
      issues.push({ questionId: id, message: 'This is a layout control; it takes no answer.' });
  }
  return issues.length > 0 ? { success: false, issues } : { success: true, answers };
}
