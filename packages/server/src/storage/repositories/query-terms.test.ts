import { describe, expect, it } from 'vitest';
import { countMatchedTerms, queryTerms, termsToMatch } from './query-terms.js';

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

describe('countMatchedTerms', () => {
  it('counts the terms whose stem is among the stems of the text', () => {
    const terms = queryTerms('app crashing on photo uploads from a tablet');
    expect(countMatchedTerms(terms, 'The app crashes every time I upload photos')).toBe(4);
    expect(countMatchedTerms(terms, 'Love the new tablet layout')).toBe(1);
    expect(countMatchedTerms(terms, 'Billing is wrong')).toBe(0);
  });

  it('matches codes whole and is not fooled by parts of words', () => {
    expect(countMatchedTerms(['err_42'], 'Error ERR_42 when I export')).toBe(1);
    expect(countMatchedTerms(['app'], 'Please approve my application')).toBe(0);
  });
});
