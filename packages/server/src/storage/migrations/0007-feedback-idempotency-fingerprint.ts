import type { Kysely } from 'kysely';

/**
 * `/collect` answers a repeated idempotency key (`Idempotency-Key` or `eventId`) with the first
 * submission's id only when the repeat is the same submission; a different one is refused (422
 * `idempotency_key_reused`), as on every other write. The row keeps a fingerprint of what was
 * submitted under its key (see ingest/collect-fingerprint.ts) to compare a repeat with. Rows
 * stored before have none: a repeat of one is taken as the same submission, as it was then.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('feedback').addColumn('idempotency_fingerprint', 'text').execute();
}
