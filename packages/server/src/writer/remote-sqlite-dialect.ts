import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';

/** Runs one compiled statement somewhere else (the writer thread) and resolves with its result. */
export type RunStatement = (sql: string, parameters: readonly unknown[]) => Promise<QueryResult<unknown>>;

class UnsupportedRemoteOperation extends Error {
  override name = 'UnsupportedRemoteOperation';
}

class RemoteConnection implements DatabaseConnection {
  constructor(private readonly run: RunStatement) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.run(query.sql, query.parameters) as Promise<QueryResult<R>>;
  }

  // biome-ignore lint/correctness/useYield: the interface wants a generator; streaming is refused.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new UnsupportedRemoteOperation('Streaming is not supported on the writer thread connection.');
  }
}

class RemoteDriver implements Driver {
  private readonly connection: RemoteConnection;

  constructor(run: RunStatement) {
    this.connection = new RemoteConnection(run);
  }

  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    return this.connection;
  }
  // Each statement is its own transaction on the other side: a transaction spanning several
  // messages would hold the writer thread's connection between them.
  async beginTransaction(): Promise<void> {
    throw new UnsupportedRemoteOperation('Transactions are not supported on the writer thread connection.');
  }
  async commitTransaction(): Promise<void> {
    throw new UnsupportedRemoteOperation('Transactions are not supported on the writer thread connection.');
  }
  async rollbackTransaction(): Promise<void> {
    throw new UnsupportedRemoteOperation('Transactions are not supported on the writer thread connection.');
  }
  async releaseConnection(): Promise<void> {}
  async destroy(): Promise<void> {}
}

/**
 * A Kysely dialect that compiles SQLite SQL here and runs each statement through `run`, e.g. on
 * the connection of another thread. Single statements only.
 *
 * @example
 * const db = new Kysely<Schema>({ dialect: remoteSqliteDialect((sql, parameters) => writer.run(sql, parameters)) });
 */
export function remoteSqliteDialect(run: RunStatement): Dialect {
  return {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new RemoteDriver(run),
    createIntrospector: (db: Kysely<unknown>) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  };
}
