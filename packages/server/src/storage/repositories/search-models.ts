import type { Executor } from './executor.js';

export type SearchModelsTable = {
  org_id: string;
  model: string;
  dim: number | null;
  /** `ready`: every item with a comment was embedded by `model` when last checked; `reindexing`: not yet. */
  state: string;
  previous_model: string | null;
  previous_dim: number | null;
  updated_at: string;
};

export type SearchModelState = 'ready' | 'reindexing';

/** The embedding model an organization's search uses (migration 0004). */
export interface SearchModel {
  orgId: string;
  model: string;
  /** Vector length; null until the first vector of the model is stored. */
  dim: number | null;
  state: SearchModelState;
  /** What a running reindex replaces; null when none. */
  previousModel: string | null;
  previousDim: number | null;
  updatedAt: string;
}

function toSearchModel(row: SearchModelsTable): SearchModel {
  return {
    orgId: row.org_id,
    model: row.model,
    dim: row.dim,
    state: row.state as SearchModelState,
    previousModel: row.previous_model,
    previousDim: row.previous_dim,
    updatedAt: row.updated_at,
  };
}

export function searchModelsRepository(executor: Executor) {
  const db = executor.withTables<{ search_models: SearchModelsTable }>();
  return {
    async list(): Promise<SearchModel[]> {
      const rows = await db.selectFrom('search_models').selectAll().orderBy('org_id').execute();
      return rows.map(toSearchModel);
    },

    async find(orgId: string): Promise<SearchModel | undefined> {
      const row = await db.selectFrom('search_models').selectAll().where('org_id', '=', orgId).executeTakeFirst();
      return row && toSearchModel(row);
    },

    /** Inserts or replaces the organization's record. */
    async save(record: SearchModel): Promise<void> {
      const row: SearchModelsTable = {
        org_id: record.orgId,
        model: record.model,
        dim: record.dim,
        state: record.state,
        previous_model: record.previousModel,
        previous_dim: record.previousDim,
        updated_at: record.updatedAt,
      };
      await db
        .insertInto('search_models')
        .values(row)
        .onConflict((conflict) =>
          conflict.column('org_id').doUpdateSet({
            model: row.model,
            dim: row.dim,
            state: row.state,
            previous_model: row.previous_model,
            previous_dim: row.previous_dim,
            updated_at: row.updated_at,
          }),
        )
        .execute();
    },
  };
}

export type SearchModelsRepository = ReturnType<typeof searchModelsRepository>;
