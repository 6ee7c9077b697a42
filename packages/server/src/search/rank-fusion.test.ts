import { describe, expect, it } from 'vitest';
import { fuseRankings, RRF_K } from './rank-fusion.js';

const ids = (hits: { id: string }[]) => hits.map((hit) => hit.id);

describe('fuseRankings', () => {
  it('puts an item both rankings found above items only one found', () => {
    const fused = fuseRankings([
      ['fb_a', 'fb_b', 'fb_c'],
      ['fb_d', 'fb_b'],
    ]);
    expect(ids(fused)[0]).toBe('fb_b');
    expect(fused[0]?.ranks).toEqual([2, 2]);
    expect(new Set(ids(fused))).toEqual(new Set(['fb_a', 'fb_b', 'fb_c', 'fb_d']));
  });

  it('keeps the order of a single ranking', () => {
    expect(ids(fuseRankings([['fb_c', 'fb_a', 'fb_b']]))).toEqual(['fb_c', 'fb_a', 'fb_b']);
  });

  it('breaks ties by id, newer (greater) first', () => {
    const fused = fuseRankings([['fb_01'], ['fb_02']]);
    expect(fused[0]?.score).toBe(fused[1]?.score);
    expect(ids(fused)).toEqual(['fb_02', 'fb_01']);
  });

  it('lets the weights decide between rankings', () => {
    const rankings = [['fb_meaning'], ['fb_words']];
    expect(ids(fuseRankings(rankings, [2, 1]))[0]).toBe('fb_meaning');
    expect(ids(fuseRankings(rankings, [1, 2]))[0]).toBe('fb_words');
    // A missing weight counts as 1.
    expect(ids(fuseRankings(rankings, [0.5]))[0]).toBe('fb_words');
  });

  it('scores from 0 to 1, most relevant first, 1 for first in every ranking', () => {
    const fused = fuseRankings([
      ['fb_a', 'fb_b', 'fb_c', 'fb_d'],
      ['fb_a', 'fb_d', 'fb_e'],
    ]);
    expect(fused[0]).toMatchObject({ id: 'fb_a', score: 1 });
    const scores = fused.map((hit) => hit.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    for (const score of scores.slice(1)) {
      expect(score).toBeGreaterThan(0);
      expect(score).toBeLessThan(1);
    }
    // Second place in one ranking of one: (1 / (k + 2)) / (1 / (k + 1)).
    expect(fuseRankings([['fb_a', 'fb_b']])[1]?.score).toBeCloseTo((RRF_K + 1) / (RRF_K + 2), 12);
  });

  it('counts an item listed twice in one ranking once, at its first place', () => {
    const once = fuseRankings([['fb_a', 'fb_b'], ['fb_b']]);
    const twice = fuseRankings([['fb_a', 'fb_b', 'fb_a'], ['fb_b']]);
    expect(twice).toEqual(once);
    expect(twice.find((hit) => hit.id === 'fb_a')?.ranks).toEqual([1, null]);
  });

  it('takes ranks given outright, gaps and all', () => {
    const fused = fuseRankings([
      ['fb_a', 'fb_b'],
      [{ id: 'fb_c', rank: 3 }, 'fb_d'],
    ]);
    expect(fused.find((hit) => hit.id === 'fb_c')?.ranks).toEqual([null, 3]);
    // An id entry still counts by its place, whatever the entries before it say.
    expect(fused.find((hit) => hit.id === 'fb_d')?.ranks).toEqual([null, 2]);
    // fb_d and fb_b tie at rank 2: the newer id first.
    expect(ids(fused)).toEqual(['fb_a', 'fb_d', 'fb_b', 'fb_c']);
    expect(fused.find((hit) => hit.id === 'fb_c')?.score).toBeCloseTo(1 / (RRF_K + 3) / (2 / (RRF_K + 1)), 12);
  });

  it('returns nothing for no rankings or empty ones', () => {
    expect(fuseRankings([])).toEqual([]);
    expect(fuseRankings([[], []])).toEqual([]);
  });
});
