import { describe, expect, it } from 'vitest';
import { initialOf } from './initial-of.js';

describe("the account button's initial", () => {
  it('is the first character a reader sees, whole', () => {
    expect(initialOf('ada Lovelace')).toBe('A');
    expect(initialOf('😀 Zed')).toBe('😀');
    expect(initialOf('👩🏽‍💻 Grace')).toBe('👩🏽‍💻');
    expect(initialOf('🇫🇷 Marie')).toBe('🇫🇷');
    expect(initialOf('')).toBe('');
  });
});
