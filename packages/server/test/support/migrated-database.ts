import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator } from 'kysely';
import { type Database, openDatabase } from '../../src/storage/database.js';
import { migrationProvider } from '../../src/storage/migrations/index.js';
import { type DialectName, postgresAdminUrl } from './harness.js';
import { createTestDatabase } from './postgres-server.js';

/**
 * A fresh database of the dialect migrated up to `migration` (included): the data of the release
 * before the next migration, to test that migration against. What it opens and creates is undone by
 * the functions it adds to `cleanups` (run them in reverse after the test).
 *
 * @example
 * const database = await databaseMigratedTo('sqlite', '0005-idempotency', cleanups);
 */
export async function databaseMigratedTo(
  dialect: DialectName,
  migration: string,
  cleanups: (() => Promise<void>)[],
): Promise<Database> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hearback-migration-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  let databaseUrl: string | undefined;
  if (dialect === 'postgres') {
    const created = await createTestDatabase(postgresAdminUrl());
    databaseUrl = created.url;
    cleanups.push(() => created.drop());
  }
  const database = await openDatabase({ dataDir, databaseUrl });
  cleanups.push(() => database.close());
  const migrator = new Migrator({ db: database.db, provider: migrationProvider({ dialect }) });
  const { error } = await migrator.migrateTo(migration);
  if (error) throw error;
  return database;
}
