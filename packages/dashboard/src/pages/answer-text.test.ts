import type { Question } from '@hearback/client';
import { describe, expect, it } from 'vitest';
import { answerText } from './answer-text.js';

const options = [
  { value: 'speed', label: 'Speed' },
  { value: 'price', label: 'Price' },
];

describe('answerText', () => {
  it('names options by their labels, a ranking in its order', () => {
    const ranking: Question = { id: 'r', type: 'rank_order', title: 'Rank', options };
    const many: Question = { id: 'm', type: 'multiple_choice', title: 'Pick', options };
    const one: Question = { id: 'o', type: 'dropdown', title: 'One', options };
    expect(answerText(ranking, ['price', 'speed'])).toBe('Price › Speed');
    expect(answerText(many, ['speed', 'price'])).toBe('Speed, Price');
    expect(answerText(one, 'price')).toBe('Price');
  });

  it('shows other answers as they are, a value no longer among the options included', () => {
    const stars: Question = { id: 's', type: 'star_rating', title: 'Stars' };
    const one: Question = { id: 'o', type: 'single_choice', title: 'One', options };
    expect(answerText(stars, 4)).toBe('4');
    expect(answerText(one, 'removed-option')).toBe('removed-option');
    expect(answerText(stars, undefined)).toBe('');
  });
});
