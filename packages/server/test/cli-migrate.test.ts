import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Migrator } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/storage/database.js';
import { migrationProvider } from '../src/storage/migrations/index.js';
import { SQLITE_FILE_NAME } from '../src/storage/sqlite/sqlite-dialect.js';
import { runCli, useBuiltCli } from './support/built-cli.js';
import { type DialectName, dialectsUnderTest, postgresAdminUrl } from './support/harness.js';
import { createTestDatabase } from './support/postgres-server.js';

// An operator upgrading runs `hearback migrate` and reads what it did: the migrations it applied,
// then, run again, that nothing was left (it said "up to date" either way). The CLI as shipped
// (dist/cli.js), in child processes, on a database as the release before 0021 left it.

const SECRET = 'an operator secret of at least thirty-two characters';

/** A data directory (and on PostgreSQL a database) migrated up to `migration`, as an older release leaves it. */
async function olderInstallation(dialect: DialectName, dataDir: string, migration: string) {
  const created = dialect === 'postgres' ? await createTestDatabase(postgresAdminUrl()) : undefined;
  const database = await openDatabase({ dataDir, databaseUrl: created?.url });
  try {
    const migrator = new Migrator({ db: database.db, provider: migrationProvider({ dialect }) });
    const { error } = await migrator.migrateTo(migration);
    if (error) throw error;
  } finally {
    await database.close();
  }
  return { env: { DATABASE_URL: created?.url ?? '', HEARBACK_SECRET: SECRET }, drop: () => created?.drop() };
}

describe('hearback migrate', () => {
  const newDir = useBuiltCli('cli-migrate');

  for (const dialect of dialectsUnderTest()) {
    it(`names the migrations it applies, then says there is nothing left [${dialect}]`, async () => {
      const dataDir = join(newDir(), 'data');
      const installation = await olderInstallation(dialect, dataDir, '0021-page-started-visits');
      const newer = Object.keys(await migrationProvider({ dialect }).getMigrations())
        .sort()
        .filter((name) => name > '0021-page-started-visits');
      expect(newer.slice(0, 2)).toEqual(['0022-invites-one-open-per-email', '0023-webhook-deliveries-finished-index']);
      try {
        const first = await runCli(['migrate', '--data-dir', dataDir], installation.env);
        expect(first.code).toBe(0);
        expect(first.stdout).toBe(
          `Applied ${newer.length} migrations: ${newer.join(', ')}.\nDatabase is up to date (${dialect}).\n`,
        );

        const second = await runCli(['migrate', '--data-dir', dataDir], installation.env);
        expect(second.code).toBe(0);
        expect(second.stdout).toBe(`Nothing to migrate. Database is up to date (${dialect}).\n`);
      } finally {
        await installation.drop();
      }
    });
  }

  // Processes starting at once on a new SQLite file (a server and `hearback init`, two servers
  // brought up together) each migrate it. Kysely's Migrator applied SQLite's migrations statement by
  // statement, with no transaction and no lock: all but one failed ("table … already exists", or a
  // column another's half-applied migration had not added yet). They must take turns.
  it('several at once on a new SQLite file: every one succeeds, each migration applied once [sqlite]', async () => {
    const known = Object.keys(await migrationProvider({ dialect: 'sqlite' }).getMigrations()).sort();
    for (let attempt = 0; attempt < 2; attempt++) {
      const dataDir = join(newDir(), 'data');
      const results = await Promise.all(Array.from({ length: 4 }, () => runCli(['migrate', '--data-dir', dataDir])));
      for (const result of results) expect(result, result.stderr).toMatchObject({ code: 0, stderr: '' });
      // One applied them all, whole; the others waited for it and found nothing left.
      expect(results.filter((result) => result.stdout.startsWith('Applied ')).map((result) => result.stdout)).toEqual([
        `Applied ${known.length} migrations: ${known.join(', ')}.\nDatabase is up to date (sqlite).\n`,
      ]);
      const sqlite = new Database(join(dataDir, SQLITE_FILE_NAME), { readonly: true });
      try {
        expect(sqlite.prepare('select name from kysely_migration order by name').pluck().all()).toEqual(known);
      } finally {
        sqlite.close();
      }
    }
  });
});
