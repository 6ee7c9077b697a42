import type { SqliteDialectConfig } from 'kysely';
import { CompiledQuery, type DatabaseConnection, type Driver, SqliteDialect, SqliteDriver } from 'kysely';

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

/**
 * Kysely's SQLite dialect with transactions opened by `BEGIN IMMEDIATE` instead of `BEGIN`.
 * Two connections write the file (the server's and the `/collect` writer thread's; the CLI too).
 * A deferred transaction that reads first and writes later fails with SQLITE_BUSY at once,
 * without waiting, when the other connection committed in between (its snapshot is stale);
 * taking the write lock up front makes it wait for the lock (busy_timeout) instead.
 *
 * @example
 * const db = new Kysely<Schema>({ dialect: new ImmediateSqliteDialect({ database }) });
 */
export class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly dialectConfig: SqliteDialectConfig) {
    super(dialectConfig);
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.dialectConfig);
  }
}
