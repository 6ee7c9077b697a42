import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { FeedbackFilters, FeedbackType } from '../../domain/feedback.js';
import type { DialectAdapter } from '../dialect.js';
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

/** An item of a period with its vector, as themes cluster it. */
export interface EmbeddedComment extends EmbeddedVersion {
  comment: string;
  type: FeedbackType;
  score: number | null;
  vector: Uint8Array;
}

/**
 * When an item and its vector were last written: with its id, what tells one state of the item's
 * clustering inputs from another (see services/period-themes-cache.ts).
 */
export interface EmbeddedVersion {
  feedbackId: string;
  updatedAt: string;
  embeddedAt: string;
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
 * Stored embeddings: written by the embedding job, read by vector search. Where the database has a
 * vector index (sqlite-vec), the same writes keep it in step.
 */
export function embeddingsRepository(executor: Executor, dialect: DialectAdapter) {
  const { vectorIndex } = dialect;
  const db = executor.withTables<SearchTables>();
  /** The newest `limit` items with a vector of `model` (newest first: ids sort by creation), with their versions. */
  const newestEmbeddedQuery = (scope: BrandScope, filters: FeedbackFilters, model: string, limit: number) =>
    db
      .selectFrom('feedback')
      .innerJoin('feedback_embeddings', 'feedback_embeddings.feedback_id', 'feedback.id')
      .select(['feedback.id', 'feedback.updated_at', 'feedback_embeddings.embedded_at'])
      .where(joinedFeedbackMatches(scope, filters))
      .where('feedback_embeddings.model', '=', model)
      .orderBy('feedback.id', 'desc')
      .limit(limit);
  return {
    /** True when vector search can use sqlite-vec. */
    hasSqliteVec: vectorIndex.kind === 'sqlite-vec',

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
        .$call((query) => dialect.forKeyShare(query))
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
      await vectorIndex.add(executor, model, stored);
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
     * The newest `limit` items the scope may see under the filters that have a vector of `model`,
     * with their comments and scores (newest first: ids sort by creation): what themes cluster.
     */
    async newestEmbedded(
      scope: BrandScope,
      filters: FeedbackFilters,
      model: string,
      limit: number,
    ): Promise<EmbeddedComment[]> {
      const rows = await newestEmbeddedQuery(scope, filters, model, limit)
        .select(['feedback.comment', 'feedback.type', 'feedback.score', 'feedback_embeddings.vector'])
        .execute();
      return rows.map((row) => ({
        feedbackId: row.id,
        updatedAt: row.updated_at,
        embeddedAt: row.embedded_at,
        comment: row.comment ?? '',
        // The column holds what /collect accepted: one of the types.
        type: row.type as FeedbackType,
        score: row.score === null ? null : Number(row.score),
        vector: row.vector,
      }));
    },

    /**
     * The versions of the rows `newestEmbedded` reads with the same arguments, without their
     * comments and vectors: a cheap read that tells whether those rows changed.
     */
    async newestEmbeddedVersions(
      scope: BrandScope,
      filters: FeedbackFilters,
      model: string,
      limit: number,
    ): Promise<EmbeddedVersion[]> {
      const rows = await newestEmbeddedQuery(scope, filters, model, limit).execute();
      return rows.map((row) => ({ feedbackId: row.id, updatedAt: row.updated_at, embeddedAt: row.embedded_at }));
    },

    /**
     * Items the scope may see under the filters with a comment (not blank) but no vector of
     * `model` yet: the embedding job has them still to do.
     */
    async countUnembedded(scope: BrandScope, filters: FeedbackFilters, model: string): Promise<number> {
      const row = await db
        .selectFrom('feedback')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where(joinedFeedbackMatches(scope, filters))
        .where(sql<string>`trim(feedback.comment)`, '<>', '')
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('feedback_embeddings')
                .select('feedback_embeddings.feedback_id')
                .whereRef('feedback_embeddings.feedback_id', '=', 'feedback.id')
                .where('feedback_embeddings.model', '=', model),
            ),
          ),
        )
        .executeTakeFirst();
      return Number(row?.count ?? 0);
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
      return vectorIndex.nearestInOrg(executor, { orgId, model, vector, dimensions, k });
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
