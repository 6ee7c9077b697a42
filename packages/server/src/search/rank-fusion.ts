/** The usual constant of reciprocal rank fusion (Cormack et al., 2009): damps the top ranks' lead. */
export const RRF_K = 60;

export interface FusedHit {
  id: string;
  /** Fused score scaled to 0..1: 1 is first in every ranking. */
  score: number;
  /** 1-based rank in each input ranking, or null where absent. */
  ranks: (number | null)[];
}

/** An item with its 1-based rank given outright, for a ranking whose ranks have gaps. */
export interface RankedId {
  id: string;
  rank: number;
}

/**
 * Reciprocal rank fusion: each ranking gives an item `weight / (k + rank)`; sums decide the order
 * (ties: newer id first, as ids sort by creation). An entry of a ranking is an id, ranked by its
 * place, or a {@link RankedId}.
 *
 * @example
 * fuseRankings([['fb_a', 'fb_b'], ['fb_b']]); // fb_b first: ranked by both
 * fuseRankings([['fb_a'], [{ id: 'fb_b', rank: 3 }]]); // fb_a first: rank 1 against rank 3
 */
export function fuseRankings(
  rankings: readonly (readonly (string | RankedId)[])[],
  weights?: readonly number[],
): FusedHit[] {
  const hits = new Map<string, FusedHit & { raw: number }>();
  rankings.forEach((ranking, which) => {
    const weight = weights?.[which] ?? 1;
    ranking.forEach((entry, index) => {
      const { id, rank } = typeof entry === 'string' ? { id: entry, rank: index + 1 } : entry;
      let hit = hits.get(id);
      if (!hit) {
        hit = { id, score: 0, raw: 0, ranks: rankings.map(() => null) };
        hits.set(id, hit);
      }
      if (hit.ranks[which] !== null) return;
      hit.ranks[which] = rank;
      hit.raw += weight / (RRF_K + rank);
    });
  });
  const best = rankings.reduce((sum, _, which) => sum + (weights?.[which] ?? 1) / (RRF_K + 1), 0);
  return [...hits.values()]
    .sort((a, b) => b.raw - a.raw || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
    .map(({ id, raw, ranks }) => ({ id, ranks, score: best > 0 ? raw / best : 0 }));
}
