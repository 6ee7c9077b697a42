import { seededRandom } from './seeded-random.js';
import { medoidClustering, silhouette, similarityMatrix } from './similarity-matrix.js';
import { centroidOf, similarity } from './vector-math.js';

/**
 * How many vectors the choice of k looks at (a similarity matrix of this many, squared): 400 found
 * the same themes as 500 on the bench corpus (bench/themes.mjs) at half the clustering time.
 */
export const CLUSTER_SAMPLE_SIZE = 400;
/** The most clusters tried: more than a reader takes in, and each costs a pass over every vector. */
export const MAX_CLUSTERS = 12;
/** Seeded restarts of k-medoids per k: the tightest wins, so one unlucky seed does not decide k. */
const RESTARTS = 2;
/** Passes of spherical k-means over every vector after the sample fixed the centres. */
const REFINE_ITERATIONS = 3;
/**
 * A member more than this many (robust) standard deviations below its cluster's median similarity
 * to the centre is an outlier: an off-topic comment the partition had to put somewhere.
 */
const OUTLIER_DEVIATIONS = 3;
const SEED = 0x5eed;
/**
 * Below this mean silhouette no split is better than none: the vectors are one topic (comments
 * on one topic split in two scored 0.07 with the local model; three topics 0.39, two 0.62).
 */
const MIN_SILHOUETTE = 0.1;
/**
 * Clusters whose centres are at least this similar are one topic (for unit vectors, the centres'
 * similarity is how close a cluster's members are to the other centre, relative to their own).
 * With the local model, parts of one topic's comments had centres 0.77–0.92 apart, three clearly
 * different topics 0.03–0.49, but the bench's twenty templated topics 0.54–0.86: at 0.7 eight of
 * those merged into one theme of half the comments; 0.8 keeps them apart at the price of a
 * small topic sometimes shown as two themes.
 */
const MERGE_SIMILARITY = 0.8;

export interface ClusteringOptions {
  /** Smaller clusters are dropped (their members become outliers). Default 3. */
  minClusterSize?: number;
  maxClusters?: number;
  sampleSize?: number;
}

/** A cluster of vectors around its centre; members most similar to the centre first. */
export interface VectorCluster {
  /** Unit vector: the members' mean direction. */
  centre: Float32Array;
  /** Indices into the clustered vectors, most central first. */
  members: number[];
  /** Each member's similarity to the centre, in the order of `members`. */
  similarities: number[];
  /** The lowest similarity to the centre a member may have (see {@link countMembers}). */
  threshold: number;
}

export interface Clustering {
  /** Clusters of at least the minimum size, largest first. */
  clusters: VectorCluster[];
  /** Indices of the vectors in no cluster: outliers and members of clusters too small to keep. */
  outliers: number[];
  /** Every cluster found, kept or not: what {@link countMembers} matches other vectors against. */
  centres: { centre: Float32Array; threshold: number; kept: number | null }[];
}

/** A cluster of the sample: its centre and how many of the sample it holds. */
interface VectorGroup {
  centre: Float32Array;
  size: number;
}

function sampleIndices(count: number, size: number, random: () => number): number[] {
  const indices = Array.from({ length: count }, (_, index) => index);
  if (count <= size) return indices;
  // Partial Fisher–Yates: the first `size` places are a uniform sample.
  for (let place = 0; place < size; place++) {
    const pick = place + Math.floor(random() * (count - place));
    [indices[place], indices[pick]] = [indices[pick] as number, indices[place] as number];
  }
  return indices.slice(0, size).sort((a, b) => a - b);
}

/** The partition of the sample with the best silhouette over k = 2…max; one cluster when none is clear. */
function sampleCentres(vectors: readonly Float32Array[], options: Required<ClusteringOptions>): Float32Array[] {
  const random = seededRandom(SEED);
  const sample = sampleIndices(vectors.length, options.sampleSize, random).map(
    (index) => vectors[index] as Float32Array,
  );
  const matrix = similarityMatrix(sample);
  const largestK = Math.min(options.maxClusters, Math.floor(sample.length / 2));
  let best: { labels: Int32Array; k: number; score: number } | undefined;
  for (let k = 2; k <= largestK; k++) {
    let tightest: ReturnType<typeof medoidClustering> | undefined;
    for (let restart = 0; restart < RESTARTS; restart++) {
      const candidate = medoidClustering(matrix, k, random);
      if (!tightest || candidate.cohesion > tightest.cohesion) tightest = candidate;
    }
    if (!tightest) continue;
    const score = silhouette(matrix, tightest.labels, k);
    if (!best || score > best.score) best = { labels: tightest.labels, k, score };
  }
  if (!best || best.score < MIN_SILHOUETTE) return [centroidOf(sample)];
  const { labels, k } = best;
  const clusters = Array.from({ length: k }, (_, cluster): VectorGroup => {
    const members = sample.filter((_, index) => labels[index] === cluster);
    return { centre: centroidOf(members), size: members.length };
  });
  return mergeNearCentres(clusters.filter((cluster) => cluster.size > 0)).map((cluster) => cluster.centre);
}

/**
 * Merges clusters whose centres are nearly the same direction, the nearest pair first: parts of
 * one topic that k-medoids split because some k scored a little better than none.
 */
function mergeNearCentres(clusters: VectorGroup[]): VectorGroup[] {
  const merged = [...clusters];
  for (;;) {
    let pair: [number, number] | undefined;
    let nearest = MERGE_SIMILARITY;
    for (let first = 0; first < merged.length; first++) {
      for (let second = first + 1; second < merged.length; second++) {
        const value = similarity((merged[first] as VectorGroup).centre, (merged[second] as VectorGroup).centre);
        if (value >= nearest) {
          nearest = value;
          pair = [first, second];
        }
      }
    }
    if (!pair) return merged;
    const [first, second] = pair.map((index) => merged[index] as VectorGroup) as [VectorGroup, VectorGroup];
    const weighted = (group: VectorGroup) => group.centre.map((value) => value * group.size);
    merged[pair[0]] = { centre: centroidOf([weighted(first), weighted(second)]), size: first.size + second.size };
    merged.splice(pair[1], 1);
  }
}

function nearestCentre(vector: Float32Array, centres: readonly Float32Array[]): { index: number; similarity: number } {
  let index = -1;
  let best = Number.NEGATIVE_INFINITY;
  centres.forEach((centre, candidate) => {
    const value = similarity(vector, centre);
    if (value > best) {
      best = value;
      index = candidate;
    }
  });
  return { index, similarity: best };
}

/**
 * Finds recurring topics among unit vectors (comment embeddings): k is chosen by silhouette on a
 * seeded sample (k-medoids over its similarity matrix, k = 2…12; 1 when no k separates well), the sample's clusters seed
 * spherical k-means over every vector, outliers (far below their cluster's median similarity
 * to the centre) and clusters smaller than `minClusterSize` are set apart. Deterministic:
 * the same vectors give the same clusters.
 *
 * @example
 * const { clusters, outliers } = clusterVectors(vectors, { minClusterSize: 3 });
 */
export function clusterVectors(vectors: readonly Float32Array[], options: ClusteringOptions = {}): Clustering {
  const settings: Required<ClusteringOptions> = {
    minClusterSize: options.minClusterSize ?? 3,
    maxClusters: options.maxClusters ?? MAX_CLUSTERS,
    sampleSize: options.sampleSize ?? CLUSTER_SAMPLE_SIZE,
  };
  if (vectors.length < settings.minClusterSize || vectors.length === 0) {
    return { clusters: [], outliers: vectors.map((_, index) => index), centres: [] };
  }
  let centres = sampleCentres(vectors, settings);
  const labels = new Int32Array(vectors.length).fill(-1);
  const nearest = new Float64Array(vectors.length);
  for (let iteration = 0; iteration < REFINE_ITERATIONS; iteration++) {
    let changed = false;
    vectors.forEach((vector, index) => {
      const match = nearestCentre(vector, centres);
      if (labels[index] !== match.index) changed = true;
      labels[index] = match.index;
      nearest[index] = match.similarity;
    });
    if (!changed) break;
    const groups: Float32Array[][] = centres.map(() => []);
    vectors.forEach((vector, index) => {
      groups[labels[index] as number]?.push(vector);
    });
    // A centre that lost every member keeps its place (and finds none again): indices stay stable.
    centres = centres.map((centre, cluster) =>
      (groups[cluster]?.length ?? 0) > 0 ? centroidOf(groups[cluster] ?? []) : centre,
    );
    if (iteration === REFINE_ITERATIONS - 1) {
      // The last pass moved the centres: measure members against where they now are.
      vectors.forEach((vector, index) => {
        nearest[index] = similarity(vector, centres[labels[index] as number] as Float32Array);
      });
    }
  }
  return partition(vectors.length, centres, labels, nearest, settings.minClusterSize);
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return 0;
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/**
 * The similarity to the centre below which a member is an outlier: the median less
 * {@link OUTLIER_DEVIATIONS} robust standard deviations (1.4826 × the median absolute deviation),
 * which the outliers themselves barely move, as they would move a mean and standard deviation.
 */
function outlierThreshold(similarities: readonly number[]): number {
  const middle = median(similarities);
  const spread = 1.4826 * median(similarities.map((value) => Math.abs(value - middle)));
  return middle - OUTLIER_DEVIATIONS * spread;
}

function partition(
  count: number,
  centres: Float32Array[],
  labels: Int32Array,
  nearest: Float64Array,
  minClusterSize: number,
): Clustering {
  const found = centres.map((centre, cluster) => {
    const all: number[] = [];
    for (let index = 0; index < count; index++) if (labels[index] === cluster) all.push(index);
    const values = all.map((index) => nearest[index] as number);
    const threshold = outlierThreshold(values);
    const members = all
      .filter((index) => (nearest[index] as number) >= threshold)
      .sort((a, b) => (nearest[b] as number) - (nearest[a] as number) || a - b);
    return { centre, threshold, members, similarities: members.map((index) => nearest[index] as number) };
  });
  const kept = found
    .map((cluster, index) => ({ cluster, index }))
    .filter(({ cluster }) => cluster.members.length >= minClusterSize)
    .sort((a, b) => b.cluster.members.length - a.cluster.members.length || a.index - b.index);
  const keptIndex = new Map(kept.map(({ index }, position) => [index, position]));
  const clustered = new Set(kept.flatMap(({ cluster }) => cluster.members));
  const outliers: number[] = [];
  for (let index = 0; index < count; index++) if (!clustered.has(index)) outliers.push(index);
  return {
    clusters: kept.map(({ cluster }) => cluster),
    outliers,
    centres: found.map((cluster, index) => ({
      centre: cluster.centre,
      threshold: cluster.threshold,
      kept: keptIndex.get(index) ?? null,
    })),
  };
}

/**
 * How many of `vectors` (another period's comments) each kept cluster would hold under the same
 * rule as its members: nearest to its centre among all centres found, and no less similar than the
 * cluster's threshold. One count per cluster of `clustering.clusters`, in order.
 *
 * @example
 * const previousSizes = countMembers(clustering, previousVectors);
 */
export function countMembers(clustering: Clustering, vectors: readonly Float32Array[]): number[] {
  const counts = clustering.clusters.map(() => 0);
  const centres = clustering.centres.map((entry) => entry.centre);
  for (const vector of vectors) {
    const match = nearestCentre(vector, centres);
    const entry = clustering.centres[match.index];
    if (entry && entry.kept !== null && match.similarity >= entry.threshold) {
      counts[entry.kept] = (counts[entry.kept] as number) + 1;
    }
  }
  return counts;
}
