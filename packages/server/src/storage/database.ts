import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import * as sqliteVec from 'sqlite-vec';
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
  /**
   * SQLite only: runs `work` on the connection, held for it alone, with `synchronous = NORMAL`, so
   * its commits skip the fsync of the WAL. They are durable once anything later is: the next
   * FULL commit syncs the whole WAL, theirs included. Only for writes whose loss on power failure
   * is harmless (the relay's leases and completions: a lost one means an event is handled again,
   * which at-least-once delivery allows). Never call it inside a transaction (the connection is
   * held by that transaction: deadlock).
   */
  unsynced?: <T>(work: (db: Kysely<DatabaseSchema>) => Promise<T>) => Promise<T>;
  /**
   * PostgreSQL only: runs fixed SQL as a named prepared statement (parsed and planned once per
   * connection, no Kysely compile per call). For the queries every request makes.
   */
  runPrepared?: (name: string, text: string, values: unknown[]) => Promise<Record<string, unknown>[]>;
  /** SQLite only: the sqlite-vec extension is loaded (vector search uses it when true). */
  sqliteVec?: boolean;
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
  const vectorExtension = loadSqliteVec(sqlite);
  const { database, changeVersion } = cachedSqlite(sqlite, { lookupIndependentTables: LOOKUP_INDEPENDENT_TABLES });
  const db = new Kysely<DatabaseSchema>({ dialect: new SqliteDialect({ database }) });
  // Not prepared once: SQLite applies `pragma synchronous = …` when the statement is prepared, so
  // re-running a kept statement does nothing until a schema change re-prepares it (on a database
  // that needed no migration, the first relay writes stayed FULL).
  const normal = () => sqlite.pragma('synchronous = NORMAL');
  const full = () => sqlite.pragma('synchronous = FULL');
  // Kysely's SQLite driver has one connection behind a mutex: while `work` holds it, no other
  // query (a group commit, an API write) can run, let alone commit without its fsync.
  const unsynced = <T>(work: (db: Kysely<DatabaseSchema>) => Promise<T>): Promise<T> =>
    db.connection().execute(async (connection) => {
      normal();
      try {
        return await work(connection);
      } finally {
        full();
      }
    });
  return {
    db,
    dialect: 'sqlite',
    location: file,
    changeVersion,
    unsynced,
    sqliteVec: vectorExtension,
    close: () => db.destroy(),
  };
}

/** Vector search falls back to an exact scan where the platform has no sqlite-vec binary. */
function loadSqliteVec(sqlite: SqliteDatabase.Database): boolean {
  try {
    sqliteVec.load(sqlite);
    return true;
  } catch {
    return false;
  }
}

/**
 * Tables that the cached key and inbox lookups never read and whose writes cascade into no table
 * they do: `/collect` batches write only these, so they leave the lookup caches warm.
 */
const LOOKUP_INDEPENDENT_TABLES: ReadonlySet<string> = new Set([
  'feedback',
  'outbox',
  'usage',
  'notes',
  'feedback_embeddings',
]);

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
  const runPrepared = async (name: string, text: string, values: unknown[]) =>
    (await pool.query<Record<string, unknown>>({ name, text, values })).rows;
  return { db, dialect: 'postgres', location: redactUrl(url), runPrepared, close: () => db.destroy() };
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
