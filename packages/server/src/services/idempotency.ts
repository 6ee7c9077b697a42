import { ApiError } from '../errors/api-error.js';
import { idempotencyKeyHash, openResponse, sealResponse, storedFingerprint } from '../lib/idempotency-crypto.js';
import { SealedDataError, type ServerSecrets } from '../secrets/server-secrets.js';
import type { Store } from '../storage/store.js';
import { idempotencyKeyReused } from './idempotency-errors.js';

/** How long a response is replayed for a repeated key (as Stripe: a day covers any retry policy). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * A first request that has not answered after this long is taken as lost (its process died):
 * a retry then runs again rather than waiting out the day.
 */
export const IDEMPOTENCY_ABANDON_MS = 60 * 1000;

export type IdempotencyOutcome = { kind: 'proceed' } | { kind: 'replay'; status: number; body: string };

/**
 * `Idempotency-Key` for writes (DESIGN §3): the first request with a key runs and its successful
 * response is kept; a retry with the same key and the same request gets that response back.
 * Failed requests (4xx, 5xx) are not kept, so a corrected retry runs. `/collect` has its own,
 * cheaper scheme (the event id stored on the feedback row). Keys and responses are stored sealed
 * with the server secret (see lib/idempotency-crypto.ts).
 */
export function idempotencyService(store: Store, secrets: ServerSecrets, clock: () => number = Date.now) {
  const iso = (ms: number) => new Date(ms).toISOString();
  /** The stored response, or undefined when it does not open (sealed another way): then it is absent. */
  const opened = (ownerId: string, key: string, sealed: string): string | undefined => {
    try {
      return openResponse(secrets, ownerId, key, sealed);
    } catch (error) {
      if (error instanceof SealedDataError) return undefined;
      throw error;
    }
  };

  return {
    /** Claims `key` for this request, or returns the response to replay; throws 409/422 (see below). */
    async begin(ownerId: string, key: string, requestFingerprint: string): Promise<IdempotencyOutcome> {
      const hash = idempotencyKeyHash(secrets, ownerId, key);
      const fingerprint = storedFingerprint(secrets, requestFingerprint);
      // A record that vanished or restarted between our reads is read again, a few times at most.
      for (let round = 0; round < 3; round++) {
        const now = clock();
        if (await store.idempotency.tryStart(ownerId, hash, fingerprint, iso(now), iso(now + IDEMPOTENCY_TTL_MS))) {
          return { kind: 'proceed' };
        }
        const record = await store.idempotency.find(ownerId, hash);
        if (!record) continue;
        const expired = Date.parse(record.expiresAt) <= now;
        const abandoned = record.status === null && Date.parse(record.startedAt) + IDEMPOTENCY_ABANDON_MS <= now;
        const body = record.response === null ? null : opened(ownerId, key, record.response);
        if (expired || abandoned || body === undefined) {
          const restarted = await store.idempotency.restart(
            ownerId,
            hash,
            record.startedAt,
            fingerprint,
            iso(now),
            iso(now + IDEMPOTENCY_TTL_MS),
          );
          if (restarted) return { kind: 'proceed' };
          continue;
        }
        if (record.fingerprint !== fingerprint) throw idempotencyKeyReused('Idempotency-Key');
        if (record.status === null || body === null) break;
        return { kind: 'replay', status: record.status, body };
      }
      throw new ApiError(
        409,
        'idempotency_key_in_use',
        'A request with this Idempotency-Key is still being processed; retry shortly.',
        { headers: { 'retry-after': '1' } },
      );
    },

    /** Keeps the response of the request that claimed `key`, for its retries. */
    async complete(ownerId: string, key: string, status: number, body: string): Promise<void> {
      const hash = idempotencyKeyHash(secrets, ownerId, key);
      await store.idempotency.complete(ownerId, hash, status, sealResponse(secrets, ownerId, key, body));
    },

    /** Frees `key` after a failed request, so a retry runs again. */
    async release(ownerId: string, key: string): Promise<void> {
      await store.idempotency.release(ownerId, idempotencyKeyHash(secrets, ownerId, key));
    },
  };
}
