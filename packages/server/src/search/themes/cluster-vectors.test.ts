import { describe, expect, it } from 'vitest';
import { clusterVectors, countMembers } from './cluster-vectors.js';
import { seededRandom } from './seeded-random.js';
import { centroidOf } from './vector-math.js';

const DIMENSIONS = 16;

/** A unit vector near axis `axis`: the axis plus a little seeded noise on every dimension. */
function near(axis: number, random: () => number, noise = 0.15, dimensions = DIMENSIONS): Float32Array {
  const vector = new Float32Array(dimensions);
  for (let index = 0; index < dimensions; index++) vector[index] = (random() - 0.5) * noise;
  vector[axis] = (vector[axis] as number) + 1;
  return centroidOf([vector]);
}

/** `counts[axis]` vectors around each axis, in an interleaved order (as comments arrive). */
function topics(counts: number[], seed = 1): { vectors: Float32Array[]; axes: number[] } {
  const random = seededRandom(seed);
  const axes: number[] = [];
  const remaining = [...counts];
  while (remaining.some((count) => count > 0)) {
    remaining.forEach((count, axis) => {
      if (count > 0) {
        axes.push(axis);
        remaining[axis] = count - 1;
      }
    });
  }
  return { vectors: axes.map((axis) => near(axis, random)), axes };
}

const axesOf = (members: number[], axes: number[]) => new Set(members.map((member) => axes[member]));

describe('clusterVectors', () => {
  it('finds as many clusters as there are topics, each holding one topic, largest first', () => {
    const { vectors, axes } = topics([30, 20, 12]);
    const { clusters, outliers } = clusterVectors(vectors);
    expect(clusters.map((cluster) => cluster.members.length)).toEqual([30, 20, 12]);
    expect(clusters.map((cluster) => [...axesOf(cluster.members, axes)])).toEqual([[0], [1], [2]]);
    expect(outliers).toEqual([]);
  });

  it('chooses k by silhouette: five topics give five clusters', () => {
    const { vectors } = topics([10, 10, 10, 10, 10]);
    expect(clusterVectors(vectors).clusters).toHaveLength(5);
  });

  it('keeps one topic whole: no split separates it (silhouette too low)', () => {
    // As comment embeddings are: many dimensions, each member about 0.7 similar to the topic's axis.
    const random = seededRandom(4);
    const vectors = Array.from({ length: 30 }, () => near(0, random, 0.6, 256));
    const { clusters, outliers } = clusterVectors(vectors);
    expect(clusters.map((cluster) => cluster.members.length)).toEqual([30 - outliers.length]);
    expect(outliers.length).toBeLessThanOrEqual(1);
  });

  it('merges clusters whose centres are nearly one direction: two shades of one topic', () => {
    const random = seededRandom(6);
    // Around axis 0, leaning a little towards +axis 1 or −axis 1: centres about 0.88 similar.
    const shade = (sign: number) => {
      const vector = near(0, random, 0.05);
      vector[1] = (vector[1] as number) + sign * 0.25;
      return centroidOf([vector]);
    };
    const vectors = Array.from({ length: 40 }, (_, index) => shade(index % 2 === 0 ? 1 : -1));
    const { clusters, outliers } = clusterVectors(vectors);
    expect(clusters).toHaveLength(1);
    expect(clusters[0]?.members.length).toBe(40 - outliers.length);
  });

  it('puts clusters smaller than the minimum and far-off vectors among the outliers', () => {
    const { vectors, axes } = topics([25, 25, 2]);
    const random = seededRandom(9);
    // Half on topic 0, half on topic 1: nearest to one centre but far below its members.
    const between = centroidOf([near(0, random), near(1, random)]);
    const { clusters, outliers } = clusterVectors([...vectors, between], { minClusterSize: 3 });
    expect(clusters.map((cluster) => cluster.members.length)).toEqual([25, 25]);
    const outlierAxes = outliers.map((index) => axes[index] ?? 'between');
    expect(outlierAxes.sort()).toEqual([2, 2, 'between']);
  });

  it('orders members by similarity to the centre, most central first', () => {
    const { vectors } = topics([20, 20]);
    for (const cluster of clusterVectors(vectors).clusters) {
      expect(cluster.similarities).toEqual([...cluster.similarities].sort((a, b) => b - a));
      expect(cluster.similarities.every((value) => value >= cluster.threshold)).toBe(true);
    }
  });

  it('gives the same clusters for the same vectors (a seeded choice, not Math.random)', () => {
    const { vectors } = topics([40, 30, 20, 10], 3);
    const first = clusterVectors(vectors, { sampleSize: 50 });
    const second = clusterVectors(vectors, { sampleSize: 50 });
    expect(second.clusters.map((cluster) => cluster.members)).toEqual(first.clusters.map((cluster) => cluster.members));
  });

  it('clusters more vectors than its sample: the sample sets the centres, every vector is assigned', () => {
    const { vectors, axes } = topics([300, 200, 100]);
    const { clusters } = clusterVectors(vectors, { sampleSize: 60 });
    expect(clusters.map((cluster) => [...axesOf(cluster.members, axes)])).toEqual([[0], [1], [2]]);
    expect(clusters.reduce((sum, cluster) => sum + cluster.members.length, 0)).toBeGreaterThan(580);
  });

  it('finds nothing among fewer vectors than the minimum cluster size', () => {
    const { vectors } = topics([1, 1]);
    expect(clusterVectors(vectors, { minClusterSize: 3 })).toEqual({ clusters: [], outliers: [0, 1], centres: [] });
    expect(clusterVectors([]).clusters).toEqual([]);
  });
});

describe('countMembers', () => {
  it("counts another period's vectors per cluster by the members' rule: nearest centre, above its threshold", () => {
    const { vectors } = topics([20, 20, 2]);
    const clustering = clusterVectors(vectors, { minClusterSize: 3 });
    const random = seededRandom(5);
    const topicOf = (index: number) => clustering.clusters.findIndex((cluster) => cluster.members.includes(index));
    const zeroIs = topicOf(0); // vectors[0] is on axis 0, vectors[1] on axis 1
    const previous = [
      // Closer to the axes than the members (less noise): inside every threshold.
      ...Array.from({ length: 7 }, () => near(0, random, 0.05)),
      ...Array.from({ length: 3 }, () => near(1, random, 0.05)),
      near(2, random, 0.05), // nearest the dropped tiny cluster: counted nowhere
      near(9, random, 0.05), // a topic of its own: far from every centre
    ];
    const counts = countMembers(clustering, previous);
    expect(counts[zeroIs]).toBe(7);
    expect(counts[1 - zeroIs]).toBe(3);
    expect(counts).toHaveLength(2);
  });
});
