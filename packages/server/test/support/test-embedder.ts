import { type Embedder, EmbeddingError, normalize } from '../../src/search/embedder.js';

/** Words hashed into `dimensions` buckets (not normalized): texts sharing words are near. */
export function wordHashVector(text: string, dimensions: number): Float32Array {
  const vector = new Float32Array(dimensions);
  for (const word of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
    let hash = 0;
    for (const char of word) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
    vector[hash % dimensions] = (vector[hash % dimensions] ?? 0) + 1;
  }
  return vector;
}

export interface TestEmbedder extends Embedder {
  /** Every text embedded so far, in order (one entry per embedding made). */
  readonly embedded: string[];
  /** Number of `embed` calls. */
  readonly calls: number;
}

/**
 * A deterministic embedder for tests: words hashed into `dimensions` buckets, unit length, so
 * texts sharing words are near. `failOnCall` makes that call (1-based) reject like a provider outage.
 *
 * @example
 * const embedder = testEmbedder('test-a', 8, { failOnCall: 3 });
 */
export function testEmbedder(model: string, dimensions: number, options: { failOnCall?: number } = {}): TestEmbedder {
  const embedded: string[] = [];
  let calls = 0;
  return {
    model,
    embedded,
    get calls() {
      return calls;
    },
    async embed(texts) {
      calls++;
      if (calls === options.failOnCall) throw new EmbeddingError(`embedding provider unavailable (call ${calls})`);
      embedded.push(...texts);
      return texts.map((text) => normalize(wordHashVector(text, dimensions)));
    },
    async close() {},
  };
}
