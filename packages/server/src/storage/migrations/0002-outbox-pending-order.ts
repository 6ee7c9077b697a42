import { type Kysely, sql } from 'kysely';

/**
 * The relay claims pending events in `seq` order. Indexed by `(available_at, seq)`, that order
 * could not come from the index, so the claim scanned the whole outbox, processed rows included:
 * a cost that grew with every event ever written. An index on `seq` over pending rows only lets
 * the claim walk just those, and serves `processed_at is null` counts as well.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('outbox_pending_seq_idx')
    .on('outbox')
    .column('seq')
    .where(sql.ref('processed_at'), 'is', null)
    .execute();
  await db.schema.dropIndex('outbox_pending_idx').execute();
}
