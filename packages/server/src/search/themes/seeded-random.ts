/**
 * A deterministic pseudo-random generator (mulberry32): the same seed gives the same sequence, so
 * the same feedback gives the same themes on every call and in every process.
 *
 * @example
 * const random = seededRandom(42);
 * random(); // 0.6011037519201636, always
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}
