import { ApiError } from '../errors/api-error.js';
import type { Store } from '../storage/store.js';

/** At most `max` requests per client in `windowSeconds` (counted as better-auth counts its own). */
export interface RateLimit {
  windowSeconds: number;
  max: number;
}

/**
 * Counts a request of one client under `key` (`<what>:<client address>`) and refuses it with 429
 * `rate_limited` and `Retry-After` beyond the limit, as better-auth refuses `/auth/*` requests.
 *
 * @example
 * await requireWithinRateLimit(store, `invite-preview:${address}`, INVITE_PREVIEW_RATE_LIMIT);
 */
export async function requireWithinRateLimit(store: Store, key: string, limit: RateLimit): Promise<void> {
  const count = await store.rateLimits.hit(key, limit.windowSeconds * 1000, Date.now());
  if (count <= limit.max) return;
  throw new ApiError(
    429,
    'rate_limited',
    `Too many requests from this address: try again in ${limit.windowSeconds} seconds.`,
    { headers: { 'Retry-After': String(limit.windowSeconds) } },
  );
}
