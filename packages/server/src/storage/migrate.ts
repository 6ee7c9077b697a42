import { DEFAULT_MIGRATION_TABLE, Migrator, sql } from 'kysely';
import type { Database } from './database.js';
import { migrationProvider } from './migrations/index.js';

/** The migrations the database has recorded, sorted; undefined when it has no migration table yet. */
async function recordedMigrations(database: Database): Promise<string[] | undefined> {
  try {
    const { rows } = await sql<{ name: string }>`select name from ${sql.table(DEFAULT_MIGRATION_TABLE)}`.execute(
      database.db,
    );
    return rows.map((row) => row.name).sort();
  } catch {
    return undefined;
  }
}

/** Whether the database holds Hearback's tables (a migration was ever applied to it). */
export async function migrationsRecorded(database: Database): Promise<boolean> {
  return (await recordedMigrations(database)) !== undefined;
}

/** Brings the schema to the latest migration; safe to run on every start and from several processes. */
export async function migrateToLatest(database: Database): Promise<string[]> {
  const provider = migrationProvider({ dialect: database.dialect.name });
  const known = Object.keys(await provider.getMigrations()).sort();
  // Every start but the first finds nothing to do: one read says so, where the Migrator would
  // introspect the schema twice, take its lock and read its state (a few ms of CPU per runtime on
  // SQLite, round trips on PostgreSQL). Any other state (new, behind, or unknown migrations) goes
  // to the Migrator, which applies or refuses as before.
  const recorded = await recordedMigrations(database);
  if (recorded?.length === known.length && recorded.every((name, index) => name === known[index])) return [];
  const migrator = new Migrator({ db: database.db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    throw new Error(`Database migration failed: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
