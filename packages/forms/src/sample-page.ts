import type { AnswerValue, Question } from './question.js';

/**
 * A page with one question of each of the 16 types, most of them required: for documentation,
 * previews (a builder's, Storybook's) and tests.
 */
export const SAMPLE_QUESTIONS: readonly Question[] = [
  { id: 'intro', type: 'section_header', title: 'About your visit', description: 'A few quick questions.' },
  { id: 'note', type: 'content_block', title: 'Note', description: 'Your answers help us improve.' },
  { id: 'stars', type: 'star_rating', title: 'How many stars?', required: true },
  { id: 'mood', type: 'emoji_rating', title: 'How do you feel?', required: true },
  { id: 'nps', type: 'nps', title: 'How likely are you to recommend us?', required: true },
  { id: 'csat', type: 'csat', title: 'How satisfied are you?', required: true },
  { id: 'summary', type: 'short_text', title: 'One word for us', required: true, maxLength: 40 },
  { id: 'details', type: 'long_text', title: 'Tell us more', description: 'Anything at all.' },
  {
    id: 'plan',
    type: 'single_choice',
    title: 'Which plan are you on?',
    required: true,
    options: [
      { value: 'free', label: 'Free' },
      { value: 'pro', label: 'Pro' },
    ],
  },
  {
    id: 'features',
    type: 'multiple_choice',
    title: 'Which features do you use?',
    required: true,
    options: [
      { value: 'search', label: 'Search' },
      { value: 'export', label: 'Export' },
      { value: 'api', label: 'API' },
    ],
  },
  {
    id: 'country',
    type: 'dropdown',
    title: 'Where are you?',
    required: true,
    options: [
      { value: 'fr', label: 'France' },
      { value: 'de', label: 'Germany' },
    ],
  },
  {
    id: 'priorities',
    type: 'rank_order',
    title: 'Rank what matters',
    required: true,
    options: [
      { value: 'speed', label: 'Speed' },
      { value: 'price', label: 'Price' },
      { value: 'support', label: 'Support' },
    ],
  },
  { id: 'email', type: 'email', title: 'Your work email', required: true },
  { id: 'phone', type: 'phone', title: 'Your phone', required: true },
  { id: 'seats', type: 'number', title: 'How many seats?', required: true, min: 1, max: 1000 },
  { id: 'since', type: 'date', title: 'Customer since', required: true, maxDate: '2030-12-31' },
];

/** Valid answers to every question of {@link SAMPLE_QUESTIONS}, as they are stored (normalised). */
export const SAMPLE_ANSWERS: Readonly<Record<string, AnswerValue>> = {
  stars: 4,
  mood: 5,
  nps: 9,
  csat: 4,
  summary: 'Fast',
  details: 'Great support',
  plan: 'pro',
  features: ['search', 'api'],
  country: 'de',
  priorities: ['support', 'speed', 'price'],
  email: 'ada@example.com',
  phone: '+442079460958',
  seats: 12,
  since: '2024-03-01',
};
