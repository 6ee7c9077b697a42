import { Kysely, type QueryResult } from 'kysely';
import type { Settled } from '../lib/group-commit.js';
import { spawnWorker } from '../lib/spawn-worker.js';
import type { CollectBatchWriter } from '../services/collect.js';
import type { CollectResult } from '../services/collect-batch.js';
import type { Database } from '../storage/database.js';
import type { NewFeedback } from '../storage/repositories/feedback.js';
import type { DatabaseSchema } from '../storage/schema.js';
import {
  type CollectWriterData,
  type CollectWriterRequest,
  type CollectWriterResponse,
  fromWireError,
  fromWireSettled,
} from './collect-writer-protocol.js';
import { remoteSqliteDialect } from './remote-sqlite-dialect.js';

export interface CollectWriter {
  /** Commits a batch on the writer thread; resolves with its outcomes once it is durable. */
  write: CollectBatchWriter;
  /** {@link Database.unsynced} on the writer thread's connection: single statements only. */
  unsynced: NonNullable<Database['unsynced']>;
  /** Closes the thread's connection and ends the thread; call once nothing is in flight. */
  close(): Promise<void>;
}

interface Pending {
  resolve(value: Settled<CollectResult>[] | QueryResult<unknown>): void;
  reject(error: Error): void;
}

type Request = { items: NewFeedback[] } | { sql: string; parameters: readonly unknown[] };

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
        else if ('result' in response) waiting?.resolve(response.result);
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

  const ask = (request: Request): Promise<Settled<CollectResult>[] | QueryResult<unknown>> => {
    if (exited) return Promise.reject(exited);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage({ ...request, id } as CollectWriterRequest);
    });
  };
  const remote = new Kysely<DatabaseSchema>({
    dialect: remoteSqliteDialect((sql, parameters) => ask({ sql, parameters }) as Promise<QueryResult<unknown>>),
  });
  return {
    write: (items) => ask({ items }) as Promise<Settled<CollectResult>[]>,
    unsynced: (work) => work(remote),
    async close() {
      if (exited) return;
      const done = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      worker.postMessage({ close: true } satisfies CollectWriterRequest);
      await done;
    },
  };
}
