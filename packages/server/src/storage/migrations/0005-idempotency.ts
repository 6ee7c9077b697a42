import type { Kysely } from 'kysely';

/**
 * Responses of writes sent with an `Idempotency-Key`, kept for a day so a retry replays the first
 * response instead of writing twice. Scoped by API key: a brand-scoped key never receives a
 * response made for another key. The client's key is stored only as a hash, and the response only
 * encrypted under a key derived from it (see lib/idempotency-crypto.ts): a create-key response
 * carries a secret, and the database must not hold it readable.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('idempotency_records')
    .addColumn('key_id', 'text', (column) => column.notNull().references('api_keys.id').onDelete('cascade'))
    .addColumn('key_hash', 'text', (column) => column.notNull())
    .addColumn('fingerprint', 'text', (column) => column.notNull())
    // Null while the first request runs; the HTTP status once it has answered.
    .addColumn('status', 'integer')
    .addColumn('response', 'text')
    .addColumn('started_at', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('idempotency_records_pk', ['key_id', 'key_hash'])
    .execute();
  await db.schema
    .createIndex('idempotency_records_expiry_idx')
    .on('idempotency_records')
    .column('expires_at')
    .execute();
}
