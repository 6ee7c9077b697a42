import { describe, expect, it } from 'vitest';
import { queryTerms, termsToMatch } from './query-terms.js';

describe('queryTerms', () => {
  it('lower-cases, drops stop words and repeats, keeps codes whole', () => {
    expect(queryTerms('Why does ERR_42 show up when I export? Export!')).toEqual(['err_42', 'show', 'export']);
  });

  it('drops contractions whole and keeps the word of a possessive', () => {
    expect(queryTerms("I can't log in, the customer’s 2FA doesn't work")).toEqual(['log', 'customer', '2fa', 'work']);
  });

  it('leaves no query syntax in the terms', () => {
    expect(queryTerms('"photo" OR upload* -crash NEAR(a b) col:x')).toEqual([
      'photo',
      'upload',
      'crash',
      'near',
      'b',
      'col',
      'x',
    ]);
    expect(queryTerms('?!* ()')).toEqual([]);
  });

  it('keeps at most 32 terms', () => {
    const words = Array.from({ length: 40 }, (_, index) => `word${index}`);
    expect(queryTerms(words.join(' '))).toEqual(words.slice(0, 32));
  });
});

describe('termsToMatch', () => {
  it('rounds the share up, and needs at least one term', () => {
    expect(termsToMatch(6, 0.5)).toBe(3);
    expect(termsToMatch(5, 0.5)).toBe(3);
    expect(termsToMatch(1, 0.5)).toBe(1);
    expect(termsToMatch(4, 0)).toBe(1);
    expect(termsToMatch(4, 1)).toBe(4);
  });
});
