import { type Kysely, sql } from 'kysely';

/**
 * Idempotency records were sealed under a key derived from the API key id in the same row (and the
 * client's key): anyone with the database and a guessed Idempotency-Key could open a stored
 * create-key response. They are now sealed with the server secret (lib/idempotency-crypto.ts), and
 * the old ones are deleted rather than left readable: they live a day, and a retry that finds none
 * runs again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`delete from idempotency_records`.execute(db);
}
