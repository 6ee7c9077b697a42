import { type Database, type DatabaseOptions, openDatabase } from './database.js';
import { migrationsRecorded } from './migrate.js';
import { NoDatabaseError } from './no-database.js';

/**
 * Opens the database of an existing instance: the SQLite file must exist and either database must
 * hold Hearback's tables; otherwise a {@link NoDatabaseError}, with nothing created. What the
 * commands that read or change an instance open (an older schema is still theirs to migrate).
 *
 * @example
 * const database = await openExistingDatabase({ dataDir: './data' });
 */
export async function openExistingDatabase(options: DatabaseOptions): Promise<Database> {
  // Loaded for SQLite only, as the dialects are (openDatabase): a PostgreSQL run never loads better-sqlite3.
  if (!options.databaseUrl) (await import('./sqlite/existing-sqlite-file.js')).existingSqliteFile(options.dataDir);
  const database = await openDatabase(options);
  if (await migrationsRecorded(database)) return database;
  await database.close();
  throw new NoDatabaseError(
    options.databaseUrl
      ? `The PostgreSQL database ${database.location} has no Hearback tables. Check DATABASE_URL; \`hearback init\`, \`hearback serve\` or \`hearback migrate\` creates them.`
      : `There is no Hearback database in ${options.dataDir} (${database.location} has no Hearback tables).`,
  );
}
