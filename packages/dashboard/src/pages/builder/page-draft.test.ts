import { describe, expect, it } from 'vitest';
import { type DraftItem, newQuestion, reorder } from './page-draft.js';

const items: DraftItem[] = ['a', 'b', 'c', 'd'].map((key) => ({ key, question: { type: 'short_text', title: key } }));
const keys = (list: DraftItem[]) => list.map((item) => item.key).join('');

describe('reorder', () => {
  it('puts the moved rows before or after the target, in their order', () => {
    expect(keys(reorder(items, new Set(['d']), 'a', 'before'))).toBe('dabc');
    expect(keys(reorder(items, new Set(['a']), 'c', 'after'))).toBe('bcad');
    expect(keys(reorder(items, new Set(['a', 'c']), 'd', 'after'))).toBe('bdac');
    expect(keys(reorder(items, new Set(['b']), 'd', 'on'))).toBe('acdb');
  });

  it('keeps the list as it is when the target is not in it', () => {
    expect(keys(reorder(items, new Set(['a']), 'z', 'before'))).toBe('abcd');
  });
});

describe('newQuestion', () => {
  it('gives a choice question the two options the server requires, and others none', () => {
    expect(newQuestion('dropdown').question.options).toHaveLength(2);
    expect(newQuestion('nps').question).toEqual({ type: 'nps', title: 'Net Promoter Score' });
  });

  it('gives each new question its own key', () => {
    expect(newQuestion('email').key).not.toBe(newQuestion('email').key);
  });
});
