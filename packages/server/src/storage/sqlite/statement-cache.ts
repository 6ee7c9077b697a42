import type SqliteDatabase from 'better-sqlite3';
import type { SqliteDatabase as KyselySqliteDatabase } from 'kysely';

/** Distinct statements kept prepared; past this the least recently used one is dropped. */
const DEFAULT_CAPACITY = 500;

export interface CachedSqliteOptions {
  capacity?: number;
  /**
   * Tables whose writes cannot change what cached lookups read (directly or through a foreign
   * key): writing them leaves {@link CachedSqlite.changeVersion} where it is.
   */
  lookupIndependentTables?: ReadonlySet<string>;
}

export interface CachedSqlite {
  /** The handle for Kysely's SqliteDialect. */
  database: KyselySqliteDatabase;
  /**
   * A number that moves whenever data that lookups read may have changed: at once on a write
   * statement of this connection (except to `lookupIndependentTables`), and from the next
   * event-loop turn on after a commit of another connection or process (SQLite's `data_version`).
   */
  changeVersion(): number;
}

// The table a Kysely-built write statement targets; anything else counts as touching every table.
const WRITE_TARGET = /^(?:insert into|update|delete from) "([^"]+)"/;

/**
 * Wraps a better-sqlite3 connection for Kysely so prepared statements are kept between queries:
 * Kysely prepares every query it runs, and for the short lookups of the request path preparing
 * costs more than running. Reuse is safe because Kysely runs a statement to completion (`all` or
 * `run`) before the next query; only `.stream()` iterates one, and nothing here streams (a stream
 * and a query of the same SQL at once would find the shared statement busy).
 *
 * @example
 * const { database, changeVersion } = cachedSqlite(new SqliteDatabase(file), { lookupIndependentTables });
 * const db = new Kysely<Schema>({ dialect: new SqliteDialect({ database }) });
 */
export function cachedSqlite(sqlite: SqliteDatabase.Database, options: CachedSqliteOptions = {}): CachedSqlite {
  const capacity = options.capacity ?? DEFAULT_CAPACITY;
  const independent = options.lookupIndependentTables ?? new Set<string>();
  const statements = new Map<string, SqliteDatabase.Statement>();
  const dataVersion = sqlite.prepare('pragma data_version').pluck();
  let lookupWrites = 0;
  let seenWrites = 0;
  let seenDataVersion: unknown;
  let version = 0;
  // data_version as read in the current event-loop turn (see changeVersion).
  let turnDataVersion: unknown;
  const readDataVersion = () => {
    if (turnDataVersion === undefined) {
      turnDataVersion = dataVersion.get();
      setImmediate(() => {
        turnDataVersion = undefined;
      });
    }
    return turnDataVersion;
  };
  return {
    database: {
      close: () => {
        statements.clear();
        sqlite.close();
      },
      prepare(sql: string) {
        let statement = statements.get(sql);
        if (statement) {
          // Re-inserted below: a Map iterates in insertion order, so the first key is the least recent.
          statements.delete(sql);
        } else {
          statement = sqlite.prepare(sql);
          if (statements.size >= capacity) {
            const oldest = statements.keys().next();
            if (!oldest.done) statements.delete(oldest.value);
          }
        }
        statements.set(sql, statement);
        // Kysely runs what it prepares at once, so counting here marks the change before it happens.
        if (!statement.readonly) {
          const table = WRITE_TARGET.exec(sql)?.[1];
          if (table === undefined || !independent.has(table)) lookupWrites++;
        }
        return statement;
      },
    },
    changeVersion() {
      // Another process's commit is looked for once per event-loop turn: the requests handled in a
      // turn were all received before it began, so none of them can follow a commit made during it.
      const current = readDataVersion();
      if (current !== seenDataVersion || lookupWrites !== seenWrites) {
        seenDataVersion = current;
        seenWrites = lookupWrites;
        version++;
      }
      return version;
    },
  };
}
