import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Dialect } from './migrations/context.js';
import type { DatabaseSchema } from './schema.js';
import { cachedSqlite } from './sqlite/statement-cache.js';

export type { Dialect };

export interface Database {
  db: Kysely<DatabaseSchema>;
  dialect: Dialect;
  /** Where the data lives, for start-up output: a file path or a redacted URL. */
  location: string;
  /**
   * Moves whenever the data may have changed (a write here, a commit elsewhere), so hot lookups
   * can be cached safely. Absent where no cheap check exists (PostgreSQL).
   */
  changeVersion?: () => number;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent the embedded SQLite file is used. */
  databaseUrl?: string | undefined;
  /** Directory for the SQLite file (`hearback.db`). */
  dataDir: string;
  /** PostgreSQL pool size. */
  poolSize?: number;
}

/**
 * Opens the embedded SQLite file or a PostgreSQL pool behind one Kysely instance.
 *
 * @example
 * const database = openDatabase({ dataDir: './data' });
 */
export function openDatabase(options: DatabaseOptions): Database {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.poolSize ?? 10) : openSqlite(options.dataDir);
}

function openSqlite(dataDir: string): Database {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'hearback.db');
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  // FULL syncs the WAL on every commit: a 201 means the row survives power loss.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  // The CLI may write while the server runs; wait for its lock instead of failing.
  sqlite.pragma('busy_timeout = 5000');
  const { database, changeVersion } = cachedSqlite(sqlite, { lookupIndependentTables: LOOKUP_INDEPENDENT_TABLES });
  const db = new Kysely<DatabaseSchema>({ dialect: new SqliteDialect({ database }) });
  return { db, dialect: 'sqlite', location: file, changeVersion, close: () => db.destroy() };
}

/**
 * Tables that the cached key and inbox lookups never read and whose writes cascade into no table
 * they do: `/collect` batches write only these, so they leave the lookup caches warm.
 */
const LOOKUP_INDEPENDENT_TABLES: ReadonlySet<string> = new Set(['feedback', 'outbox', 'usage', 'notes']);

const INT8_OID = 20;

function openPostgres(url: string, poolSize: number): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    // Counts and serial columns are int8; ours stay far below 2^53.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID
          ? (value: string) => Number(value)
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle connection that the server drops (restart, failover, pg_terminate_backend) is an
  // 'error' on the pool; unheard, it would crash the process. The pool has already discarded that
  // connection and opens a new one on the next query, so there is nothing else to do.
  pool.on('error', () => {});
  const db = new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', location: redactUrl(url), close: () => db.destroy() };
}

function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'postgres';
  }
}
