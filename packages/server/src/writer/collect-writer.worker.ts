/**
 * Worker thread of {@link startCollectWriter}: its own better-sqlite3 connection to the server's
 * SQLite file (WAL lets it write while the main thread's connection reads), committing `/collect`
 * batches with the service's own rules and answering each with its outcomes once the commit, fsync
 * included, has returned. The relay's bookkeeping writes run here too, so that the main thread
 * never waits for this connection's write lock (SQLite's busy handler would block its event loop).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { CompiledQuery } from 'kysely';
import { commitCollectBatch } from '../services/collect-batch.js';
import { openDatabase } from '../storage/database.js';
import { createStore } from '../storage/store.js';
import {
  type CollectWriterData,
  type CollectWriterRequest,
  type CollectWriterResponse,
  toWireError,
  toWireSettled,
} from './collect-writer-protocol.js';

if (!parentPort) throw new Error('collect-writer.worker must run in a worker thread');
const port = parentPort;
const post = (response: CollectWriterResponse) => port.postMessage(response);

try {
  const { dataDir } = workerData as CollectWriterData;
  const database = openDatabase({ dataDir });
  const store = createStore(database);
  const { unsynced } = database;
  if (!unsynced) throw new Error('The collect writer needs a SQLite database.');
  // Kysely's SQLite driver holds its one connection per transaction, so batches that overlap
  // here still commit one after another.
  port.on('message', async (request: CollectWriterRequest) => {
    if ('close' in request) {
      await database.close();
      port.close();
      return;
    }
    try {
      if ('sql' in request) {
        const { sql, parameters } = request;
        const result = await unsynced((db) => db.executeQuery(CompiledQuery.raw(sql, [...parameters])));
        post({ id: request.id, result });
        return;
      }
      const outcomes = await store.transaction((tx) => commitCollectBatch(tx, request.items));
      post({ id: request.id, outcomes: outcomes.map(toWireSettled) });
    } catch (error) {
      post({ id: request.id, error: toWireError(error) });
    }
  });
  post({ ready: true });
} catch (error) {
  post({ failed: error instanceof Error ? error.message : String(error) });
}
