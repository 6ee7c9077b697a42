import { validationFailed } from '../domain/parse-input.js';
import { ApiError } from '../errors/api-error.js';

/**
 * 400 `validation_failed` naming `eventId`: a `/collect` request gave the `Idempotency-Key` header
 * and an `eventId` of another value. Either could be the key a retry will repeat, so deduplicating
 * on one of them would silently store the other's retry twice (or answer it with the wrong item):
 * refused, so the client says which.
 *
 * @example
 * if (header !== undefined && eventId !== undefined && header !== eventId) throw twoIdempotencyKeys();
 */
export function twoIdempotencyKeys(): ApiError {
  const message = 'Differs from the Idempotency-Key header: give one, or the same value in both.';
  return validationFailed([{ path: ['eventId'], message }], 'json');
}

/**
 * 422 `idempotency_key_reused`: a write repeated an idempotency key with different content. The
 * key stands for the first request; the new one is refused rather than answered with the first's
 * result, which would tell the client its different request was stored.
 *
 * @example
 * throw idempotencyKeyReused('Idempotency-Key');
 */
export function idempotencyKeyReused(keyName: string): ApiError {
  return new ApiError(
    422,
    'idempotency_key_reused',
    `This ${keyName} was already used for a different request; use a new key for a new request.`,
  );
}
