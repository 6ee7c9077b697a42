import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { NoDatabaseError } from '../no-database.js';
import { SQLITE_FILE_NAME } from './sqlite-dialect.js';

/**
 * The SQLite file of `dataDir`, which must exist (opening it would create it); a
 * {@link NoDatabaseError} naming the fix otherwise.
 *
 * @example
 * const file = existingSqliteFile('./data'); // 'data/hearback.db'
 */
export function existingSqliteFile(dataDir: string): string {
  const file = join(dataDir, SQLITE_FILE_NAME);
  if (!existsSync(file)) {
    throw new NoDatabaseError(
      `There is no Hearback database in ${dataDir} (no ${SQLITE_FILE_NAME}). Pass the data directory the server uses (--data-dir or HEARBACK_DATA_DIR; DATABASE_URL for PostgreSQL); \`hearback init\` or \`hearback serve\` creates a new instance.`,
    );
  }
  return file;
}
