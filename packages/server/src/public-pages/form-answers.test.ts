import { checkAnswers, type Question } from '@hearback/forms';
import { describe, expect, it } from 'vitest';
import { formAnswers } from './form-answers.js';

const RANK: Question = {
  id: 'rank',
  type: 'rank_order',
  title: 'Rank',
  options: [
    { value: 'a', label: 'A' },
    { value: 'b', label: 'B' },
    { value: 'c', label: 'C' },
  ],
};
const questions: Question[] = [
  { id: 'nps', type: 'nps', title: 'Score' },
  { id: 'seats', type: 'number', title: 'Seats' },
  { id: 'many', type: 'multiple_choice', title: 'Many', options: RANK.options ?? [] },
  { id: 'words', type: 'short_text', title: 'Words' },
  { id: 'intro', type: 'section_header', title: 'Intro' },
  RANK,
];
const read = (query: string) => formAnswers(questions, new URLSearchParams(query));

describe('formAnswers', () => {
  it('reads each type: ratings as integers, numbers as numbers, choices as lists, ranks in position order', () => {
    expect(read('q.nps=9&q.seats=2.5&q.many=a&q.many=c&q.words=Hi&r.rank.0=3&r.rank.1=1&r.rank.2=2')).toEqual({
      answers: { nps: 9, seats: 2.5, many: ['a', 'c'], words: 'Hi', rank: ['b', 'c', 'a'] },
      contact: {},
      captcha: undefined,
    });
  });

  it('leaves out blank fields and layout controls, so required questions read as unanswered', () => {
    expect(read('q.nps=&q.words=&q.intro=x&r.rank.0=&contact.email=%20').answers).toEqual({});
  });

  it('keeps text that does not convert, so the type’s schema names the mistake', () => {
    const { answers } = read('q.nps=nine&q.seats=lots');
    expect(answers).toEqual({ nps: 'nine', seats: 'lots' });
    const check = checkAnswers(questions, answers);
    expect(check.success ? [] : check.issues.map((issue) => issue.questionId)).toEqual(['nps', 'seats']);
  });

  it('makes a rank order with a position given twice or left out fail the rank rule', () => {
    for (const query of [
      'r.rank.0=1&r.rank.1=1&r.rank.2=2',
      'r.rank.0=1&r.rank.1=2',
      'r.rank.0=1&r.rank.1=2&r.rank.2=9',
    ]) {
      const check = checkAnswers([RANK], read(query).answers);
      expect(check.success, query).toBe(false);
    }
  });

  it('reads the contact, trimmed, and the captcha payload', () => {
    expect(read('contact.name=%20Ada%20&contact.email=ada%40example.com&altcha=abc')).toMatchObject({
      contact: { name: 'Ada', email: 'ada@example.com' },
      captcha: 'abc',
    });
  });
});
