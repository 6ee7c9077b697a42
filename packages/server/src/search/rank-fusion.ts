/** The usual constant of reciprocal rank fusion (Cormack et al., 2009): damps the top ranks' lead. */
export const RRF_K = 60;

export interface FusedHit {
  id: string;
  /** Fused score scaled to 0..1: 1 is first in every ranking. */
  score: number;
  /** 1-based rank in each input ranking, or null where absent. */
  ranks: (number | null)[];
}

/**
 * Reciprocal rank fusion: each ranking gives an item `weight / (k + rank)`; sums decide the order
 * (ties: newer id first, as ids sort by creation).
 *
 * @example
 * fuseRankings([['fb_a', 'fb_b'], ['fb_b']]); // fb_b first: ranked by both
 */
export function fuseRankings(rankings: readonly (readonly string[])[], weights?: readonly number[]): FusedHit[] {
  const hits = new Map<string, FusedHit & { raw: number }>();
  rankings.forEach((ranking, which) => {
    const weight = weights?.[which] ?? 1;
    ranking.forEach((id, index) => {
      let hit = hits.get(id);
      if (!hit) {
        hit = { id, score: 0, raw: 0, ranks: rankings.map(() => null) };
        hits.set(id, hit);
      }
      if (hit.ranks[which] !== null) return;
      hit.ranks[which] = index + 1;
      hit.raw += weight / (RRF_K + index + 1);
    });
  });
  const best = rankings.reduce((sum, _, which) => sum + (weights?.[which] ?? 1) / (RRF_K + 1), 0);
  return [...hits.values()]
    .sort((a, b) => b.raw - a.raw || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
    .map(({ id, raw, ranks }) => ({ id, ranks, score: best > 0 ? raw / best : 0 }));
}
