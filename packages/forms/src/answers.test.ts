import { describe, expect, it } from 'vitest';
import { checkAnswers } from './answers.js';
import type { Question } from './question.js';
import { QUESTION_TYPES, type QuestionType } from './question-types.js';

const options = [
  { value: 'speed', label: 'Speed' },
  { value: 'price', label: 'Price' },
  { value: 'support', label: 'Support' },
];

/** One question of each type, with the rules each type takes. */
const QUESTIONS: Record<QuestionType, Question> = {
  star_rating: { id: 'stars', type: 'star_rating', title: 'Stars' },
  emoji_rating: { id: 'emoji', type: 'emoji_rating', title: 'Mood' },
  nps: { id: 'nps', type: 'nps', title: 'Recommend?' },
  csat: { id: 'csat', type: 'csat', title: 'Satisfied?' },
  short_text: { id: 'short', type: 'short_text', title: 'One line', maxLength: 10 },
  long_text: { id: 'long', type: 'long_text', title: 'Tell us' },
  single_choice: { id: 'single', type: 'single_choice', title: 'Pick one', options },
  multiple_choice: { id: 'multi', type: 'multiple_choice', title: 'Pick some', options, max: 2 },
  dropdown: { id: 'drop', type: 'dropdown', title: 'Choose', options },
  rank_order: { id: 'rank', type: 'rank_order', title: 'Rank', options },
  email: { id: 'email', type: 'email', title: 'Email' },
  phone: { id: 'phone', type: 'phone', title: 'Phone' },
  number: { id: 'number', type: 'number', title: 'Seats', min: 1, max: 500 },
  date: { id: 'date', type: 'date', title: 'When', minDate: '2026-01-01', maxDate: '2026-12-31' },
  content_block: { id: 'intro', type: 'content_block', title: 'Thanks for your time' },
  section_header: { id: 'part2', type: 'section_header', title: 'About you' },
};

/** Per type: answers accepted (with what is stored) and answers refused. */
const CASES: Record<
  Exclude<QuestionType, 'content_block' | 'section_header'>,
  { valid: [unknown, unknown][]; invalid: unknown[] }
> = {
  star_rating: {
    valid: [
      [1, 1],
      [5, 5],
    ],
    invalid: [0, 6, 4.5, '4'],
  },
  emoji_rating: { valid: [[3, 3]], invalid: [0, 6] },
  nps: {
    valid: [
      [0, 0],
      [10, 10],
    ],
    invalid: [-1, 11, 9.5],
  },
  csat: { valid: [[1, 1]], invalid: [0, 6] },
  short_text: { valid: [['Fast', 'Fast']], invalid: ['x'.repeat(11), 3, ['a']] },
  long_text: { valid: [['Line one\nline two', 'Line one\nline two']], invalid: ['x'.repeat(5_001)] },
  single_choice: { valid: [['price', 'price']], invalid: ['Price', 'other', ['price']] },
  multiple_choice: {
    valid: [
      [
        ['speed', 'support'],
        ['speed', 'support'],
      ],
    ],
    invalid: [['speed', 'speed'], ['speed', 'price', 'support'], ['nope'], 'speed'],
  },
  dropdown: { valid: [['support', 'support']], invalid: ['nope'] },
  rank_order: {
    valid: [
      [
        ['support', 'speed', 'price'],
        ['support', 'speed', 'price'],
      ],
    ],
    invalid: [['speed', 'price'], ['speed', 'price', 'price'], ['speed', 'price', 'support', 'extra'], 'speed'],
  },
  email: { valid: [[' ada@example.com ', 'ada@example.com']], invalid: ['ada', 'ada@', 42] },
  phone: {
    valid: [
      ['+44 20 7946 0958', '+442079460958'],
      ['0049 (151) 234-567', '+49151234567'],
    ],
    invalid: ['020 7946 0958', '+0 123 456 789', 'call me'],
  },
  number: {
    valid: [
      [1, 1],
      [12.5, 12.5],
    ],
    invalid: [0, 501, '12', Number.NaN],
  },
  date: { valid: [['2026-02-28', '2026-02-28']], invalid: ['2026-02-30', '28/02/2026', '2025-12-31', '2027-01-01'] },
};

describe('checkAnswers, per question type', () => {
  it('has a case for every answerable type', () => {
    expect(Object.keys(QUESTIONS)).toEqual([...QUESTION_TYPES]);
  });

  for (const [type, { valid, invalid }] of Object.entries(CASES)) {
    const question = QUESTIONS[type as QuestionType];
    it(`${type}: accepts ${valid.length} and normalises; refuses ${invalid.length} naming the question`, () => {
      for (const [given, stored] of valid) {
        expect(checkAnswers([question], { [question.id]: given }), JSON.stringify(given)).toEqual({
          success: true,
          answers: { [question.id]: stored },
        });
      }
      for (const given of invalid) {
        const check = checkAnswers([question], { [question.id]: given });
        expect(check.success, JSON.stringify(given)).toBe(false);
        if (!check.success) {
          expect(check.issues).toHaveLength(1);
          expect(check.issues[0]?.questionId).toBe(question.id);
          expect(check.issues[0]?.message).not.toBe('Invalid input');
        }
      }
    });
  }
});

describe('checkAnswers, required and unknown questions', () => {
  const required: Question[] = [
    { id: 'nps', type: 'nps', title: 'Recommend?', required: true },
    { id: 'why', type: 'long_text', title: 'Why?', required: true },
    { id: 'extra', type: 'short_text', title: 'Anything else?' },
  ];

  it('names every required question left out, blank text and empty lists included', () => {
    const check = checkAnswers(required, { why: '   ' });
    expect(check).toEqual({
      success: false,
      issues: [
        { questionId: 'nps', message: 'This question is required.' },
        { questionId: 'why', message: 'This question is required.' },
      ],
    });
  });

  it('leaves an optional question out of the stored answers when blank', () => {
    expect(checkAnswers(required, { nps: 9, why: 'Speed', extra: '' })).toEqual({
      success: true,
      answers: { nps: 9, why: 'Speed' },
    });
  });

  it('refuses answers to questions the page does not ask, and to layout controls', () => {
    const check = checkAnswers([QUESTIONS.content_block, QUESTIONS.nps], { intro: 'hi', nps: 3, ghost: 1 });
    expect(check.success).toBe(false);
    if (!check.success) expect(check.issues.map((issue) => issue.questionId)).toEqual(['intro', 'ghost']);
  });
});

describe('checkAnswers, ids named like Object.prototype members', () => {
  // Legitimate author-chosen ids that a plain `{}` would answer from its prototype.
  const questions: Question[] = [
    { id: 'constructor', type: 'short_text', title: 'Constructor' },
    { id: 'toString', type: 'number', title: 'To string' },
    { id: '__proto__', type: 'short_text', title: 'Proto' },
    { id: 'hasOwnProperty', type: 'nps', title: 'Recommend?', required: true },
  ];

  it('passes optional ones left blank', () => {
    const check = checkAnswers(questions, { hasOwnProperty: 7 });
    expect(check).toEqual({ success: true, answers: { hasOwnProperty: 7 } });
    if (check.success) expect(Object.keys(check.answers)).toEqual(['hasOwnProperty']);
  });

  it('says a required one left out is required', () => {
    expect(checkAnswers(questions, {})).toEqual({
      success: false,
      issues: [{ questionId: 'hasOwnProperty', message: 'This question is required.' }],
    });
  });

  it('keeps an answer to `__proto__` as an ordinary answer', () => {
    // As JSON.parse makes it: `__proto__` an own member, not the prototype.
    const given = JSON.parse('{"__proto__": "Fine", "constructor": "Also fine", "hasOwnProperty": 9}');
    const check = checkAnswers(questions, given);
    expect(check.success).toBe(true);
    if (!check.success) return;
    expect(Object.entries(check.answers)).toEqual([
      ['constructor', 'Also fine'],
      ['__proto__', 'Fine'],
      ['hasOwnProperty', 9],
    ]);
    expect(JSON.parse(JSON.stringify(check.answers))).toEqual(given);
  });
});

describe('checkAnswers, messages a respondent reads', () => {
  it('names options by their labels, not their values', () => {
    const labelled = [
      { value: 'speed', label: 'Speed' },
      { value: 'ux', label: 'UX' },
    ];
    const check = checkAnswers(
      [
        { id: 'rank', type: 'rank_order', title: 'Rank', options: labelled },
        { id: 'pick', type: 'single_choice', title: 'Pick', options: labelled },
      ],
      { rank: ['speed'], pick: 'other' },
    );
    expect(check).toEqual({
      success: false,
      issues: [
        { questionId: 'rank', message: 'Rank every option exactly once: “Speed”, “UX”.' },
        { questionId: 'pick', message: 'Choose one of: “Speed”, “UX”.' },
      ],
    });
  });
});

describe('the sample page', () => {
  it('asks every type once, and its sample answers pass as stored', async () => {
    const { SAMPLE_ANSWERS, SAMPLE_QUESTIONS } = await import('./sample-page.js');
    expect(new Set(SAMPLE_QUESTIONS.map((question) => question.type)).size).toBe(QUESTION_TYPES.length);
    expect(checkAnswers(SAMPLE_QUESTIONS, SAMPLE_ANSWERS)).toEqual({ success: true, answers: SAMPLE_ANSWERS });
  });
});
