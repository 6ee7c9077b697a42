import type { Settled } from '../lib/group-commit.js';
import { spawnWorker } from '../lib/spawn-worker.js';
import type { CollectBatchWriter } from '../services/collect.js';
import type { CollectResult } from '../services/collect-batch.js';
import {
  type CollectWriterData,
  type CollectWriterRequest,
  type CollectWriterResponse,
  fromWireError,
  fromWireSettled,
} from './collect-writer-protocol.js';

export interface CollectWriter {
  /** Commits a batch on the writer thread; resolves with its outcomes once it is durable. */
  write: CollectBatchWriter;
  /** Lets the batch in flight finish, then closes the thread's connection and ends the thread. */
  close(): Promise<void>;
}

interface Pending {
  resolve(outcomes: Settled<CollectResult>[]): void;
  reject(error: Error): void;
}

/**
 * Starts the SQLite writer thread: `/collect` batches are inserted and committed (with fsync) on a
 * connection of their own in a worker thread, so the main thread keeps parsing, authenticating and
 * answering requests while a batch is written. Resolves once the thread has opened the database.
 *
 * @example
 * const writer = await startCollectWriter({ dataDir: './data' });
 * const outcomes = await writer.write(items);
 */
export async function startCollectWriter(data: CollectWriterData): Promise<CollectWriter> {
  const worker = spawnWorker(import.meta.url, 'collect-writer.worker', { workerData: data });
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let exited: Error | undefined;
  const failAll = (error: Error) => {
    exited ??= error;
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  };

  await new Promise<void>((resolve, reject) => {
    worker.on('message', (response: CollectWriterResponse) => {
      if ('ready' in response) resolve();
      else if ('failed' in response) reject(new Error(`Collect writer thread failed to start: ${response.failed}`));
      else {
        const waiting = pending.get(response.id);
        pending.delete(response.id);
        if ('error' in response) waiting?.reject(fromWireError(response.error));
        else waiting?.resolve(response.outcomes.map(fromWireSettled));
      }
    });
    worker.on('error', (error) => {
      const failure = new Error(`Collect writer thread failed: ${error.message}`, { cause: error });
      failAll(failure);
      reject(failure);
    });
    worker.on('exit', () => {
      const failure = new Error('Collect writer thread exited.');
      failAll(failure);
      reject(failure);
    });
  });

  const send = (request: CollectWriterRequest) => worker.postMessage(request);
  return {
    write(items) {
      if (exited) return Promise.reject(exited);
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        send({ id, items });
      });
    },
    async close() {
      if (exited) return;
      const done = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      send({ close: true });
      await done;
    },
  };
}
