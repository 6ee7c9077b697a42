import type { Kysely } from 'kysely';
import type { DialectAdapter } from './dialect.js';
import type { DatabaseSchema } from './schema.js';

export interface Database {
  db: Kysely<DatabaseSchema>;
  /** What this database does its own way; repositories call it instead of asking which one it is. */
  dialect: DialectAdapter;
  /** Where the data lives, for start-up output: a file path or a redacted URL. */
  location: string;
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
 * Opens the embedded SQLite file or a PostgreSQL pool behind one Kysely instance, with the
 * dialect's adapter built once for it. Only the chosen dialect's driver is loaded: a SQLite
 * server never loads `pg`, nor a PostgreSQL one `better-sqlite3` (start-up time).
 *
 * @example
 * const database = await openDatabase({ dataDir: './data' });
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const { openPostgres } = await import('./postgres/postgres-dialect.js');
    return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  }
  const { openSqlite } = await import('./sqlite/sqlite-dialect.js');
  return openSqlite(options.dataDir);
}
