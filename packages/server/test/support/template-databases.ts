import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../src/storage/database.js';
import { migrateToLatest } from '../../src/storage/migrate.js';
import { createTestDatabase, type TestDatabase } from './postgres-server.js';

/** The migrated database every PostgreSQL server of the run holds, to clone per suite. */
export const POSTGRES_TEMPLATE = 'hb_template';

export interface TemplateDatabases {
  /** A migrated SQLite file; test runtimes start on a copy of it. */
  sqliteFile: string;
  remove(): Promise<void>;
}

/**
 * Migrates once per run: a SQLite file, and {@link POSTGRES_TEMPLATE} on each PostgreSQL server,
 * so each suite copies a finished schema instead of migrating its own. The runtime still runs
 * `migrateToLatest` on the copy (finding nothing to do); migrations themselves run on empty
 * databases in src/storage/migrations/*.test.ts and in the CLI and crash tests.
 */
export async function createTemplateDatabases(postgresAdminUrls: readonly string[]): Promise<TemplateDatabases> {
  const sqliteDir = mkdtempSync(join(tmpdir(), 'hearback-template-'));
  const sqlite = await openDatabase({ dataDir: sqliteDir });
  await migrateToLatest(sqlite);
  // Closing the last connection checkpoints the WAL into the file, so the file alone is complete.
  await sqlite.close();

  const postgres = await Promise.all(
    postgresAdminUrls.map(async (adminUrl): Promise<TestDatabase> => {
      const template = await createTestDatabase(adminUrl, { name: POSTGRES_TEMPLATE });
      const database = await openDatabase({ dataDir: sqliteDir, databaseUrl: template.url });
      await migrateToLatest(database);
      // A template must have no open connection while it is cloned.
      await database.close();
      return template;
    }),
  );
  return {
    sqliteFile: sqlite.location,
    async remove() {
      await Promise.all(postgres.map((template) => template.drop()));
      rmSync(sqliteDir, { recursive: true, force: true });
    },
  };
}
