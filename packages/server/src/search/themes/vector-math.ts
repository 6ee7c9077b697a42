/**
 * Dot product of two vectors of the same length: the cosine similarity of unit vectors. Unlike
 * `dot` in ../embedder.ts it does not clamp, and it is the inner loop of clustering, so it stays bare.
 */
export function similarity(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let index = 0; index < a.length; index++) sum += (a[index] as number) * (b[index] as number);
  return sum;
}

/**
 * The unit-length mean of some vectors (their direction): a cluster's centre under cosine similarity.
 *
 * @example
 * centroidOf([Float32Array.of(1, 0), Float32Array.of(0, 1)]); // ≈ [0.707, 0.707]
 */
export function centroidOf(vectors: readonly Float32Array[]): Float32Array {
  const first = vectors[0];
  const centre = new Float32Array(first ? first.length : 0);
  for (const vector of vectors) {
    for (let index = 0; index < centre.length; index++)
      centre[index] = (centre[index] as number) + (vector[index] as number);
  }
  let norm = 0;
  for (const value of centre) norm += value * value;
  norm = Math.sqrt(norm);
  if (norm > 0) for (let index = 0; index < centre.length; index++) centre[index] = (centre[index] as number) / norm;
  return centre;
}

/** Index of the largest value (the first of equals); −1 for none. */
export function argmax(values: ArrayLike<number>): number {
  let best = -1;
  for (let index = 0; index < values.length; index++) {
    if (best < 0 || (values[index] as number) > (values[best] as number)) best = index;
  }
  return best;
}
