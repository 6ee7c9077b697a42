import { Worker } from 'node:worker_threads';
import { type Embedder, EmbeddingError, normalize } from './embedder.js';
import type { EmbedRequest, EmbedResponse } from './use-worker.js';

/** The model id recorded with every vector this embedder makes. */
export const LOCAL_MODEL = 'use-lite-512';

/** Texts per model call: larger batches gain little and hold the worker longer. */
const BATCH_SIZE = 32;
/** USE-lite reads short texts; long ones only cost time. */
const MAX_TEXT_LENGTH = 2000;

export interface LocalEmbedderOptions {
  /** Terminates the worker (and frees the ~170 MB model) after this long without work; 0 keeps it. */
  idleMs?: number;
}

interface Pending {
  resolve(vectors: Float32Array[]): void;
  reject(error: Error): void;
}

/**
 * Built, the worker is `use-worker.js` next to this file. From sources (vitest, tsx) it is
 * TypeScript, which a Node 20 worker cannot load even with `--import tsx` in its execArgv: a
 * one-line bootstrap registers tsx in the worker first. tsx is this package's, resolved from here:
 * an evaluated worker would resolve it from the working directory, which may be another package's.
 */
function spawnWorker(): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./use-worker.js', import.meta.url));
  const source = JSON.stringify(new URL('./use-worker.ts', import.meta.url).href);
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  return new Worker(`import(${tsx}).then((tsx) => { tsx.register(); return import(${source}); })`, {
    eval: true,
  });
}

/**
 * The default embedder: Universal Sentence Encoder lite (512 dimensions) shipped inside npm, so it
 * works offline. It runs in a worker thread, so embedding never blocks request handling, started
 * on first use and stopped again when idle.
 *
 * @example
 * const embedder = new LocalEmbedder({ idleMs: 60_000 });
 * const [vector] = await embedder.embed(['crashes on photo upload']);
 */
export class LocalEmbedder implements Embedder {
  readonly model = LOCAL_MODEL;
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | undefined;

  constructor(private readonly options: LocalEmbedderOptions = {}) {}

  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    const vectors: Float32Array[] = [];
    for (let start = 0; start < texts.length; start += BATCH_SIZE) {
      const batch = texts.slice(start, start + BATCH_SIZE).map((text) => text.slice(0, MAX_TEXT_LENGTH));
      vectors.push(...(await this.request(batch)));
    }
    return vectors;
  }

  async warmUp(): Promise<Float32Array | undefined> {
    return (await this.embed(['warm-up']))[0];
  }

  async close(): Promise<void> {
    clearTimeout(this.idleTimer);
    const worker = this.worker;
    this.worker = undefined;
    this.failAll(new EmbeddingError('The embedder was closed.'));
    await worker?.terminate();
  }

  private request(texts: string[]): Promise<Float32Array[]> {
    if (texts.length === 0) return Promise.resolve([]);
    clearTimeout(this.idleTimer);
    const worker = this.startWorker();
    const id = this.nextId++;
    return new Promise<Float32Array[]>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      const message: EmbedRequest = { id, texts };
      worker.postMessage(message);
    });
  }

  private startWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = spawnWorker();
    // An idle worker must not keep the process alive (a CLI command would never exit).
    worker.unref();
    worker.on('message', (response: EmbedResponse) => this.settle(response));
    worker.on('error', (error) => this.failAll(new EmbeddingError(`Embedding worker failed: ${error.message}`)));
    worker.on('exit', () => {
      if (this.worker === worker) this.worker = undefined;
      this.failAll(new EmbeddingError('Embedding worker exited.'));
    });
    this.worker = worker;
    return worker;
  }

  private settle(response: EmbedResponse): void {
    const pending = this.pending.get(response.id);
    if (!pending) return;
    this.pending.delete(response.id);
    if ('error' in response) pending.reject(new EmbeddingError(`Embedding failed: ${response.error}`));
    else {
      const { dimensions, vectors } = response;
      const count = dimensions === 0 ? 0 : vectors.length / dimensions;
      pending.resolve(
        Array.from({ length: count }, (_, index) =>
          normalize(vectors.subarray(index * dimensions, (index + 1) * dimensions)),
        ),
      );
    }
    if (this.pending.size === 0) this.scheduleIdleStop();
  }

  private scheduleIdleStop(): void {
    const idleMs = this.options.idleMs ?? 0;
    if (idleMs <= 0) return;
    this.idleTimer = setTimeout(() => void this.close(), idleMs);
    this.idleTimer.unref();
  }

  private failAll(error: EmbeddingError): void {
    for (const pending of this.pending.values()) pending.reject(error);
    this.pending.clear();
  }
}
