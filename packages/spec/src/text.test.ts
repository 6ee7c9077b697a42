import { describe, expect, it } from 'vitest';
import { findMalformedText, isWellFormedText, printableText } from './text.js';

describe('isWellFormedText', () => {
  it.each(['', 'plain', 'ünïcödé', '😀 a pair', '\ud83d\ude00'])('accepts %j', (text) => {
    expect(isWellFormedText(text)).toBe(true);
  });

  it.each(['\ud800', 'x\ud800', '\ud800x', '\udc00', 'a\udfffb', '\ude00\ud83d', '😀\ud83d'])('refuses %j', (text) => {
    expect(isWellFormedText(text)).toBe(false);
  });
});

describe('findMalformedText', () => {
  it('names every malformed string and key by its path, and nothing else', () => {
    const found = findMalformedText({
      ok: 'fine 😀',
      eventId: '\ud800x',
      context: { list: ['ok', { deep: 'x\udc00' }], 'bad\ud800key': 'value', 7: 1 },
    });
    const paths = found.map((entry) => entry.path);
    expect(paths).toHaveLength(3);
    expect(paths).toEqual(
      expect.arrayContaining([['eventId'], ['context', 'list', 1, 'deep'], ['context', 'bad\\ud800key']]),
    );
    expect(found.every((entry) => /valid Unicode/.test(entry.message))).toBe(true);
    expect(found.find((entry) => entry.path[1] === 'bad\\ud800key')?.message).toMatch(/key/);
  });

  it('names text holding U+0000, in a value or a key, wherever it sits', () => {
    expect(findMalformedText({ name: 'a\u0000b', context: { 'k\u0000': 'v', list: ['ok', '\u0000'] } })).toEqual([
      { path: ['name'], message: 'Must not contain the NUL character (U+0000).' },
      { path: ['context', 'k\u0000'], message: 'This key must not contain the NUL character (U+0000).' },
      { path: ['context', 'list', 1], message: 'Must not contain the NUL character (U+0000).' },
    ]);
    expect(findMalformedText('\u0000')).toEqual([
      { path: [], message: 'Must not contain the NUL character (U+0000).' },
    ]);
    expect(findMalformedText({ fine: 'text \u0001 with other control characters' })).toEqual([]);
  });

  it('walks values nested far beyond what recursion survives', () => {
    let value: unknown = '\ud800';
    for (let level = 0; level < 100_000; level++) value = [value];
    expect(findMalformedText(value)).toHaveLength(1);
  });
});

describe('printableText', () => {
  it('escapes lone surrogates and leaves pairs alone', () => {
    expect(printableText('a\ud800b😀\udc01')).toBe('a\\ud800b😀\\udc01');
  });
});
