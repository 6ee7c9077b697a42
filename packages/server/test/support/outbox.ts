import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../src/storage/schema.js';

/**
 * The retries a consumer (the runtime's `jobs` by default) owes, with their event's type and
 * payload, oldest event first: for tests about handlers that fail.
 */
export function retriesOf(db: Kysely<DatabaseSchema>, consumer = 'jobs') {
  return db
    .selectFrom('outbox_retries')
    .innerJoin('outbox', 'outbox.seq', 'outbox_retries.event_seq')
    .select([
      'outbox.id',
      'outbox.type',
      'outbox.payload',
      'outbox_retries.attempts',
      'outbox_retries.available_at',
      'outbox_retries.locked_until',
      'outbox_retries.last_error',
    ])
    .where('outbox_retries.consumer', '=', consumer)
    .orderBy('outbox.seq')
    .execute();
}

/** Makes every retry of the consumer due now, instead of waiting out its backoff. */
export async function makeRetriesDue(db: Kysely<DatabaseSchema>, consumer = 'jobs'): Promise<void> {
  await db
    .updateTable('outbox_retries')
    .set({ available_at: new Date(0).toISOString() })
    .where('consumer', '=', consumer)
    .execute();
}
