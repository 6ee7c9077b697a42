import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/config.js';
import { createRuntime, type Runtime } from '../../src/runtime.js';
import { createTestDatabase } from '../support/postgres-server.js';
import { testEmbedder } from '../support/test-embedder.js';

/**
 * A runtime on a fresh database for the fuzzer: a SQLite file, or a database of the PostgreSQL
 * server at `postgresUrl`; search on, with the deterministic test embedder (no model to load), so
 * search and `similar` answer with scores; jobs run when the fuzzer asks.
 */
export async function openFuzzRuntime(
  dialect: 'sqlite' | 'postgres',
  postgresUrl?: string,
): Promise<{ runtime: Runtime; cleanup(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hearback-fuzz-'));
  const database = dialect === 'postgres' ? await createTestDatabase(postgresUrl ?? '') : undefined;
  const config = loadConfig(
    {},
    {
      dataDir,
      databaseUrl: database?.url,
      runJobs: false,
      logLevel: 'silent',
      search: { embedder: 'local', idleMs: 0 },
    },
  );
  const runtime = await createRuntime(config, undefined, { embedder: testEmbedder('fuzz-words', 16) });
  return {
    runtime,
    async cleanup() {
      await runtime.close();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
