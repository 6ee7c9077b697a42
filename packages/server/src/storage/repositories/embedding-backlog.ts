import { sql } from 'kysely';
import type { VectorIndexTables } from '../dialect.js';
import type { PendingFeedback, SearchTables } from './embeddings.js';
import type { Executor } from './executor.js';

/** A vector space: vectors of one model and length. */
export interface ModelSpace {
  model: string;
  dim: number;
}

/**
 * What reindexing reads and cleans: the items of an organization still to embed with a model, and
 * the vectors of other models it leaves behind. Pages go by id (ids sort by creation), so a run
 * moves forward even past an item the embedder returned nothing for.
 */
export function embeddingBacklogRepository(executor: Executor, vectorIndex: VectorIndexTables) {
  const db = executor.withTables<SearchTables>();

  /**
   * Items of the organization (of one brand with `brandId`) with a comment that is not blank;
   * `missingModel`: only those without its vector. The embedding job embeds exactly these, so an
   * item counted as missing is one the job will reach.
   */
  function itemsQuery(orgId: string, missingModel: string | undefined, brandId?: string | null) {
    let query = db
      .selectFrom('feedback')
      .where('feedback.org_id', '=', orgId)
      .where(sql<string>`trim(feedback.comment)`, '<>', '');
    if (brandId) query = query.where('feedback.brand_id', '=', brandId);
    if (missingModel !== undefined) {
      query = query.where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('feedback_embeddings')
              .select('feedback_embeddings.feedback_id')
              .whereRef('feedback_embeddings.feedback_id', '=', 'feedback.id')
              .where('feedback_embeddings.model', '=', missingModel),
          ),
        ),
      );
    }
    return query;
  }

  async function spaces(orgId: string): Promise<ModelSpace[]> {
    const rows = await db
      .selectFrom('feedback_embeddings')
      .innerJoin('feedback', 'feedback.id', 'feedback_embeddings.feedback_id')
      .select(['feedback_embeddings.model', 'feedback_embeddings.dim'])
      .where('feedback.org_id', '=', orgId)
      .groupBy(['feedback_embeddings.model', 'feedback_embeddings.dim'])
      .orderBy('feedback_embeddings.model')
      .execute();
    return rows.map((row) => ({ model: row.model, dim: Number(row.dim) }));
  }

  return {
    /**
     * The next `limit` items with a comment, oldest first: after `afterId` (exclusive) or from
     * `fromId` (inclusive; neither: from the start); with `missingModel`, only those that have no
     * vector of it.
     */
    async page(
      orgId: string,
      options: {
        missingModel?: string | undefined;
        afterId?: string | null | undefined;
        fromId?: string | undefined;
        limit: number;
      },
    ): Promise<PendingFeedback[]> {
      let query = itemsQuery(orgId, options.missingModel).select([
        'feedback.id',
        'feedback.org_id',
        'feedback.comment',
      ]);
      if (options.afterId) query = query.where('feedback.id', '>', options.afterId);
      if (options.fromId) query = query.where('feedback.id', '>=', options.fromId);
      const rows = await query.orderBy('feedback.id').limit(options.limit).execute();
      return rows.map((row) => ({ id: row.id, orgId: row.org_id, comment: row.comment ?? '' }));
    },

    /**
     * How many items {@link page} would walk through from the start; with `brandId`, only the
     * brand's. One query: an index range over the organization's items and a key probe each.
     */
    async count(
      orgId: string,
      options: { missingModel?: string | undefined; brandId?: string | null | undefined },
    ): Promise<number> {
      const row = await itemsQuery(orgId, options.missingModel, options.brandId)
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** The vector spaces the organization's stored vectors are in. */
    spaces,

    /**
     * Deletes the organization's vectors of every model but `keepModel`, and their rows in the
     * vector index (sqlite-vec) for those spaces and for `alsoSpaces` (spaces whose stored vectors
     * were already replaced, so only their index copies remain). Call inside a transaction.
     */
    async removeOtherModels(orgId: string, keepModel: string, alsoSpaces: readonly ModelSpace[] = []): Promise<void> {
      const stale = [...(await spaces(orgId)), ...alsoSpaces].filter((space) => space.model !== keepModel);
      await db
        .deleteFrom('feedback_embeddings')
        .where('model', '<>', keepModel)
        .where('feedback_id', 'in', (eb) => eb.selectFrom('feedback').select('id').where('org_id', '=', orgId))
        .execute();
      await vectorIndex.removeOrganization(executor, orgId, stale);
    },
  };
}

export type EmbeddingBacklogRepository = ReturnType<typeof embeddingBacklogRepository>;
