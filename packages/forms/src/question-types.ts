import { SCORE_RANGES, type ScoreRange } from '@hearback/spec';

/**
 * The 16 question types of a feedback page, in the order a builder offers them. The last two are
 * layout controls: they show text and take no answer.
 */
export const QUESTION_TYPES = [
  'star_rating',
  'emoji_rating',
  'nps',
  'csat',
  'short_text',
  'long_text',
  'single_choice',
  'multiple_choice',
  'dropdown',
  'rank_order',
  'email',
  'phone',
  'number',
  'date',
  'content_block',
  'section_header',
] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** Layout controls: shown on the page, never answered, never required. */
export const LAYOUT_TYPES = ['content_block', 'section_header'] as const satisfies readonly QuestionType[];
export type LayoutType = (typeof LAYOUT_TYPES)[number];
export type AnswerableType = Exclude<QuestionType, LayoutType>;

/** Types whose answer is one or more of the question's `options`. */
export const CHOICE_TYPES = [
  'single_choice',
  'multiple_choice',
  'dropdown',
  'rank_order',
] as const satisfies readonly QuestionType[];
export type ChoiceType = (typeof CHOICE_TYPES)[number];

/**
 * The rating types and their integer scale: the same ranges as the feedback types of `/collect`
 * (`stars`, `emoji`, `nps`, `csat`), so a page's ratings read like the widget's. A star rating may
 * ask on a shorter or longer scale (`max` from 3 to 10).
 */
export const RATING_SCALES = {
  star_rating: SCORE_RANGES.stars as ScoreRange,
  emoji_rating: SCORE_RANGES.emoji as ScoreRange,
  nps: SCORE_RANGES.nps as ScoreRange,
  csat: SCORE_RANGES.csat as ScoreRange,
} as const satisfies Partial<Record<QuestionType, ScoreRange>>;
export type RatingType = keyof typeof RATING_SCALES;

/** The shortest and longest scale a `star_rating` may set with `max`. */
export const STAR_SCALE_LIMITS: ScoreRange = { min: 3, max: 10 };

/** The longest answer of each text type (UTF-16 code units), unless the question sets a lower `maxLength`. */
export const TEXT_LIMITS = { short_text: 500, long_text: 5_000 } as const;

/** Bounds of a page's structure. */
export const PAGE_LIMITS = {
  questions: 100,
  options: 50,
  titleLength: 200,
  questionTitleLength: 500,
  descriptionLength: 5_000,
  optionLabelLength: 200,
  optionValueLength: 100,
} as const;

/**
 * The optional members of a question and the types that take them (the page's write schema
 * refuses them on the others): `options` for the choice types, `min`/`max` as bounds (`number`),
 * picks (`multiple_choice`) or stars (`star_rating`, `max` only), dates, text length, placeholder.
 */
export const QUESTION_MEMBER_TYPES = {
  options: CHOICE_TYPES,
  min: ['number', 'multiple_choice'],
  max: ['number', 'multiple_choice', 'star_rating'],
  minDate: ['date'],
  maxDate: ['date'],
  maxLength: ['short_text', 'long_text'],
  placeholder: ['short_text', 'long_text', 'email', 'phone', 'number'],
} as const satisfies Record<string, readonly QuestionType[]>;
export type QuestionMember = keyof typeof QUESTION_MEMBER_TYPES;

/** Whether a question of `type` takes the optional `member` (see {@link QUESTION_MEMBER_TYPES}). */
export function takesMember(type: QuestionType, member: QuestionMember): boolean {
  return (QUESTION_MEMBER_TYPES[member] as readonly QuestionType[]).includes(type);
}

/** Whether a question of this type takes an answer (every type but the layout controls). */
export function isAnswerable(type: QuestionType): type is AnswerableType {
  return !(LAYOUT_TYPES as readonly string[]).includes(type);
}

/** Whether a question of this type answers with its options. */
export function isChoice(type: QuestionType): type is ChoiceType {
  return (CHOICE_TYPES as readonly string[]).includes(type);
}

/** Whether this type is a rating on an integer scale. */
export function isRating(type: QuestionType): type is RatingType {
  return type in RATING_SCALES;
}
