import { describe, expect, it } from 'vitest';
import { FEEDBACK_TYPES, isFeedbackType, isValidScore, SCORE_RANGES } from './feedback.js';

describe('isFeedbackType', () => {
  it.each(FEEDBACK_TYPES)('accepts %s', (type) => {
    expect(isFeedbackType(type)).toBe(true);
  });

  it.each(['', 'NPS', 'toString', 'constructor', 1, null, undefined])('refuses %j', (value) => {
    expect(isFeedbackType(value)).toBe(false);
  });
});

describe('isValidScore', () => {
  it('takes every integer of the range, and nothing outside it', () => {
    for (const type of FEEDBACK_TYPES) {
      const range = SCORE_RANGES[type];
      if (!range) continue;
      for (let score = range.min; score <= range.max; score++) expect(isValidScore(type, score)).toBe(true);
      for (const score of [range.min - 1, range.max + 1, range.min + 0.5, Number.NaN, null, undefined]) {
        expect(isValidScore(type, score)).toBe(false);
      }
    }
  });

  it('takes no score for text', () => {
    expect(isValidScore('text', null)).toBe(true);
    expect(isValidScore('text', undefined)).toBe(true);
    expect(isValidScore('text', 0)).toBe(false);
  });
});
