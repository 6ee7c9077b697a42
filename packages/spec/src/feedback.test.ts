import { describe, expect, it } from 'vitest';
import {
  FEEDBACK_TYPES,
  isFeedbackType,
  isValidScore,
  MAX_TAG_LENGTH,
  normalizeTag,
  SCORE_RANGES,
  tagProblem,
  tagSet,
} from './feedback.js';

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

describe('tags', () => {
  it('normalizes case and whitespace, so spellings of one tag are one', () => {
    expect(normalizeTag('  Billing \t\n Issue ')).toBe('billing issue');
    expect(normalizeTag('BUG')).toBe(normalizeTag('bug'));
    expect(normalizeTag('cafe\u0301')).toBe('café');
  });

  it('takes 1 to 32 characters without control characters', () => {
    expect(tagProblem('a')).toBeUndefined();
    expect(tagProblem('x'.repeat(MAX_TAG_LENGTH))).toBeUndefined();
    expect(tagProblem('😀'.repeat(MAX_TAG_LENGTH))).toBeUndefined();
    expect(tagProblem(normalizeTag('   '))).toBe('Must not be empty.');
    expect(tagProblem('x'.repeat(MAX_TAG_LENGTH + 1))).toBe('At most 32 characters.');
    expect(tagProblem('a\u0007b')).toBe('Must not contain control characters.');
    expect(tagProblem('a\u0085b')).toBe('Must not contain control characters.');
  });

  it('collapses duplicates after normalization and sorts the set', () => {
    expect(tagSet(['Bug', 'billing', ' bug '])).toEqual(['billing', 'bug']);
    expect(tagSet([])).toEqual([]);
  });
});
