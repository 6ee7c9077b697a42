import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { type Config, loadConfig } from '../../src/config.js';
import { createRuntime, type Runtime, type RuntimeOptions } from '../../src/runtime.js';
import type { DialectName } from './harness.js';
import { createTestDatabase } from './postgres-server.js';

export interface SharedDatabase {
  /** The SQLite data directory (also set for PostgreSQL, where it stays empty). */
  dataDir: string;
  /** The PostgreSQL database, or undefined on SQLite. */
  databaseUrl: string | undefined;
  /** A runtime on this database (search off unless `options.embedder` is given; jobs off unless asked). */
  open(overrides?: Partial<Config>, options?: RuntimeOptions): Promise<Runtime>;
  /** Closes every runtime `open` made that is still open, then removes the database. */
  cleanup(): Promise<void>;
}

/**
 * A fresh database of the dialect that runtimes (or `hearback serve` processes) open one after
 * another, as restarts of a server, or several servers, do.
 *
 * @example
 * const database = await sharedTestDatabase('sqlite');
 * const first = await database.open({ runJobs: true });
 */
export async function sharedTestDatabase(dialect: DialectName): Promise<SharedDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hearback-restart-'));
  const postgres = dialect === 'postgres' ? await createTestDatabase(inject('postgresUrl')) : undefined;
  const opened: Runtime[] = [];
  const closed = new WeakSet<Runtime>();
  return {
    dataDir,
    databaseUrl: postgres?.url,
    async open(overrides = {}, options = {}) {
      const config = loadConfig(
        {},
        {
          dataDir,
          databaseUrl: postgres?.url,
          runJobs: false,
          logLevel: 'silent',
          search: { embedder: 'off', idleMs: 0 },
          ...overrides,
        },
      );
      const runtime = await createRuntime(config, undefined, options);
      const close = runtime.close.bind(runtime);
      runtime.close = async () => {
        closed.add(runtime);
        await close();
      };
      opened.push(runtime);
      return runtime;
    },
    async cleanup() {
      for (const runtime of opened) if (!closed.has(runtime)) await runtime.close();
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
