import { decodeTime } from 'ulidx';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newIdAt } from './ids.js';

/** The instant an id encodes, as newIdAt's `at` states it. */
const timeOf = (id: string) => new Date(decodeTime(id.slice(id.indexOf('_') + 1).toUpperCase())).toISOString();

describe('newIdAt', () => {
  afterEach(() => vi.restoreAllMocks());

  it('gives the instant its id encodes, within one millisecond and after the clock goes back', () => {
    const clock = vi.spyOn(Date, 'now');
    const seen: string[] = [];
    // Many ids in one millisecond, a later one, then the clock set back by a minute.
    for (const now of [1_800_000_000_000, 1_800_000_000_000, 1_800_000_000_000, 1_800_000_000_005, 1_799_999_940_000]) {
      clock.mockReturnValue(now);
      const { id, at } = newIdAt('feedback');
      expect(at).toBe(new Date(now).toISOString());
      expect(timeOf(id)).toBe(at);
      seen.push(id);
    }
    // Within a sequence ids sort in the order they were made.
    expect(seen.slice(0, 4)).toEqual([...seen.slice(0, 4)].sort());
    expect(new Set(seen).size).toBe(seen.length);
  });
});
