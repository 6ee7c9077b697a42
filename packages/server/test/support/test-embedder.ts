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

/** Holds embedding calls until opened, so a test can stop a process while it is mid-batch. */
export interface EmbedGate {
  /** Resolves once a call is waiting at the gate. */
  readonly entered: Promise<void>;
  /** Lets waiting and later calls through. */
  open(): void;
  /** What an embedder awaits before it embeds. */
  pass(): Promise<void>;
}

/**
 * A closed gate for {@link testEmbedder}: like a model still loading, until `open()`.
 *
 * @example
 * const gate = embedGate();
 * const embedder = testEmbedder('test-a', 8, { gate });
 * await gate.entered; // the job runner is now mid-batch
 */
export function embedGate(): EmbedGate {
  let entered!: () => void;
  let open!: () => void;
  const enteredPromise = new Promise<void>((resolve) => {
    entered = resolve;
  });
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return {
    entered: enteredPromise,
    open,
    pass() {
      entered();
      return opened;
    },
  };
}

export interface TestEmbedder extends Embedder {
  /** Every text embedded so far, in order (one entry per embedding made). */
  readonly embedded: string[];
  /** Number of `embed` calls. */
  readonly calls: number;
}

/**
 * A deterministic embedder for tests: words hashed into `dimensions` buckets, unit length, so
 * texts sharing words are near. `failOnCall` makes that call (1-based) reject like a provider outage;
 * a `gate` holds every call until it opens.
 *
 * @example
 * const embedder = testEmbedder('test-a', 8, { failOnCall: 3 });
 */
export function testEmbedder(
  model: string,
  dimensions: number,
  options: { failOnCall?: number; gate?: EmbedGate } = {},
): TestEmbedder {
  const embedded: string[] = [];
  let calls = 0;
  return {
    model,
    embedded,
    get calls() {
      return calls;
    },
    async embed(texts) {
      await options.gate?.pass();
      calls++;
      if (calls === options.failOnCall) throw new EmbeddingError(`embedding provider unavailable (call ${calls})`);
      embedded.push(...texts);
      return texts.map((text) => normalize(wordHashVector(text, dimensions)));
    },
    async close() {},
  };
}
