import type { QuestionType } from '@hearback/forms';

/** How the builder names each question type (every type named: the record's keys are checked). */
export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  star_rating: 'Star rating',
  emoji_rating: 'Emoji rating',
  nps: 'Net Promoter Score (0–10)',
  csat: 'Satisfaction (CSAT, 1–5)',
  short_text: 'Short text',
  long_text: 'Long text',
  single_choice: 'Single choice',
  multiple_choice: 'Multiple choice',
  dropdown: 'Dropdown',
  rank_order: 'Rank order',
  email: 'Email address',
  phone: 'Phone number',
  number: 'Number',
  date: 'Date',
  content_block: 'Text block (no answer)',
  section_header: 'Section heading (no answer)',
};
