import type { Question } from '@hearback/forms';
import type { AnsweredResponse } from '../../src/domain/question-breakdown.js';

// A known set of responses to a page with every question type, and the figures worked out by hand:
// the analytics domain test and the analytics route test (both databases) check against them.

const options = (...values: string[]) => values.map((value) => ({ value, label: value.toUpperCase() }));

/** A page with one question of every answerable type, and a layout control. */
export const KNOWN_QUESTIONS: Question[] = [
  { id: 'intro', type: 'section_header', title: 'About you' },
  { id: 'stars', type: 'star_rating', title: 'Rate it' },
  { id: 'mood', type: 'emoji_rating', title: 'Mood' },
  { id: 'nps', type: 'nps', title: 'Recommend us?' },
  { id: 'csat', type: 'csat', title: 'Satisfied?' },
  { id: 'color', type: 'single_choice', title: 'Colour', options: options('red', 'green', 'blue') },
  { id: 'toppings', type: 'multiple_choice', title: 'Toppings', options: options('a', 'b', 'c') },
  { id: 'plan', type: 'dropdown', title: 'Plan', options: options('free', 'pro') },
  { id: 'rank', type: 'rank_order', title: 'Rank', options: options('x', 'y', 'z') },
  { id: 'age', type: 'number', title: 'Age' },
  { id: 'comment', type: 'short_text', title: 'Comment' },
  { id: 'story', type: 'long_text', title: 'Story' },
  { id: 'email', type: 'email', title: 'Email' },
  { id: 'phone', type: 'phone', title: 'Phone' },
  { id: 'when', type: 'date', title: 'When' },
];

/** Four responses whose figures are worked out by hand below. */
export const KNOWN_RESPONSES: AnsweredResponse[] = [
  {
    id: 'resp_1',
    createdAt: '2026-11-01T10:00:00.000Z',
    answers: {
      stars: 5,
      mood: 4,
      nps: 10,
      csat: 5,
      color: 'red',
      toppings: ['a', 'b'],
      plan: 'pro',
      rank: ['x', 'y', 'z'],
      age: 30,
      comment: 'Great',
      email: 'ana@example.com',
      phone: '+14155550100',
      when: '2026-11-01',
    },
  },
  {
    id: 'resp_2',
    createdAt: '2026-11-02T10:00:00.000Z',
    answers: {
      stars: 4,
      nps: 9,
      csat: 4,
      color: 'red',
      toppings: ['b'],
      rank: ['y', 'x', 'z'],
      age: 40,
      comment: '=1+1',
    },
  },
  {
    id: 'resp_3',
    createdAt: '2026-11-03T08:00:00.000Z',
    answers: { stars: 2, nps: 7, csat: 2, color: 'blue', toppings: ['a', 'b', 'c'], rank: ['x', 'z', 'y'], age: -10 },
  },
  {
    // `purple` was an option of an earlier version: left out of the counts.
    id: 'resp_4',
    createdAt: '2026-11-03T12:00:00.000Z',
    answers: { stars: 5, nps: 3, csat: 5, color: 'purple', plan: 'free', comment: 'ok' },
  },
];

/** The breakdowns of {@link KNOWN_RESPONSES}, computed by hand. */
export const KNOWN_BREAKDOWNS = [
  {
    questionId: 'stars',
    type: 'star_rating',
    title: 'Rate it',
    answered: 4,
    // 5, 4, 2, 5
    distribution: [
      { value: 1, count: 0 },
      { value: 2, count: 1 },
      { value: 3, count: 0 },
      { value: 4, count: 1 },
      { value: 5, count: 2 },
    ],
    average: 4,
  },
  {
    questionId: 'mood',
    type: 'emoji_rating',
    title: 'Mood',
    answered: 1,
    distribution: [1, 2, 3, 4, 5].map((value) => ({ value, count: value === 4 ? 1 : 0 })),
    average: 4,
  },
  {
    questionId: 'nps',
    type: 'nps',
    title: 'Recommend us?',
    answered: 4,
    // 10, 9, 7, 3: two promoters, one passive, one detractor → (2 − 1) / 4 = 25; mean 29 / 4.
    distribution: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((value) => ({
      value,
      count: [10, 9, 7, 3].includes(value) ? 1 : 0,
    })),
    average: 7.25,
    nps: { score: 25, responses: 4, promoters: 2, passives: 1, detractors: 1 },
  },
  {
    questionId: 'csat',
    type: 'csat',
    title: 'Satisfied?',
    answered: 4,
    // 5, 4, 2, 5: three of four are 4–5.
    distribution: [1, 2, 3, 4, 5].map((value) => ({ value, count: { 2: 1, 4: 1, 5: 2 }[value] ?? 0 })),
    average: 4,
    csat: { score: 75, responses: 4, satisfied: 3 },
  },
  {
    questionId: 'color',
    type: 'single_choice',
    title: 'Colour',
    answered: 3,
    options: [
      { value: 'red', label: 'RED', count: 2 },
      { value: 'green', label: 'GREEN', count: 0 },
      { value: 'blue', label: 'BLUE', count: 1 },
    ],
  },
  {
    questionId: 'toppings',
    type: 'multiple_choice',
    title: 'Toppings',
    answered: 3,
    options: [
      { value: 'a', label: 'A', count: 2 },
      { value: 'b', label: 'B', count: 3 },
      { value: 'c', label: 'C', count: 1 },
    ],
  },
  {
    questionId: 'plan',
    type: 'dropdown',
    title: 'Plan',
    answered: 2,
    options: [
      { value: 'free', label: 'FREE', count: 1 },
      { value: 'pro', label: 'PRO', count: 1 },
    ],
  },
  {
    questionId: 'rank',
    type: 'rank_order',
    title: 'Rank',
    answered: 3,
    // x: 1, 2, 1 → 1.33; y: 2, 1, 3 → 2; z: 3, 3, 2 → 2.67.
    ranks: [
      { value: 'x', label: 'X', averageRank: 1.33 },
      { value: 'y', label: 'Y', averageRank: 2 },
      { value: 'z', label: 'Z', averageRank: 2.67 },
    ],
  },
  { questionId: 'age', type: 'number', title: 'Age', answered: 3, average: 20, min: -10, max: 40 },
  {
    questionId: 'comment',
    type: 'short_text',
    title: 'Comment',
    answered: 3,
    recentAnswers: [
      { responseId: 'resp_4', answer: 'ok', createdAt: '2026-11-03T12:00:00.000Z' },
      { responseId: 'resp_2', answer: '=1+1', createdAt: '2026-11-02T10:00:00.000Z' },
      { responseId: 'resp_1', answer: 'Great', createdAt: '2026-11-01T10:00:00.000Z' },
    ],
  },
  { questionId: 'story', type: 'long_text', title: 'Story', answered: 0, recentAnswers: [] },
  { questionId: 'email', type: 'email', title: 'Email', answered: 1 },
  { questionId: 'phone', type: 'phone', title: 'Phone', answered: 1 },
  { questionId: 'when', type: 'date', title: 'When', answered: 1 },
];
