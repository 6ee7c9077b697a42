import { describe, expect, it } from 'vitest';
import { contextViolation, MAX_CONTEXT_BYTES, MAX_CONTEXT_DEPTH, nestsDeeperThan } from './context.js';

/** `{"a":{"a":…}}` nested `depth` levels, built without recursion. */
function nested(depth: number): Record<string, unknown> {
  let value: Record<string, unknown> = {};
  for (let level = 1; level < depth; level++) value = { a: value };
  return value;
}

describe('nestsDeeperThan', () => {
  it('counts the value itself as level 1, arrays and objects alike', () => {
    expect(nestsDeeperThan({}, 1)).toBe(false);
    expect(nestsDeeperThan({ a: {} }, 1)).toBe(true);
    expect(nestsDeeperThan(nested(32), 32)).toBe(false);
    expect(nestsDeeperThan(nested(33), 32)).toBe(true);
    expect(nestsDeeperThan({ a: [[1]] }, 3)).toBe(false);
    expect(nestsDeeperThan({ a: [[[]]] }, 3)).toBe(true);
  });

  it('answers on nesting far beyond what JSON.stringify survives', () => {
    const deep = nested(100_000);
    expect(() => JSON.stringify(deep)).toThrow(RangeError);
    expect(nestsDeeperThan(deep, 32)).toBe(true);
  });
});

describe('contextViolation', () => {
  it('accepts a context within both bounds', () => {
    expect(contextViolation({})).toBeUndefined();
    expect(contextViolation(nested(MAX_CONTEXT_DEPTH))).toBeUndefined();
    expect(contextViolation({ note: 'x'.repeat(MAX_CONTEXT_BYTES - '{"note":""}'.length) })).toBeUndefined();
  });

  it('refuses one level too deep, naming the bound, before measuring (no stack overflow)', () => {
    expect(contextViolation(nested(MAX_CONTEXT_DEPTH + 1))).toContain(`${MAX_CONTEXT_DEPTH} levels`);
    expect(contextViolation(nested(100_000))).toContain(`${MAX_CONTEXT_DEPTH} levels`);
  });

  it('counts UTF-8 bytes of the JSON, as Buffer.byteLength does', () => {
    const fits = (note: string) => contextViolation({ note }) === undefined;
    const room = MAX_CONTEXT_BYTES - '{"note":""}'.length;
    expect(fits('x'.repeat(room + 1))).toBe(false);
    // 2, 3 and 4 bytes a character, at the bound and one byte over it.
    for (const [character, bytes] of [
      ['é', 2],
      ['€', 3],
      ['😀', 4],
    ] as const) {
      const count = Math.floor(room / bytes);
      const filler = 'x'.repeat(room - count * bytes);
      const atBound = character.repeat(count) + filler;
      expect(Buffer.byteLength(JSON.stringify({ note: atBound }))).toBe(MAX_CONTEXT_BYTES);
      expect(fits(atBound)).toBe(true);
      expect(fits(`${atBound}x`)).toBe(false);
    }
    expect(contextViolation({ note: 'x'.repeat(room + 1) })).toBe(
      `context must serialize to at most ${MAX_CONTEXT_BYTES} bytes.`,
    );
  });
});
