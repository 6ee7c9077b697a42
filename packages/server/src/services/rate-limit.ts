import ipaddr from 'ipaddr.js';
import { ApiError } from '../errors/api-error.js';
import type { Store } from '../storage/store.js';

/** At most `max` requests per client in `windowSeconds` (counted as better-auth counts its own). */
export interface RateLimit {
  windowSeconds: number;
  max: number;
}

/**
 * Who a limit counts: an IPv4 address (an IPv4-mapped IPv6 one as its IPv4 address), or the /64
 * an IPv6 address is in, since one client usually holds a whole /64 and could take a new address
 * for every request (better-auth counts `/auth/*` by /64 too, its `ipv6Subnet` default).
 *
 * @example
 * rateLimitedClient('2001:db8:1:2:aaaa::1'); // '2001:db8:1:2::/64'
 * rateLimitedClient('::ffff:198.51.100.7'); // '198.51.100.7'
 */
export function rateLimitedClient(address: string | null): string {
  if (address === null || !ipaddr.isValid(address)) return address ?? 'unknown';
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const network = new ipaddr.IPv6([...(parsed as ipaddr.IPv6).parts.slice(0, 4), 0, 0, 0, 0]);
  return `${network.toString()}/64`;
}

/**
 * Counts a request of one client (its address, `null` for a request without a connection) under
 * `what` and refuses it with 429 `rate_limited` and `Retry-After` beyond the limit, as better-auth
 * refuses `/auth/*` requests.
 *
 * @example
 * await requireWithinRateLimit(store, 'invite-preview', address, INVITE_PREVIEW_RATE_LIMIT);
 */
export async function requireWithinRateLimit(
  store: Store,
  what: string,
  clientAddress: string | null,
  limit: RateLimit,
): Promise<void> {
  const key = `${what}:${rateLimitedClient(clientAddress)}`;
  const count = await store.rateLimits.hit(key, limit.windowSeconds * 1000, Date.now());
  if (count <= limit.max) return;
  throw new ApiError(
    429,
    'rate_limited',
    `Too many requests from this address: try again in ${limit.windowSeconds} seconds.`,
    { headers: { 'Retry-After': String(limit.windowSeconds) } },
  );
}
