/**
 * Feedback pages' vocabulary and answer rules: the 16 question types, their limits, and one
 * answer schema per type, used alike by the server on every response and by the public page in
 * the browser (zod/mini, so the page's script stays small).
 */
export {
  type AnswerIssue,
  type AnswersCheck,
  answerSchemaFor,
  checkAnswers,
  isCalendarDate,
  isUnanswered,
  ratingScale,
} from './answers.js';
export { recordByQuestionId, valueOfQuestion } from './by-question-id.js';
export { type ContactCheck, type ContactIssue, checkContact, MAX_CONTACT_NAME_LENGTH } from './contact.js';
export { DEFAULT_PAGE_COLORS, PAGE_COLOR_TOKENS, type PageColorToken, STAR_COLOR } from './page-theme.js';
export {
  CONTACT_REQUIREMENTS,
  type ContactRequirement,
  EMBED_HEIGHT_MESSAGE,
  PAGE_STATES,
  type PageState,
  SLUG_PATTERN,
} from './page-vocabulary.js';
export { normalizePhone } from './phone.js';
export type { AnswerValue, Contact, Question, QuestionOption } from './question.js';
export {
  type AnswerableType,
  CHOICE_TYPES,
  type ChoiceType,
  isAnswerable,
  isChoice,
  isRating,
  LAYOUT_TYPES,
  type LayoutType,
  PAGE_LIMITS,
  QUESTION_MEMBER_TYPES,
  QUESTION_TYPES,
  type QuestionMember,
  type QuestionType,
  RATING_SCALES,
  type RatingType,
  STAR_SCALE_LIMITS,
  TEXT_LIMITS,
  takesMember,
} from './question-types.js';
export { CSAT_WORDS, EMOJI_FACES, EMOJI_WORDS } from './rating-words.js';
export { SAMPLE_ANSWERS, SAMPLE_QUESTIONS } from './sample-page.js';
