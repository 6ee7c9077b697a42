import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  type DialectAdapter as KyselyDialectAdapter,
  type SqlBool,
  SqliteAdapter,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  sql,
} from 'kysely';
import * as sqliteVec from 'sqlite-vec';
import type { Database } from '../database.js';
import {
  type DialectAdapter,
  IN_PROCESS_WAKE_UPS,
  NO_VECTOR_INDEX,
  type OutboxLogOrder,
  type VectorIndexTables,
} from '../dialect.js';
import { VersionedCache } from '../lookup-cache.js';
import { collectLookupByFinders } from '../repositories/collect-lookup.js';
import type { DatabaseSchema } from '../schema.js';
import { sqliteFullTextMatches } from './full-text.js';
import { cachedSqlite } from './statement-cache.js';
import { SqliteVecTables } from './vec-tables.js';

/**
 * Tables that the cached key and inbox lookups never read and whose writes cascade into no table
 * they do: `/collect` batches (feedback, its outbox event, usage and daily counts) and the relay
 * that reads them back (consumer positions, retries, deliveries) write only these, so they leave
 * the lookup caches warm under load.
 */
const LOOKUP_INDEPENDENT_TABLES: ReadonlySet<string> = new Set([
  'feedback',
  'feedback_daily_counts',
  'feedback_daily_totals',
  'feedback_tags',
  'outbox',
  'outbox_consumers',
  'outbox_retries',
  'usage',
  'notes',
  'feedback_embeddings',
  'webhook_deliveries',
  'webhook_attempts',
]);

/** One writer commits at a time: `seq` order is commit order, and every committed row is readable. */
const SQLITE_OUTBOX_LOG: OutboxLogOrder = {
  positionTx: sql<string>`'0'`,
  after: (position) => sql<boolean>`seq > ${position.seq}`,
  readableAfter: (position) => sql<boolean>`seq > ${position.seq}`,
  atOrBefore: (position) => sql<boolean>`seq <= ${position.seq}`,
  order: [sql`seq`],
};

/** The database file in a data directory. */
export const SQLITE_FILE_NAME = 'hearback.db';

/** How long a connection waits for another's write lock (a server's, a CLI command's) before failing. */
export const SQLITE_BUSY_TIMEOUT_MS = 5000;

/**
 * Opens (creating it if need be) `hearback.db` in `dataDir`: WAL, commits synced to disk,
 * statements kept prepared, sqlite-vec loaded where the platform has its binary.
 *
 * @example
 * const database = openSqlite('./data');
 */
export function openSqlite(dataDir: string): Database {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, SQLITE_FILE_NAME);
  const sqlite = new SqliteDatabase(file);
  useWal(sqlite);
  // FULL syncs the WAL on every commit: a 201 means the row survives power loss.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  // The CLI may write while the server runs; wait for its lock instead of failing.
  sqlite.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  const vectorIndex = loadSqliteVec(sqlite);
  const { database, changeVersion } = cachedSqlite(sqlite, { lookupIndependentTables: LOOKUP_INDEPENDENT_TABLES });
  const db = new Kysely<DatabaseSchema>({ dialect: new WriteLockFirstSqliteDialect({ database }) });
  // Not prepared once: SQLite applies `pragma synchronous = …` when the statement is prepared, so
  // re-running a kept statement does nothing until a schema change re-prepares it (on a database
  // that needed no migration, the first relay writes stayed FULL).
  const normal = () => sqlite.pragma('synchronous = NORMAL');
  const full = () => sqlite.pragma('synchronous = FULL');

  const dialect: DialectAdapter = {
    name: 'sqlite',
    commitConcurrency: 1,
    largeExpressionRead: (executor, work) => work(executor),
    unsynced: (executor, work) =>
      executor.isTransaction
        ? work(executor)
        : // Kysely's SQLite driver has one connection behind a mutex: while `work` holds it, no
          // other query (a group commit, an API write) can run, let alone commit without its fsync.
          executor.connection().execute(async (connection) => {
            normal();
            try {
              return await work(connection);
            } finally {
              full();
            }
          }),
    // A write transaction holds the whole database: no other writer reads the rows meanwhile.
    transactionLock: async () => {},
    forUpdate: (query) => query,
    forUpdateSkipLocked: (query) => query,
    forKeyShare: (query) => query,
    dailyCountLocks: { forCounting: async () => {}, forRebuild: async () => {} },
    outboxLog: SQLITE_OUTBOX_LOG,
    fullTextMatches: sqliteFullTextMatches,
    // json_each compares the member's name as it is: no JSON path to escape it into.
    jsonMemberIs: (column, key, value, comparison = 'exact') => {
      const text = comparison === 'exact' ? sql`json_each.value` : sql`lower(trim(json_each.value))`;
      const equals = typeof value === 'string' ? sql`= ${value}` : sql`in (${sql.join([...value])})`;
      return sql<SqlBool>`exists (select 1 from json_each(${sql.ref(column)}) where json_each.key = ${key} and json_each.type = 'text' and ${text} ${equals})`;
    },
    vectorIndex,
    lookupCache: () => new VersionedCache(changeVersion),
    collectLookup: collectLookupByFinders,
    collectInsert: undefined,
    outboxWakeUps: IN_PROCESS_WAKE_UPS,
  };
  return { db, dialect, location: file, close: () => db.destroy() };
}

/** How long to wait between attempts at a new file's switch to WAL. */
const WAL_SWITCH_RETRY_MS = 10;

/**
 * Switches the file to WAL (a setting kept in the file: once switched, this is a no-op). The switch
 * needs the database to itself, and SQLite answers SQLITE_BUSY at once, without waiting out
 * `busy_timeout`, while another process switches the same new file (waiting could deadlock, so it
 * does not): processes starting together on a new data directory failed their start with "database
 * is locked". Tried again, for as long as a lock is waited for elsewhere.
 */
function useWal(sqlite: SqliteDatabase.Database): void {
  const deadline = Date.now() + SQLITE_BUSY_TIMEOUT_MS;
  for (;;) {
    try {
      const mode = sqlite.pragma('journal_mode = WAL', { simple: true });
      if (mode !== 'wal') throw new Error(`SQLite kept the journal mode "${String(mode)}" where WAL was asked for.`);
      return;
    } catch (error) {
      const busy = error instanceof SqliteDatabase.SqliteError && error.code === 'SQLITE_BUSY';
      if (!busy || Date.now() >= deadline) throw error;
      // Synchronous, as opening is: a few milliseconds at a first start, never on a served request.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, WAL_SWITCH_RETRY_MS);
    }
  }
}

/**
 * Kysely's SQLite transactions begin deferred: the write lock is taken at the first write. When
 * another process (a CLI command, a second server) commits between such a transaction's first read
 * and its first write, SQLite refuses the write at once with SQLITE_BUSY_SNAPSHOT, without waiting
 * out `busy_timeout`: `hearback init` failed with "database is locked" while the server ingested,
 * and the server answered 503 for the batch it was committing. `begin immediate` takes the write
 * lock first, so two writers wait for each other instead. In one process nothing waits longer: a
 * transaction already holds Kysely's only connection for its whole length.
 *
 * Its migrations run in such a transaction too (see {@link TransactionalDdlSqliteAdapter}).
 */
class WriteLockFirstSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new WriteLockFirstSqliteDriver(this.#config);
  }

  override createAdapter(): KyselyDialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}

/**
 * Kysely's Migrator runs SQLite's migrations statement by statement, outside any transaction and
 * without a lock (its adapter says SQLite has no transactional DDL, which it has). Two processes
 * starting on a new database file (a server and `hearback init`, two servers) then both read "no
 * migration applied" and both applied them: all but one failed their start with "table … already
 * exists" or worse, a column missing that the other's half-applied migration had not added yet; and
 * a start stopped mid-migration left a schema no later start could finish. In a transaction (`begin
 * immediate`, above) the pending migrations apply whole or not at all, one process at a time: the
 * next waits for the write lock, then finds them applied.
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

class WriteLockFirstSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

/** Vector search falls back to an exact scan where the platform has no sqlite-vec binary. */
function loadSqliteVec(sqlite: SqliteDatabase.Database): VectorIndexTables {
  try {
    sqliteVec.load(sqlite);
    return new SqliteVecTables();
  } catch {
    return NO_VECTOR_INDEX;
  }
}
