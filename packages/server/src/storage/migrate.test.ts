import type { KyselyPlugin } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { dialectsUnderTest, sharedTestDatabase } from '../../test/support/harness.js';
import { databaseMigratedTo } from '../../test/support/migrated-database.js';
import { type Database, openDatabase } from './database.js';
import { migrateToLatest } from './migrate.js';
import { migrationProvider } from './migrations/index.js';

/** The database as before, counting the statements run through it. */
function counted(database: Database): { database: Database; statements: () => number } {
  let statements = 0;
  const counter: KyselyPlugin = {
    transformQuery: (args) => {
      statements += 1;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return { database: { ...database, db: database.db.withPlugin(counter) }, statements: () => statements };
}

for (const dialect of dialectsUnderTest()) {
  describe(`migrateToLatest [${dialect}]`, () => {
    const cleanups: (() => Promise<void>)[] = [];
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    });

    it('finds an up-to-date database up to date with one read, as every start after the first does', async () => {
      const shared = await sharedTestDatabase(dialect);
      cleanups.push(() => shared.cleanup());
      const opened = await openDatabase({ dataDir: shared.dataDir, databaseUrl: shared.databaseUrl });
      cleanups.push(() => opened.close());
      const { database, statements } = counted(opened);

      expect(await migrateToLatest(database)).toEqual([]);
      expect(statements()).toBe(1);
    });

    it('still applies what a database lacks', async () => {
      const names = Object.keys(await migrationProvider({ dialect }).getMigrations()).sort();
      const database = await databaseMigratedTo(dialect, names.at(-2) as string, cleanups);

      expect(await migrateToLatest(database)).toEqual([names.at(-1)]);
      expect(await migrateToLatest(database)).toEqual([]);
    });
  });
}
