import type { QuestionType } from './question-types.js';

/** One option of a choice question: `value` is what answers carry, `label` what people read. */
export interface QuestionOption {
  value: string;
  label: string;
}

/**
 * A question of a feedback page, as the API answers it. Members beyond `id`, `type` and `title`
 * apply to some types only (the page's input schema refuses them elsewhere):
 * - `options`: choice types (`single_choice`, `multiple_choice`, `dropdown`, `rank_order`);
 * - `min`/`max`: `number` (bounds of the value), `multiple_choice` (how many to pick),
 *   `star_rating` (`max`: the number of stars);
 * - `minDate`/`maxDate`: `date` (`YYYY-MM-DD`, inclusive);
 * - `maxLength`: `short_text`, `long_text`;
 * - `placeholder`: text, email, phone, number inputs.
 */
export interface Question {
  id: string;
  type: QuestionType;
  title: string;
  description?: string;
  required?: boolean;
  options?: QuestionOption[];
  min?: number;
  max?: number;
  minDate?: string;
  maxDate?: string;
  maxLength?: number;
  placeholder?: string;
}

/** A normalised answer: what a response stores for a question. */
export type AnswerValue = number | string | string[];

/** How a response identifies its respondent, when the page asks (`settings.requireContact`). */
export interface Contact {
  name?: string;
  email?: string;
}
