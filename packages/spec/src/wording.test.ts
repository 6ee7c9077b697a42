import { describe, expect, it } from 'vitest';
import { alternatives, capitalized, counted, FEEDBACK_TYPE_NAMES } from './wording.js';

describe('wording', () => {
  it('puts a count with its noun in the right number', () => {
    expect(counted(0, 'inbox', 'inboxes')).toBe('0 inboxes');
    expect(counted(1, 'inbox', 'inboxes')).toBe('1 inbox');
    expect(counted(2, 'feedback item')).toBe('2 feedback items');
  });

  it('names the acronym types as acronyms and starts a sentence with a capital', () => {
    expect(capitalized(FEEDBACK_TYPE_NAMES.nps)).toBe('NPS');
    expect(capitalized(FEEDBACK_TYPE_NAMES.csat)).toBe('CSAT');
    expect(capitalized(FEEDBACK_TYPE_NAMES.stars)).toBe('Stars');
  });

  it('names alternatives with "or" before the last', () => {
    expect(alternatives(['read'])).toBe('read');
    expect(alternatives(['read', 'forms'])).toBe('read or forms');
    expect(alternatives(['collect', 'read', 'forms'])).toBe('collect, read or forms');
  });

  it('lists with "and" when asked', () => {
    expect(alternatives(['admin', 'owner'], 'and')).toBe('admin and owner');
    expect(alternatives(['member', 'admin', 'owner'], 'and')).toBe('member, admin and owner');
  });
});
