import type { RawBuilder, SelectQueryBuilder, SqlBool } from 'kysely';
import type { FeedbackFilters } from '../domain/feedback.js';
import type { VersionedCache } from './lookup-cache.js';
import type { Dialect } from './migrations/context.js';
import type { BrandScope } from './repositories/brands.js';
import type { CollectInsertRepository } from './repositories/collect-insert.js';
import type { CollectFinders, CollectLookup } from './repositories/collect-lookup.js';
import type { Executor } from './repositories/executor.js';
import type { StreamPosition } from './repositories/outbox.js';

/** Some feedback items of an organization, or all of one of its inboxes. */
export type FeedbackRows = { orgId: string; ids: readonly string[] } | { orgId: string; inboxId: string };

/** The columns that hold a JSON object as text, which {@link DialectAdapter.jsonMemberIs} reads. */
export type JsonTextColumn =
  | 'feedback.context'
  | 'page_responses.context'
  | 'page_responses.contact'
  | 'outbox.payload'
  | 'webhook_deliveries.payload';

/** How {@link DialectAdapter.jsonMemberIs} compares a member's text: as it is, or trimmed and lower-cased. */
export type JsonTextComparison = 'exact' | 'caseless';

/**
 * Everything SQLite and PostgreSQL do differently, behind one interface built once when the
 * database opens (`storage/sqlite/sqlite-dialect.ts`, `storage/postgres/postgres-dialect.ts`).
 * Repositories write their SQL once in Kysely and call this where the dialects differ; none of
 * them asks which dialect it runs on. Migrations still branch on the dialect's name: DDL differs
 * column by column, and each branch there runs once.
 */
export interface DialectAdapter {
  /** For start-up output and migrations only. */
  readonly name: Dialect;

  /** Batches worth committing at once: SQLite commits one at a time whatever is asked. */
  readonly commitConcurrency: number;

  /**
   * Runs writes whose loss on power failure is harmless: the outbox relay's leases and completions
   * (a lost one means an event is handled again, which at-least-once delivery allows) and usage
   * counts whose loss favours the customer, and feedback pages' view and start counts. They commit
   * without waiting for an fsync of their own (SQLite: `synchronous = NORMAL`; PostgreSQL:
   * connections of their own with `synchronous_commit = off`) and are durable once anything later
   * is (the next synced commit syncs the whole WAL). Inside a transaction they are part of it, as
   * synced as it.
   */
  unsynced<T>(db: Executor, work: (db: Executor) => Promise<T>): Promise<T>;

  /**
   * Runs a read whose SQL holds a large expression (the trends' bucket search, hundreds of
   * comparisons). PostgreSQL would compile it with LLVM once the plan looks costly (JIT), which
   * took 15 s for a year by day over a million rows; there it runs in a transaction with `jit`
   * off. SQLite has no JIT: it runs as given.
   */
  largeExpressionRead<T>(db: Executor, work: (db: Executor) => Promise<T>): Promise<T>;

  /**
   * Orders writes of the daily feedback counts against a change of an organization's time zone,
   * which counts its days anew: a write must not count days in a zone read before the change and
   * commit after it. PostgreSQL locks the table (a batch takes a lock every batch may share,
   * before it reads the zone; a rebuild one that waits for them all and holds new ones back);
   * on SQLite one writer at a time already orders them. Inside a transaction.
   */
  readonly dailyCountLocks: {
    /** Before reading the zone to count new items in. */
    forCounting(db: Executor): Promise<void>;
    /** Before changing the zone and counting again. */
    forRebuild(db: Executor): Promise<void>;
  };

  /**
   * Holds the lock `name` until the transaction ends: transactions of any process taking the same
   * name run one after the other, even where no row exists yet to lock (PostgreSQL: an advisory
   * lock). On SQLite a write transaction already holds the whole database. Inside a transaction.
   */
  transactionLock(db: Executor, name: string): Promise<void>;

  /** Locks the rows read until the transaction ends, so two processes cannot both change them. */
  forUpdate<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O>;

  /** {@link forUpdate}, passing over rows another transaction holds: processes claim disjoint rows. */
  forUpdateSkipLocked<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O>;

  /**
   * Keeps the rows read from being deleted until the transaction ends, as a foreign key check
   * would, without blocking other readers or updates of other columns.
   */
  forKeyShare<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O>;

  /** Where a row of `outbox` is in the log, and which rows a reader may take (see OutboxLogOrder). */
  readonly outboxLog: OutboxLogOrder;

  /**
   * Up to `limit` items the scope may see under the filters whose comment has any of `terms`
   * (already normalized, see query-terms.ts), best match first (ties: newest id first).
   */
  fullTextMatches(
    db: Executor,
    scope: BrandScope,
    filters: FeedbackFilters,
    terms: readonly string[],
    limit: number,
  ): Promise<{ id: string; comment: string | null }[]>;

  /**
   * A condition on the rows of `column`'s table: the JSON object stored as text in `column` has
   * the top-level member `key`, a JSON string, whose text is `value` (a number or an object with the
   * same spelling does not match; an erasure's rows). `caseless` compares the member's text trimmed
   * and lower-cased, for a `value` the caller trimmed and lower-cased (ASCII: an email address).
   * Several values: the text is any of them (the events of some items, by their `id`).
   */
  jsonMemberIs(
    column: JsonTextColumn,
    key: string,
    value: string | readonly string[],
    comparison?: JsonTextComparison,
  ): RawBuilder<SqlBool>;

  /** The approximate nearest-neighbour index kept beside `feedback_embeddings`, if the platform has one. */
  readonly vectorIndex: VectorIndexTables;

  /**
   * A cache for the lookups of every request (API keys, inboxes) that knows when the data changed,
   * where that is cheap to know (SQLite's change counters); `undefined` where it is not.
   */
  lookupCache<V>(): VersionedCache<V> | undefined;

  /** The key and inbox reads of every `POST /collect`, in as few round trips as the dialect allows. */
  collectLookup(finders: CollectFinders): CollectLookup;

  /**
   * A `/collect` batch stored in one statement outside any transaction, where that saves round
   * trips (PostgreSQL); `undefined` on SQLite, where a batch is one local transaction.
   */
  readonly collectInsert: CollectInsertRepository | undefined;

  /**
   * How outbox readers in other processes learn that events were committed (see OutboxWakeUps):
   * PostgreSQL's LISTEN/NOTIFY; nothing on SQLite, where one process owns the file.
   */
  readonly outboxWakeUps: OutboxWakeUps;
}

/**
 * A hint, never the truth: a reader woken reads the outbox from its position, and one that misses
 * a wake-up (a dropped connection, a process that wrote without announcing) still polls.
 */
export interface OutboxWakeUps {
  /** Tells readers in other processes that events were committed. Coalesced; never throws. */
  announce(): void;
  /**
   * Calls `onWake` when another process announces events, and after every reconnection (what
   * was announced meanwhile is lost), until `close`. Errors go to `onError`; it reconnects.
   */
  listen(onWake: () => void, onError?: (error: unknown) => void): OutboxWakeUpListener;
}

export interface OutboxWakeUpListener {
  close(): Promise<void>;
}

/** One process per database (SQLite): its own commits wake its readers directly; nothing to announce. */
export const IN_PROCESS_WAKE_UPS: OutboxWakeUps = {
  announce: () => {},
  listen: () => ({ close: async () => {} }),
};

/**
 * Order in the outbox log (see StreamPosition). On SQLite one writer commits at a time, so `seq`
 * order is commit order and `tx` is always '0'. On PostgreSQL `seq` is drawn before commit, so a
 * later `seq` may commit first: the log is read in (transaction id, seq) order, and only below the
 * oldest running transaction, so a late commit is never skipped.
 */
export interface OutboxLogOrder {
  /** A row's `position.tx`, as text. */
  readonly positionTx: RawBuilder<string>;
  /** Rows after `position`, committed or still being written. */
  after(position: StreamPosition): RawBuilder<boolean>;
  /** Rows after `position` that a reader may take now: no running transaction can add one before them. */
  readableAfter(position: StreamPosition): RawBuilder<boolean>;
  /** Rows at or before `position`. */
  atOrBefore(position: StreamPosition): RawBuilder<boolean>;
  /** The log order, most significant first. */
  readonly order: readonly RawBuilder<unknown>[];
}

/** A vector space's rows to index: vectors of one model, each of `dim` floats. */
export interface IndexedVector {
  feedbackId: string;
  vector: Uint8Array;
  dim: number;
}

/**
 * An approximate k-nearest index over stored embeddings (sqlite-vec), or none: then vector search
 * scans the stored vectors exactly (vector-index.ts), and the writes below do nothing.
 */
export interface VectorIndexTables {
  readonly kind: 'sqlite-vec' | 'none';
  /** Copies vectors just stored in `feedback_embeddings` into the index; in the same transaction. */
  add(db: Executor, model: string, items: readonly IndexedVector[]): Promise<void>;
  /** Removes the organization's rows from the index tables of these vector spaces; in a transaction. */
  removeOrganization(db: Executor, orgId: string, spaces: readonly { model: string; dim: number }[]): Promise<void>;
  /**
   * Removes the index rows of the items `which` names (some items, or an inbox's) in these vector
   * spaces; in the transaction that deletes the items, before it does (rows are found by the items'
   * rowids). Left behind, they crowd a search's candidates until it falls back to the exact scan.
   */
  removeFeedback(db: Executor, which: FeedbackRows, spaces: readonly { model: string; dim: number }[]): Promise<void>;
  /** Ids and distances of the `k` nearest in the organization's partition, nearest first. */
  nearestInOrg(
    db: Executor,
    query: { orgId: string; model: string; vector: Uint8Array; dimensions: number; k: number },
  ): Promise<{ feedbackId: string; distance: number }[]>;
}

/** No vector index: PostgreSQL (without pgvector support yet) and SQLite without the sqlite-vec binary. */
export const NO_VECTOR_INDEX: VectorIndexTables = {
  kind: 'none',
  add: async () => {},
  removeOrganization: async () => {},
  removeFeedback: async () => {},
  nearestInOrg: async () => {
    throw new Error('no vector index on this database: search scans the stored vectors');
  },
};
