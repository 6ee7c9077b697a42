import { describe, expect, it } from 'vitest';
import { tagsChangeWords } from './tags-change-words.js';

describe('a change of tags in the activity, in words', () => {
  it('says what was added and what was removed, not the set after', () => {
    expect(tagsChangeWords([], ['billing', 'bug'])).toBe('tagged it billing, bug');
    // Removing one of two tags left ['bug'], which read "tagged it bug".
    expect(tagsChangeWords(['billing', 'bug'], ['bug'])).toBe('removed the tag billing');
    expect(tagsChangeWords(['billing', 'bug'], [])).toBe('removed the tags billing, bug');
    expect(tagsChangeWords(['billing'], ['bug'])).toBe('tagged it bug and removed the tag billing');
  });
});
