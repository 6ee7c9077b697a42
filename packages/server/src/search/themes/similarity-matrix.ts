import { similarity } from './vector-math.js';

/** Pairwise cosine similarities of a few vectors, row-major (`at(i, j)`); the diagonal is 1. */
export interface SimilarityMatrix {
  readonly size: number;
  at(row: number, column: number): number;
}

/**
 * All pairwise similarities of `vectors`: n²/2 dot products, so callers pass a sample (500
 * vectors of 512 dimensions ≈ 64 M multiply-adds).
 */
export function similarityMatrix(vectors: readonly Float32Array[]): SimilarityMatrix {
  const size = vectors.length;
  const values = new Float32Array(size * size);
  for (let row = 0; row < size; row++) {
    values[row * size + row] = 1;
    const vector = vectors[row] as Float32Array;
    for (let column = row + 1; column < size; column++) {
      const value = similarity(vector, vectors[column] as Float32Array);
      values[row * size + column] = value;
      values[column * size + row] = value;
    }
  }
  return { size, at: (row, column) => values[row * size + column] as number };
}

/** A partition of a matrix's items: each item's cluster (0..k−1) and the clusters' medoids. */
export interface MedoidClustering {
  labels: Int32Array;
  medoids: number[];
  /** Sum of every item's similarity to its medoid: higher is tighter. */
  cohesion: number;
}

/** k-means++ seeding on distance 1 − similarity: spread-out first medoids, chosen by `random`. */
function seedMedoids(matrix: SimilarityMatrix, k: number, random: () => number): number[] {
  const medoids = [Math.floor(random() * matrix.size)];
  const nearest = new Float64Array(matrix.size).fill(Number.NEGATIVE_INFINITY);
  while (medoids.length < k) {
    const last = medoids[medoids.length - 1] as number;
    let total = 0;
    for (let item = 0; item < matrix.size; item++) {
      nearest[item] = Math.max(nearest[item] as number, matrix.at(item, last));
      total += (1 - (nearest[item] as number)) ** 2;
    }
    if (total <= 0) break; // every item coincides with a medoid: fewer distinct points than k
    let target = random() * total;
    let chosen = matrix.size - 1;
    for (let item = 0; item < matrix.size; item++) {
      target -= (1 - (nearest[item] as number)) ** 2;
      if (target <= 0) {
        chosen = item;
        break;
      }
    }
    medoids.push(chosen);
  }
  return medoids;
}

function assign(matrix: SimilarityMatrix, medoids: readonly number[], labels: Int32Array): number {
  let cohesion = 0;
  for (let item = 0; item < matrix.size; item++) {
    let best = 0;
    let bestSimilarity = Number.NEGATIVE_INFINITY;
    medoids.forEach((medoid, cluster) => {
      const value = matrix.at(item, medoid);
      if (value > bestSimilarity) {
        bestSimilarity = value;
        best = cluster;
      }
    });
    labels[item] = best;
    cohesion += bestSimilarity;
  }
  return cohesion;
}

/**
 * k-medoids (alternating assignment and medoid update) over a similarity matrix, from k-means++
 * seeds: the medoid of a cluster is the member most similar to the others. Needs no vectors, so
 * trying many k over one matrix is cheap.
 */
export function medoidClustering(
  matrix: SimilarityMatrix,
  k: number,
  random: () => number,
  maxIterations = 15,
): MedoidClustering {
  const labels = new Int32Array(matrix.size);
  let medoids = seedMedoids(matrix, k, random);
  let cohesion = assign(matrix, medoids, labels);
  for (let iteration = 0; iteration < maxIterations; iteration++) {
    const members: number[][] = medoids.map(() => []);
    for (let item = 0; item < matrix.size; item++) members[labels[item] as number]?.push(item);
    const next = members.map((cluster, index) => {
      let best = medoids[index] as number;
      let bestSum = Number.NEGATIVE_INFINITY;
      for (const candidate of cluster) {
        let sum = 0;
        for (const other of cluster) sum += matrix.at(candidate, other);
        if (sum > bestSum) {
          bestSum = sum;
          best = candidate;
        }
      }
      return best;
    });
    if (next.every((medoid, index) => medoid === medoids[index])) break;
    medoids = next;
    cohesion = assign(matrix, medoids, labels);
  }
  return { labels, medoids, cohesion };
}

/**
 * Mean silhouette of a partition under distance 1 − similarity, in −1..1: how much nearer each
 * item is to its own cluster than to the next nearest. Items alone in their cluster count 0.
 */
export function silhouette(matrix: SimilarityMatrix, labels: Int32Array, k: number): number {
  if (k < 2 || matrix.size < 2) return 0;
  const sizes = new Int32Array(k);
  for (const label of labels) sizes[label] = (sizes[label] as number) + 1;
  const distanceSums = new Float64Array(k);
  let total = 0;
  for (let item = 0; item < matrix.size; item++) {
    distanceSums.fill(0);
    for (let other = 0; other < matrix.size; other++) {
      const label = labels[other] as number;
      if (other !== item) distanceSums[label] = (distanceSums[label] as number) + 1 - matrix.at(item, other);
    }
    const own = labels[item] as number;
    if ((sizes[own] as number) < 2) continue;
    const inside = (distanceSums[own] as number) / ((sizes[own] as number) - 1);
    let outside = Number.POSITIVE_INFINITY;
    for (let cluster = 0; cluster < k; cluster++) {
      if (cluster !== own && (sizes[cluster] as number) > 0) {
        outside = Math.min(outside, (distanceSums[cluster] as number) / (sizes[cluster] as number));
      }
    }
    if (Number.isFinite(outside)) total += (outside - inside) / Math.max(outside, inside, Number.EPSILON);
  }
  return total / matrix.size;
}
