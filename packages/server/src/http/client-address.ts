import type { HttpBindings } from '@hono/node-server';
import type { Context } from 'hono';
import { type CidrSet, isIpAddress } from '../lib/cidr.js';

/**
 * The client's address. The connection's, unless it comes from a trusted proxy: then the
 * `X-Forwarded-For` entries are read from the right (each proxy appends the address it received the
 * request from) and the first that is not a trusted proxy is the client. Entries to the left of it
 * were written by the client and prove nothing; an entry that is not an IP address ends the walk
 * at the last trusted hop.
 *
 * @example
 * clientAddress('10.0.0.2', '203.0.113.9, 10.0.0.7', new CidrSet(['10.0.0.0/8'])); // '203.0.113.9'
 * clientAddress('198.51.100.4', '203.0.113.9', new CidrSet(['10.0.0.0/8'])); // '198.51.100.4'
 */
export function clientAddress(
  socketAddress: string | null | undefined,
  forwardedFor: string | undefined,
  trustedProxies: CidrSet,
): string | null {
  if (!socketAddress) return null;
  if (!forwardedFor || !trustedProxies.contains(socketAddress)) return socketAddress;
  let client = socketAddress;
  const hops = forwardedFor.split(',').map((hop) => hop.trim());
  for (let index = hops.length - 1; index >= 0; index--) {
    const hop = hops[index] as string;
    if (!isIpAddress(hop)) return client;
    client = hop;
    if (!trustedProxies.contains(hop)) return hop;
  }
  return client;
}

/**
 * {@link clientAddress} of a request Hono serves: its connection's address and `X-Forwarded-For`.
 * None for a request made in-process (`app.request`), which has no connection.
 *
 * @example
 * const address = requestClientAddress(c, trustedProxies);
 */
export function requestClientAddress(c: Context, trustedProxies: CidrSet): string | null {
  const bindings = c.env as Partial<HttpBindings> | undefined;
  return clientAddress(bindings?.incoming?.socket?.remoteAddress, c.req.header('x-forwarded-for'), trustedProxies);
}
