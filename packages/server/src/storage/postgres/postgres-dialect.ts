import { Kysely, PostgresDialect, type SqlBool, sql } from 'kysely';
import pg from 'pg';
import type { Database } from '../database.js';
import { type DialectAdapter, NO_VECTOR_INDEX, type OutboxLogOrder } from '../dialect.js';
import { collectInsertRepository } from '../repositories/collect-insert.js';
import { preparedCollectLookup } from '../repositories/collect-lookup.js';
import type { Executor } from '../repositories/executor.js';
import type { DatabaseSchema } from '../schema.js';
import { postgresFullTextMatches } from './full-text.js';
import { postgresOutboxWakeUps } from './outbox-notifications.js';
import { preparedOn } from './run-prepared.js';

const INT8_OID = 20;

/** Batches in flight: enough to overlap round trips and fsyncs, few for the pool. */
const COMMIT_CONCURRENCY = 3;

/**
 * Connections for unsynced writes (the relay's bookkeeping, usage tallies, page counts): each
 * commits in a fraction of a millisecond, as it waits for no flush.
 */
const UNSYNCED_POOL_SIZE = 3;

/**
 * By (transaction id, seq), `outbox.tx` being the writer's xid8 (migration 0006); readable only
 * below the oldest transaction still running, which may yet commit a row before them.
 */
const POSTGRES_OUTBOX_LOG: OutboxLogOrder = {
  positionTx: sql<string>`outbox.tx::text`,
  after: (position) => sql<boolean>`(tx, seq) > (${position.tx}::xid8, ${position.seq})`,
  readableAfter: (position) =>
    sql<boolean>`(tx, seq) > (${position.tx}::xid8, ${position.seq}) and tx < pg_snapshot_xmin(pg_current_snapshot())`,
  atOrBefore: (position) => sql<boolean>`(tx, seq) <= (${position.tx}::xid8, ${position.seq})`,
  // Qualified: a bare `tx` in ORDER BY could name an output column of that name.
  order: [sql`outbox.tx`, sql`seq`],
};

/**
 * Opens a pool of `poolSize` connections to the PostgreSQL database at `url`, and a few more for
 * unsynced writes (connections are made on first use).
 *
 * @example
 * const database = openPostgres('postgres://localhost/hearback', 10);
 */
export function openPostgres(url: string, poolSize: number): Database {
  const pool = openPool(url, poolSize);
  const db = new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool }) });
  // Writes whose loss is harmless (DialectAdapter.unsynced) run on connections of their own whose
  // commits do not wait for their WAL flush: the whole session, set before its first use, so no
  // connection of the main pool ever commits that way, and each write stays one round trip.
  const unsyncedPool = openPool(url, UNSYNCED_POOL_SIZE);
  unsyncedPool.on('connect', (client) => {
    // Should it fail, the connection commits as any other: slower, never less durable.
    client.query('set synchronous_commit = off').catch(() => {});
  });
  const unsyncedDb = new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool: unsyncedPool }) });
  const runPrepared = preparedOn(pool);

  const dialect: DialectAdapter = {
    name: 'postgres',
    commitConcurrency: COMMIT_CONCURRENCY,
    unsynced: (executor, work) => work(executor.isTransaction ? executor : unsyncedDb),
    largeExpressionRead: async (executor, work) => {
      const withoutJit = async (trx: Executor) => {
        await sql`set local jit = off`.execute(trx);
        return work(trx);
      };
      return executor.isTransaction ? withoutJit(executor) : executor.transaction().execute(withoutJit);
    },
    forUpdate: (query) => query.forUpdate(),
    forUpdateSkipLocked: (query) => query.forUpdate().skipLocked(),
    forKeyShare: (query) => query.forKeyShare(),
    transactionLock: async (executor, name) => {
      await sql`select pg_advisory_xact_lock(hashtext(${name}))`.execute(executor);
    },
    // Row exclusive is what every insert takes anyway, shared by all batches; share row exclusive
    // conflicts with it and with itself (two rebuilds holding a shared lock would deadlock).
    dailyCountLocks: {
      forCounting: async (executor) => {
        await sql`lock table feedback_daily_counts in row exclusive mode`.execute(executor);
      },
      forRebuild: async (executor) => {
        await sql`lock table feedback_daily_counts in share row exclusive mode`.execute(executor);
      },
    },
    outboxLog: POSTGRES_OUTBOX_LOG,
    fullTextMatches: postgresFullTextMatches,
    // jsonb equality: a JSON string equal to the value, never a number spelled the same.
    jsonMemberIs: (column, key, value, comparison = 'exact') => {
      const member = sql`(${sql.ref(column)}::jsonb -> ${key}::text)`;
      const text = comparison === 'exact' ? sql`(${member} #>> '{}')` : sql`lower(trim(${member} #>> '{}'))`;
      const equals = typeof value === 'string' ? sql`= ${value}::text` : sql`= any(${[...value]}::text[])`;
      return sql<SqlBool>`(jsonb_typeof(${member}) = 'string' and ${text} ${equals})`;
    },
    // pgvector is not used yet: vector search scans the stored vectors.
    vectorIndex: NO_VECTOR_INDEX,
    // No cheap way to learn that another process changed a row: every lookup reads.
    lookupCache: () => undefined,
    collectLookup: () => preparedCollectLookup(db, runPrepared),
    collectInsert: collectInsertRepository(runPrepared),
    outboxWakeUps: postgresOutboxWakeUps(pool, url),
  };
  return {
    db,
    dialect,
    location: redactUrl(url),
    close: async () => {
      await Promise.all([db.destroy(), unsyncedDb.destroy()]);
    },
  };
}

/**
 * A pool of `size` connections to `url`, connected on first use. An idle connection that the
 * server drops (restart, failover, pg_terminate_backend) is an 'error' on the pool; unheard, it
 * would crash the process. The pool has already discarded that connection and opens a new one on
 * the next query, so there is nothing else to do.
 */
function openPool(url: string, size: number): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: size,
    // Counts and serial columns are int8; ours stay far below 2^53.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID
          ? (value: string) => Number(value)
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  pool.on('error', () => {});
  return pool;
}

function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'postgres';
  }
}
