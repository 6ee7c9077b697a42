import type { Executor } from './executor.js';

export interface IdempotencyRecord {
  fingerprint: string;
  /** Null while the first request is still running. */
  status: number | null;
  response: string | null;
  startedAt: string;
  expiresAt: string;
}

export function idempotencyRepository(db: Executor) {
  return {
    /** Claims the key for a first request; false when a record exists (of any age). */
    async tryStart(ownerId: string, keyHash: string, fingerprint: string, startedAt: string, expiresAt: string) {
      const result = await db
        .insertInto('idempotency_records')
        .values({
          owner_id: ownerId,
          key_hash: keyHash,
          fingerprint,
          status: null,
          response: null,
          started_at: startedAt,
          expires_at: expiresAt,
        })
        .onConflict((conflict) => conflict.columns(['owner_id', 'key_hash']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    async find(ownerId: string, keyHash: string): Promise<IdempotencyRecord | undefined> {
      const row = await db
        .selectFrom('idempotency_records')
        .selectAll()
        .where('owner_id', '=', ownerId)
        .where('key_hash', '=', keyHash)
        .executeTakeFirst();
      return (
        row && {
          fingerprint: row.fingerprint,
          status: row.status === null ? null : Number(row.status),
          response: row.response,
          startedAt: row.started_at,
          expiresAt: row.expires_at,
        }
      );
    },

    /**
     * Restarts a record that expired or whose first request was abandoned, only if it is still the
     * one the caller read (`startedAt`): of two retries racing for it, one wins.
     */
    async restart(
      ownerId: string,
      keyHash: string,
      seenStartedAt: string,
      fingerprint: string,
      startedAt: string,
      expiresAt: string,
    ): Promise<boolean> {
      const result = await db
        .updateTable('idempotency_records')
        .set({ fingerprint, status: null, response: null, started_at: startedAt, expires_at: expiresAt })
        .where('owner_id', '=', ownerId)
        .where('key_hash', '=', keyHash)
        .where('started_at', '=', seenStartedAt)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async complete(ownerId: string, keyHash: string, status: number, response: string): Promise<void> {
      await db
        .updateTable('idempotency_records')
        .set({ status, response })
        .where('owner_id', '=', ownerId)
        .where('key_hash', '=', keyHash)
        .execute();
    },

    /** Forgets a key whose request failed, so a retry runs again. */
    async release(ownerId: string, keyHash: string): Promise<void> {
      await db
        .deleteFrom('idempotency_records')
        .where('owner_id', '=', ownerId)
        .where('key_hash', '=', keyHash)
        .where('status', 'is', null)
        .execute();
    },

    /** Deletes records past their expiry (a day's worth at most: no batching needed). */
    async pruneExpired(now: string): Promise<number> {
      const result = await db.deleteFrom('idempotency_records').where('expires_at', '<', now).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
