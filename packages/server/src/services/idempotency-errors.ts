import { ApiError } from '../errors/api-error.js';

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
