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
 * sqlite-vec `vec0` tables, one per model and dimension (a vec0 column has a fixed size), created
 * on first use and filled from `feedback_embeddings`, so the extension may arrive after the data.
 * Its rows are keyed by the feedback row's rowid and carry the feedback id, which readers check.
 */
export class SqliteVecTables {
  private readonly ready = new Set<string>();

  static tableName(model: string, dimensions: number): string {
    return `vec_${model
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .slice(0, 48)}_${dimensions}`;
  }

  async ensure(db: Executor, model: string, dimensions: number): Promise<string> {
    const name = SqliteVecTables.tableName(model, dimensions);
    if (this.ready.has(name)) return name;
    const existing = await sql<{ name: string }>`select name from sqlite_master where name = ${name}`.execute(db);
    if (existing.rows.length === 0) {
      await sql`create virtual table ${sql.table(name)} using vec0(
          org_id text partition key,
          embedding float[${sql.raw(String(dimensions))}] distance_metric=cosine,
          +feedback_id text
        )`.execute(db);
      await sql`insert into ${sql.table(name)} (rowid, org_id, embedding, feedback_id)
          select f.rowid, f.org_id, e.vector, f.id from feedback_embeddings e join feedback f on f.id = e.feedback_id
          where e.model = ${model} and e.dim = ${dimensions}`.execute(db);
    }
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
     * Items of the organization from `fromId` on (ids sort by creation) that have a comment but no
     * embedding of `model`, oldest first: one burst of collected feedback becomes one batch.
     */
    async pending(orgId: string, model: string, fromId: string, limit: number): Promise<PendingFeedback[]> {
      const rows = await db
        .selectFrom('feedback')
        .leftJoin('feedback_embeddings', (join) =>
          join.onRef('feedback_embeddings.feedback_id', '=', 'feedback.id').on('feedback_embeddings.model', '=', model),
        )
        .select(['feedback.id', 'feedback.org_id', 'feedback.comment'])
        .where('feedback.org_id', '=', orgId)
        .where('feedback.id', '>=', fromId)
        .where('feedback.comment', 'is not', null)
        .where('feedback_embeddings.feedback_id', 'is', null)
        .orderBy('feedback.id')
        .limit(limit)
        .execute();
      return rows.map((row) => ({ id: row.id, orgId: row.org_id, comment: row.comment ?? '' }));
    },

    /** Inserts or replaces embeddings; call inside a transaction (two tables on SQLite with sqlite-vec). */
    async upsertMany(model: string, items: { feedbackId: string; vector: Uint8Array; dim: number }[], now: string) {
      if (items.length === 0) return;
      await db
        .insertInto('feedback_embeddings')
        .values(
          items.map((item) => ({
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
      if (!vecTables || dialect !== 'sqlite') return;
      for (const item of items) {
        const table = sql.table(await vecTables.ensure(executor, model, item.dim));
        // vec0 has no upsert; a rowid left by a deleted item may also have been reused.
        await sql`delete from ${table} where rowid = (select rowid from feedback where id = ${item.feedbackId})`.execute(
          executor,
        );
        await sql`insert into ${table} (rowid, org_id, embedding, feedback_id)
            select rowid, org_id, ${item.vector}, id from feedback where id = ${item.feedbackId}`.execute(executor);
      }
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

    /** sqlite-vec k-nearest in the organization's partition: ids and cosine distances, nearest first. */
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
          where embedding match ${vector} and k = ${k} and org_id = ${orgId}
          order by distance`.execute(executor);
      return result.rows.map((row) => ({ feedbackId: row.feedback_id, distance: row.distance }));
    },

    /** Which of `ids` the scope may see under the filters (the vector index knows only organizations). */
    async visibleAmong(scope: BrandScope, filters: FeedbackFilters, ids: readonly string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .selectFrom('feedback')
        .select('id')
        .where(feedbackMatches(scope, filters))
        .where('id', 'in', ids)
        .execute();
      return new Set(rows.map((row) => row.id));
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
