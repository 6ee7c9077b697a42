import type { Kysely } from 'kysely';
import type { DialectAdapter } from './dialect.js';
import { openPostgres } from './postgres/postgres-dialect.js';
import type { DatabaseSchema } from './schema.js';
import { openSqlite } from './sqlite/sqlite-dialect.js';

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
 * dialect's adapter built once for it.
 *
 * @example
 * const database = openDatabase({ dataDir: './data' });
 */
export function openDatabase(options: DatabaseOptions): Database {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.poolSize ?? 10) : openSqlite(options.dataDir);
}
