import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { wordHashVector } from './test-embedder.js';

export interface EmbeddingsStub {
  /** Base URL for HEARBACK_EMBEDDINGS_URL (`/embeddings` is appended by the client). */
  url: string;
  /** Every input text received, in order. */
  inputs: string[];
  /** Holds request number `n` (1-based) and later ones until {@link release}. */
  holdFrom(n: number): void;
  release(): void;
  /** Resolves when request number `n` has arrived. */
  arrived(n: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * A local OpenAI-compatible `POST /embeddings` service for tests of the built CLI and server (the
 * real providers are outside services): real HTTP, deterministic vectors, and a gate to hold a
 * request mid-run.
 */
export async function startEmbeddingsStub(dimensions = 16): Promise<EmbeddingsStub> {
  const inputs: string[] = [];
  let count = 0;
  let holdFrom = Number.POSITIVE_INFINITY;
  let released: (() => void) | undefined;
  let gate = new Promise<void>((resolve) => {
    released = resolve;
  });
  const waiters: { n: number; resolve(): void }[] = [];
  const server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => {
      raw += chunk;
    });
    request.on('end', async () => {
      const number = ++count;
      for (const waiter of waiters.splice(0)) {
        if (waiter.n <= number) waiter.resolve();
        else waiters.push(waiter);
      }
      if (number >= holdFrom) await gate;
      const body = JSON.parse(raw) as { input: string[] };
      inputs.push(...body.input);
      const data = body.input.map((text, index) => ({
        object: 'embedding',
        index,
        embedding: Array.from(wordHashVector(text, dimensions)),
      }));
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ object: 'list', data }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    inputs,
    holdFrom(n) {
      holdFrom = n;
      gate = new Promise<void>((resolve) => {
        released = resolve;
      });
    },
    release() {
      holdFrom = Number.POSITIVE_INFINITY;
      released?.();
    },
    arrived(n) {
      if (count >= n) return Promise.resolve();
      return new Promise<void>((resolve) => waiters.push({ n, resolve }));
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
