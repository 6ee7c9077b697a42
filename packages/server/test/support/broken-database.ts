import { join } from 'node:path';
import Database from 'better-sqlite3';

/**
 * Drops `table` from the SQLite database of a CLI data directory, under a server or before a command:
 * a real, unexpected storage failure ("no such table") for the next statement that reads it.
 *
 * @example
 * dropTable(dataDir, 'organizations'); // `hearback orgs list` now fails
 */
export function dropTable(dataDir: string, table: string): void {
  const db = new Database(join(dataDir, 'hearback.db'));
  try {
    db.exec(`DROP TABLE ${table}`);
  } finally {
    db.close();
  }
}
