import {
  CONTACT_REQUIREMENTS,
  isCalendarDate,
  isChoice,
  PAGE_COLOR_TOKENS,
  PAGE_LIMITS,
  QUESTION_MEMBER_TYPES,
  QUESTION_TYPES,
  type Question,
  STAR_SCALE_LIMITS,
  TEXT_LIMITS,
} from '@hearback/forms';
import { FreeFormContextSchema, isWebhookProtocol, SlugSchema } from '@hearback/inputs';
import { z } from 'zod';
import { AnswersByQuestionIdSchema } from './answers-by-question-id.js';
import { storableText } from './text-input.js';
import { acrossMembers, writeInput } from './write-input.js';

// A page's slug follows the organization's rule (@hearback/inputs).
export { SlugSchema };

const QuestionIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, { message: 'Use 1–64 letters, digits, dashes and underscores.' });

const OptionSchema = writeInput({
  value: storableText({ min: 1, max: PAGE_LIMITS.optionValueLength }),
  label: storableText({ min: 1, max: PAGE_LIMITS.optionLabelLength }),
});

const DateSchema = z.string().refine(isCalendarDate, { message: 'Expected a calendar date as YYYY-MM-DD.' });

/** The rules between a question's members that one member's schema cannot see. */
function questionProblems(question: z.output<typeof QuestionShape>): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  const { type } = question;
  for (const [member, types] of Object.entries(QUESTION_MEMBER_TYPES)) {
    if (question[member as keyof typeof question] !== undefined && !(types as readonly string[]).includes(type))
      problems.push({ path: member, message: `Only ${types.join(', ')} questions take ${member}.` });
  }
  if ((type === 'content_block' || type === 'section_header') && question.required)
    problems.push({ path: 'required', message: 'A layout control takes no answer, so it cannot be required.' });
  const options = question.options ?? [];
  if (isChoice(type)) {
    if (options.length < 2) problems.push({ path: 'options', message: 'A choice question needs at least 2 options.' });
    const values = options.map((option) => option.value);
    values.forEach((value, index) => {
      if (values.indexOf(value) !== index)
        problems.push({ path: `options.${index}.value`, message: `The value ${JSON.stringify(value)} is used twice.` });
    });
  }
  if (question.min !== undefined && question.max !== undefined && question.min > question.max)
    problems.push({ path: 'max', message: 'Must be at least min.' });
  if (type === 'multiple_choice') {
    for (const member of ['min', 'max'] as const) {
      const count = question[member];
      if (count !== undefined && (!Number.isInteger(count) || count < 1 || count > options.length))
        problems.push({ path: member, message: `How many to choose: a whole number from 1 to ${options.length}.` });
    }
  }
  if (type === 'star_rating' && question.max !== undefined) {
    const { min, max } = STAR_SCALE_LIMITS;
    if (!Number.isInteger(question.max) || question.max < min || question.max > max)
      problems.push({ path: 'max', message: `The number of stars: a whole number from ${min} to ${max}.` });
  }
  if (question.minDate !== undefined && question.maxDate !== undefined && question.minDate > question.maxDate)
    problems.push({ path: 'maxDate', message: 'Must be minDate or later.' });
  if ((type === 'short_text' || type === 'long_text') && question.maxLength !== undefined) {
    if (question.maxLength > TEXT_LIMITS[type])
      problems.push({ path: 'maxLength', message: `At most ${TEXT_LIMITS[type]} for ${type}.` });
  }
  return problems;
}

const QuestionShape = writeInput({
  id: QuestionIdSchema.optional().meta({
    description: 'Stable id that answers are keyed by; assigned when left out. Keep it when editing a question.',
  }),
  type: z.enum(QUESTION_TYPES),
  title: storableText({ min: 1, max: PAGE_LIMITS.questionTitleLength }),
  description: storableText({ max: PAGE_LIMITS.descriptionLength }).optional(),
  required: z.boolean().optional(),
  options: z.array(OptionSchema).max(PAGE_LIMITS.options).optional(),
  min: z.number().finite().optional(),
  max: z.number().finite().optional(),
  minDate: DateSchema.optional(),
  maxDate: DateSchema.optional(),
  maxLength: z.number().int().min(1).optional(),
  placeholder: storableText({ max: 200 }).optional(),
});

/** One question of a page, with the rules of its type. */
export const QuestionInputSchema = QuestionShape.superRefine((question, ctx) => {
  for (const problem of questionProblems(question))
    ctx.addIssue({ code: 'custom', path: problem.path.split('.'), message: problem.message });
});

/** A page's questions: ids unique (those left out are assigned by the service). */
export const QuestionsInputSchema = z
  .array(QuestionInputSchema)
  .max(PAGE_LIMITS.questions)
  .superRefine((questions, ctx) => {
    const ids = questions.map((question) => question.id);
    ids.forEach((id, index) => {
      if (id !== undefined && ids.indexOf(id) !== index)
        ctx.addIssue({ code: 'custom', path: [index, 'id'], message: `The id ${id} is used twice.` });
    });
  });

const HttpUrlSchema = z
  .string()
  .max(2048)
  .refine(
    (value) => {
      try {
        return isWebhookProtocol(new URL(value));
      } catch {
        return false;
      }
    },
    { message: 'Expected an absolute http:// or https:// URL.' },
  );

// A token's text becomes a CSS value: characters that could end a declaration are refused.
const CssValueSchema = z
  .string()
  .max(200)
  .regex(/^[^;{}<>\\\n\r]*$/, { message: 'Must not contain ; { } < > \\ or line breaks.' });
// Any subset of the tokens (an enum-keyed z.record would demand all ten); others are refused by name.
const ColorsSchema = writeInput(
  Object.fromEntries(PAGE_COLOR_TOKENS.map((token) => [token, CssValueSchema.optional()])),
);

const PageThemeSchema = writeInput({
  colorScheme: z.enum(['light', 'dark', 'system']).optional(),
  colors: ColorsSchema.optional(),
  radius: z.union([CssValueSchema, z.number().min(0).max(64)]).optional(),
  font: CssValueSchema.optional(),
  fontSize: z.union([CssValueSchema, z.number().min(8).max(40)]).optional(),
  spacing: z.union([CssValueSchema, z.number().min(0).max(64)]).optional(),
  dark: writeInput({ colors: ColorsSchema.optional() }).optional(),
}).meta({
  description:
    'The widget’s theme tokens (colours, radius, font, font size, spacing, dark colours) and the colour scheme (`system` by default).',
});

/** A page's settings as given: every member optional; an update changes only those given. */
export const PageSettingsInputSchema = writeInput({
  theme: PageThemeSchema.optional(),
  logoUrl: HttpUrlSchema.nullable().optional(),
  thankYouMessage: storableText({ min: 1, max: 2_000 }).optional(),
  redirectUrl: HttpUrlSchema.nullable().optional().meta({ description: 'Where to send the browser after submitting.' }),
  anonymous: z.boolean().optional().meta({ description: 'Store no IP address or user agent with responses.' }),
  requireContact: z.enum(CONTACT_REQUIREMENTS).optional(),
  singleSubmission: z.boolean().optional().meta({
    description: 'One response per respondent (a cookie plus a keyed hash of address and agent; best effort).',
  }),
  captcha: z
    .boolean()
    .optional()
    .meta({ description: 'Ask the public page for a proof of work (ALTCHA); default true.' }),
});

const pageMembers = {
  title: storableText({ min: 1, max: PAGE_LIMITS.titleLength }),
  slug: SlugSchema.optional().meta({ description: 'Unique in the organization; from the title when left out.' }),
  description: storableText({ max: PAGE_LIMITS.descriptionLength }).nullable().optional(),
  questions: QuestionsInputSchema.optional(),
  settings: PageSettingsInputSchema.optional(),
};

/** `POST …/feedback-pages`: a new draft. */
export const PageInputSchema = writeInput(pageMembers);
export type PageInput = z.output<typeof PageInputSchema>;

/** `PATCH …/feedback-pages/:id`: the members given change; `questions` replaces the list. */
export const PageUpdateInputSchema = writeInput({
  ...pageMembers,
  title: pageMembers.title.optional(),
}).refine(
  (changes) => Object.values(changes).some((value) => value !== undefined),
  acrossMembers('Give at least one member to change.'),
);
export type PageUpdateInput = z.output<typeof PageUpdateInputSchema>;

/** `POST …/feedback-pages/:id/responses`: answers by question id, checked against the page. */
export const PageResponseInputSchema = writeInput({
  answers: AnswersByQuestionIdSchema.meta({
    description:
      'Answers by question id: ratings and scores integers in range, text strings, choice `value`s, arrays for `multiple_choice` and `rank_order` (every option once), `email`, `phone` (international), `number`, `date` (YYYY-MM-DD).',
  }),
  contact: writeInput({ name: z.string().optional(), email: z.string().optional() })
    .optional()
    .meta({ description: 'The respondent, when the page requires it (`settings.requireContact`).' }),
  context: FreeFormContextSchema.optional(),
});
export type PageResponseInput = z.output<typeof PageResponseInputSchema>;

/** A question as given, before the service assigns the ids left out. */
export type QuestionInput = z.output<typeof QuestionInputSchema>;
export type { Question };
