import { describe, expect, it } from 'vitest';
import { erasesAnything, erasureSummary } from './erasure.js';

const u42 = { kind: 'context', name: 'userId', value: 'u_42' } as const;
const ana = { kind: 'contact', email: 'ana@example.com' } as const;

describe('erasureSummary', () => {
  it('counts both kinds, in the singular when one', () => {
    expect(erasureSummary({ feedback: 3, responses: 2 }, u42)).toBe(
      'Erased 3 feedback items and 2 page responses of userId = u_42.',
    );
    expect(erasureSummary({ feedback: 1, responses: 0 }, u42)).toBe(
      'Erased 1 feedback item and 0 page responses of userId = u_42.',
    );
  });

  it('names only what was asked for: an email erases page responses only', () => {
    expect(erasureSummary({ responses: 1 }, ana)).toBe('Erased 1 page response of ana@example.com.');
    expect(erasureSummary({ responses: 0 }, ana)).toBe('Nothing matched ana@example.com: no page responses to erase.');
  });

  it('says when nothing matched', () => {
    expect(erasureSummary({ feedback: 0, responses: 0 }, u42)).toBe(
      'Nothing matched userId = u_42: no feedback or page responses to erase.',
    );
  });
});

describe('erasesAnything', () => {
  it('an email reaches page responses only', () => {
    expect(erasesAnything('contact', { feedback: true, responses: false })).toBe(false);
    expect(erasesAnything('contact', { feedback: true, responses: true })).toBe(true);
    expect(erasesAnything('context', { feedback: true, responses: false })).toBe(true);
  });
});
