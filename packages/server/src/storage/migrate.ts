import { Migrator } from 'kysely';
import type { Database } from './database.js';
import { migrationProvider } from './migrations/index.js';

/** Brings the schema to the latest migration; safe to run on every start and from several processes. */
export async function migrateToLatest(database: Database): Promise<string[]> {
  const migrator = new Migrator({
    db: database.db,
    provider: migrationProvider({ dialect: database.dialect.name }),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    throw new Error(`Database migration failed: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
