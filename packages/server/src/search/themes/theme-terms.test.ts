import { describe, expect, it } from 'vitest';
import { stemOf, termsOf, themeTerms } from './theme-terms.js';

describe('termsOf', () => {
  it('lowercases words of any script, drops stop words, numbers and single letters, adds bigrams', () => {
    expect(termsOf('The Dark mode broken on iOS 17, a B test!').map((term) => term.text)).toEqual([
      'dark',
      'mode',
      'broken',
      'ios',
      'test',
      'dark mode',
      'mode broken',
    ]);
    expect(termsOf('Ошибка оплаты, Übersetzung fehlt').map((term) => term.text)).toEqual([
      'ошибка',
      'оплаты',
      'übersetzung',
      'fehlt',
      'ошибка оплаты',
      'übersetzung fehlt',
    ]);
  });

  it('counts each term once per comment and folds inflections under one key', () => {
    expect(termsOf('Loading loads slowly, slow load').map((term) => term.key)).toEqual([
      'load',
      'slow',
      'load load',
      'load slow',
      'slow load',
    ]);
    // Apostrophes stay inside words (typographic ones as typed ones): "won’t" is the stop word "won't".
    expect(termsOf('Customer’s card won’t work').map((term) => term.text)).toEqual([
      "customer's",
      'card',
      'work',
      "customer's card",
    ]);
  });

  it('does not join words across a stop word into a bigram', () => {
    expect(termsOf('export to excel').map((term) => term.text)).toEqual(['export', 'excel']);
  });
});

describe('stemOf', () => {
  it.each([
    ['loading', 'load'],
    ['loaded', 'load'],
    ['loads', 'load'],
    ['slowly', 'slow'],
    ['crashes', 'crash'],
    ['replies', 'reply'],
    ['declined', 'declin'],
    ['decline', 'declin'],
    ['class', 'class'],
    ['bus', 'bus'],
    ['übersetzung', 'übersetzung'],
    ['bed', 'bed'],
  ])('%s → %s', (word, stem) => {
    expect(stemOf(word)).toBe(stem);
  });
});

describe('themeTerms', () => {
  const checkout = [
    'Checkout failed with a payment error',
    'Payment failed at checkout',
    'The checkout page is broken',
    'Checkout payment declined',
  ];
  const darkMode = [
    'Please add a dark mode',
    'Dark mode would be nice',
    'Any plans for dark mode?',
    'dark page please',
  ];

  it("labels each group by the terms distinctive of it against the others', the top three joined", () => {
    const [first, second] = themeTerms([checkout, darkMode]);
    expect(first?.terms.slice(0, 2)).toEqual(['checkout', 'payment']);
    expect(first?.label).toMatch(/^checkout · payment · /);
    // "dark mode" is in every comment "dark" is in but one: the bigram stands for the word.
    expect(second?.terms[0]).toBe('dark mode');
    expect(second?.terms).not.toContain('dark');
    expect(second?.terms).not.toContain('mode');
  });

  it('sinks a word every group uses below the words of the group', () => {
    // "page" is in both groups; in the dark mode group it would otherwise tie with "dark mode".
    const [, second] = themeTerms([checkout, darkMode]);
    expect(second?.terms.indexOf('page') ?? -1).not.toBe(0);
  });

  it('shows a term as it was written most often', () => {
    const [group] = themeTerms([['slow loading', 'slow loading again', 'it loads slow', 'still loading']]);
    expect(group?.terms).toContain('loading');
    expect(group?.terms).not.toContain('loads');
  });

  it('needs a term in two comments at least: a group of one-offs has no label', () => {
    expect(themeTerms([['Love the logo', 'Translation mistakes', 'Change my email']])).toEqual([
      { terms: [], label: '' },
    ]);
  });
});
