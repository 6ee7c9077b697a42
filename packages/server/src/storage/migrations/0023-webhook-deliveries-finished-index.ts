import { type Kysely, type SqlBool, sql } from 'kysely';

/**
 * Finished deliveries (succeeded or failed for good) by last activity, for housekeeping's retention
 * (`pruneFinishedBefore`): without it each batch of the prune would scan the whole delivery log.
 * Partial, so the worker's claims and records of pending and in-flight deliveries never write to it,
 * and a planner never prefers it for their reads; a delivery enters it once, when it finishes.
 * The predicate is the one the prune writes, literally (SQLite uses a partial index only then).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('webhook_deliveries_finished_idx')
    .on('webhook_deliveries')
    .column('updated_at')
    .where(sql<SqlBool>`status in ('succeeded', 'failed')`)
    .execute();
}
