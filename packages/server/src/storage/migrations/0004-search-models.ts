import type { Kysely } from 'kysely';

/**
 * The embedding model (and its dimension) each organization's search uses, and whether its items
 * are still being re-embedded after a model change. A row per organization, written when the
 * server starts with an embedder and when a reindex finishes; `dim` is null until a vector exists.
 * The previous model and dimension name what a running reindex replaces (its sqlite-vec table).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('search_models')
    .addColumn('org_id', 'text', (column) => column.primaryKey().references('organizations.id').onDelete('cascade'))
    .addColumn('model', 'text', (column) => column.notNull())
    .addColumn('dim', 'integer')
    .addColumn('state', 'text', (column) => column.notNull())
    .addColumn('previous_model', 'text')
    .addColumn('previous_dim', 'integer')
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();
}
