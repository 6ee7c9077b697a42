import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { FeedbackFilters } from '../../domain/feedback.js';
import type { Dialect } from '../migrations/context.js';
import type { DatabaseSchema } from '../schema.js';
import type { BrandScope } from './brands.js';
import type { Executor } from './executor.js';
import { feedbackMatches } from './feedback-filters.js';

export type FeedbackEmbeddingsTable = {
  feedback_id: string;
  /** The embedder's model id: vectors of different models are never compared. */
  model: string;
  dim: number;
  /** Float32 little-endian bytes of a unit vector. */
  vector: Uint8Array;
  embedded_at: string;
};

/** Tables of migration 0003 (FTS5 is SQLite only); typed here so `schema.ts` stays the core tables. */
export type SearchTables = {
  feedback_embeddings: FeedbackEmbeddingsTable;
  feedback_fts: { rowid: number; body: string; feedback_id: string };
};

export type SearchExecutor = Kysely<DatabaseSchema & SearchTables>;

export interface StoredEmbedding {
  feedbackId: string;
  vector: Uint8Array;
}

/** What still needs a vector: items with a comment and no embedding of `model`. */
export interface PendingFeedback {
  id: string;
  orgId: string;
  comment: string;
}

/**
 * The list's filters on a query whose `feedback` table is joined with others. The filters name
 * feedback's columns unqualified; none of the joined search tables has a column of those names.
 */
export function joinedFeedbackMatches(scope: BrandScope, filters: FeedbackFilters) {
  const matches = feedbackMatches(scope, filters);
  return <DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>) =>
    matches(eb as unknown as ExpressionBuilder<DatabaseSchema, 'feedback'>);
}

/**
 * Rows per vec0 chunk. vec0 (0.1.9) selects each chunk's k nearest in O(k × chunk) and merges
 * chunk results in O(k): with 1,024-row chunks (its default) a k of 800 costs 800 passes over the
 * partition; with 64-row chunks at most 64. Measured at 100k rows: k=1000 in 69 ms instead of 549.
 */
const VEC_CHUNK_SIZE = 64;

/**
 * sqlite-vec `vec0` tables, one per model and dimension (a vec0 column has a fixed size), created
 * on first use and filled from `feedback_embeddings`, so the extension may arrive after the data.
 * They hold each vector's signs as bits (`vec_quantize_binary`): the coarse k-nearest scan compares
 * 64 bytes a row by Hamming distance instead of 2 KB of floats, and the float vectors, which stay in
 * `feedback_embeddings`, re-score its candidates. Rows are keyed by the feedback row's rowid and
 * carry the feedback id, which readers check.
 */
export class SqliteVecTables {
  private readonly ready = new Set<string>();

  static tableName(model: string, dimensions: number): string {
    return `${SqliteVecTables.float32TableName(model, dimensions)}_bit`;
  }

  /** The float32 layout of the first release, replaced by the bit one on first use after an upgrade. */
  static float32TableName(model: string, dimensions: number): string {
    return `vec_${model
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .slice(0, 48)}_${dimensions}`;
  }

  async ensure(db: Executor, model: string, dimensions: number): Promise<string> {
    const name = SqliteVecTables.tableName(model, dimensions);
    if (this.ready.has(name)) return name;
    // All or nothing: a table left half filled (a crash) would be taken for a complete one. The
    // check is inside the transaction, so two first searches at once build it once.
    const build = async (tx: Executor) => {
      const existing = await sql<{ name: string }>`select name from sqlite_master where name = ${name}`.execute(tx);
      if (existing.rows.length > 0) return;
      await sql`create virtual table ${sql.table(name)} using vec0(
          org_id text partition key,
          embedding bit[${sql.raw(String(dimensions))}],
          +feedback_id text,
          chunk_size = ${sql.raw(String(VEC_CHUNK_SIZE))}
        )`.execute(tx);
      await sql`insert into ${sql.table(name)} (rowid, org_id, embedding, feedback_id)
          select f.rowid, f.org_id, vec_quantize_binary(e.vector), f.id
          from feedback_embeddings e join feedback f on f.id = e.feedback_id
          where e.model = ${model} and e.dim = ${dimensions}`.execute(tx);
      await sql`drop table if exists ${sql.table(SqliteVecTables.float32TableName(model, dimensions))}`.execute(tx);
    };
    await (db.isTransaction ? build(db) : db.transaction().execute(build));
    this.ready.add(name);
    return name;
  }
}

/**
 * Stored embeddings: written by the embedding job, read by vector search. On SQLite with
 * sqlite-vec the same writes keep the model's `vec0` table in step.
 */
export function embeddingsRepository(executor: Executor, dialect: Dialect, vecTables?: SqliteVecTables) {
  const db = executor.withTables<SearchTables>();
  return {
    /** True when vector search can use sqlite-vec. */
    hasSqliteVec: vecTables !== undefined,

    async find(feedbackId: string, model: string): Promise<Uint8Array | undefined> {
      const row = await db
        .selectFrom('feedback_embeddings')
        .select('vector')
        .where('feedback_id', '=', feedbackId)
        .where('model', '=', model)
        .executeTakeFirst();
      return row?.vector;
    },

    /** Ids among `ids` that already have an embedding of `model`. */
    async embeddedAmong(ids: readonly string[], model: string): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .selectFrom('feedback_embeddings')
        .select('feedback_id')
        .where('feedback_id', 'in', ids)
        .where('model', '=', model)
        .execute();
      return new Set(rows.map((row) => row.feedback_id));
    },

    /**
     * Inserts or replaces embeddings of the items that still exist, and returns how many it stored:
     * an item deleted while it was embedded (its inbox deleted) is skipped, not an error. Call inside
     * a transaction (two tables on SQLite with sqlite-vec).
     */
    async upsertMany(
      model: string,
      items: { feedbackId: string; vector: Uint8Array; dim: number }[],
      now: string,
    ): Promise<number> {
      if (items.length === 0) return 0;
      // On PostgreSQL the key-share lock holds off a delete until the commit, as the foreign key
      // check would; on SQLite the transaction has the only connection.
      const present = await db
        .selectFrom('feedback')
        .select('id')
        .where(
          'id',
          'in',
          items.map((item) => item.feedbackId),
        )
        .$if(dialect === 'postgres', (query) => query.forKeyShare())
        .execute();
      const ids = new Set(present.map((row) => row.id));
      const stored = items.filter((item) => ids.has(item.feedbackId));
      if (stored.length === 0) return 0;
      await db
        .insertInto('feedback_embeddings')
        .values(
          stored.map((item) => ({
            feedback_id: item.feedbackId,
            model,
            dim: item.dim,
            vector: item.vector,
            embedded_at: now,
          })),
        )
        .onConflict((conflict) =>
          conflict.column('feedback_id').doUpdateSet((eb) => ({
            model: eb.ref('excluded.model'),
            dim: eb.ref('excluded.dim'),
            vector: eb.ref('excluded.vector'),
            embedded_at: eb.ref('excluded.embedded_at'),
          })),
        )
        .execute();
      if (!vecTables || dialect !== 'sqlite') return stored.length;
      // Bits pack by bytes: other dimensions have no vec0 table (their search is the exact scan).
      for (const item of stored.filter((each) => each.dim % 8 === 0)) {
        const table = sql.table(await vecTables.ensure(executor, model, item.dim));
        // vec0 has no upsert; a rowid left by a deleted item may also have been reused.
        await sql`delete from ${table} where rowid = (select rowid from feedback where id = ${item.feedbackId})`.execute(
          executor,
        );
        await sql`insert into ${table} (rowid, org_id, embedding, feedback_id)
            select rowid, org_id, vec_quantize_binary(${item.vector}), id from feedback
            where id = ${item.feedbackId}`.execute(executor);
      }
      return stored.length;
    },

    /**
     * Every stored vector of `model` the scope may see under the filters, in id order from `afterId`:
     * the exact scan reads them page by page.
     */
    async scan(
      scope: BrandScope,
      filters: FeedbackFilters,
      model: string,
      page: { afterId: string | null; limit: number },
    ): Promise<StoredEmbedding[]> {
      let query = db
        .selectFrom('feedback')
        .innerJoin('feedback_embeddings', 'feedback_embeddings.feedback_id', 'feedback.id')
        .select(['feedback.id', 'feedback_embeddings.vector'])
        .where(joinedFeedbackMatches(scope, filters))
        .where('feedback_embeddings.model', '=', model);
      if (page.afterId) query = query.where('feedback.id', '>', page.afterId);
      const rows = await query.orderBy('feedback.id').limit(page.limit).execute();
      return rows.map((row) => ({ feedbackId: row.id, vector: row.vector }));
    },

    /**
     * sqlite-vec k-nearest in the organization's partition by the vectors' sign bits: ids and
     * Hamming distances, nearest first. Candidates for re-scoring, not the final order.
     */
    async nearestInOrg(
      orgId: string,
      model: string,
      vector: Uint8Array,
      dimensions: number,
      k: number,
    ): Promise<{ feedbackId: string; distance: number }[]> {
      if (!vecTables) throw new Error('sqlite-vec is not loaded');
      const table = sql.table(await vecTables.ensure(executor, model, dimensions));
      const result = await sql<{ feedback_id: string; distance: number }>`
          select feedback_id, distance from ${table}
          where embedding match vec_quantize_binary(${vector}) and k = ${k} and org_id = ${orgId}
          order by distance`.execute(executor);
      return result.rows.map((row) => ({ feedbackId: row.feedback_id, distance: row.distance }));
    },

    /**
     * The stored vectors of `model` among `ids` that the scope may see under the filters (the
     * vector index knows only organizations): the candidates' full vectors, for re-scoring.
     */
    async vectorsAmong(
      scope: BrandScope,
      filters: FeedbackFilters,
      model: string,
      ids: readonly string[],
    ): Promise<StoredEmbedding[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('feedback')
        .innerJoin('feedback_embeddings', 'feedback_embeddings.feedback_id', 'feedback.id')
        .select(['feedback.id', 'feedback_embeddings.vector'])
        .where(joinedFeedbackMatches(scope, filters))
        .where('feedback_embeddings.model', '=', model)
        .where('feedback.id', 'in', ids)
        .execute();
      return rows.map((row) => ({ feedbackId: row.id, vector: row.vector }));
    },
  };
}

export type EmbeddingsRepository = ReturnType<typeof embeddingsRepository>;

const vecTablesByDatabase = new WeakMap<object, SqliteVecTables>();

/** The database's vec0 table registry (shared by the store and its transactions); none without sqlite-vec. */
export function vecTablesFor(database: { sqliteVec?: boolean }): SqliteVecTables | undefined {
  if (!database.sqliteVec) return undefined;
  let tables = vecTablesByDatabase.get(database);
  if (!tables) {
    tables = new SqliteVecTables();
    vecTablesByDatabase.set(database, tables);
  }
  return tables;
}
