import { type LookupAddress, type LookupAllOptions, lookup } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { buildConnector } from 'undici';
import type { AddressPolicy } from './address-policy.js';
import { AddressRefusedError } from './address-refused-error.js';

/** Resolves a name to all its addresses, as `dns.lookup` with `all: true` does. */
export type ResolveAll = (
  hostname: string,
  options: LookupAllOptions,
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

/**
 * A `lookup` for `net.connect` that resolves (with `dns.lookup` unless told otherwise), then keeps
 * only the addresses the policy allows, so the socket connects to an address that was checked (a
 * name that resolves to a public address now and a private one later cannot slip through between
 * check and connect). None allowed: fails with {@link AddressRefusedError}.
 */
export function guardedLookup(policy: AddressPolicy, resolveAll: ResolveAll = lookup): LookupFunction {
  return (hostname, options, callback) => {
    resolveAll(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const allowed = addresses.filter(({ address }) => policy.refusal(address) === undefined);
      if (allowed.length === 0) {
        const refused = addresses.map(({ address }) => ({ address, reason: policy.refusal(address) ?? '' }));
        return callback(new AddressRefusedError(hostname, refused), '', 0);
      }
      // `all` is what Node asks for when it races IPv4 and IPv6 (autoSelectFamily).
      if (options.all) return (callback as unknown as (error: null, all: LookupAddress[]) => void)(null, allowed);
      const [first] = allowed as [LookupAddress];
      return callback(null, first.address, first.family);
    });
  };
}

/**
 * An undici connector that applies the policy to every connection it opens: names through
 * {@link guardedLookup}, and IP literals (`http://10.0.0.1`, `http://[::1]`), which `net.connect`
 * never looks up, before any packet is sent.
 */
export function guardedConnector(policy: AddressPolicy, options: { timeoutMs: number }): buildConnector.connector {
  const connect = buildConnector({ lookup: guardedLookup(policy), timeout: options.timeoutMs });
  return (connectOptions, callback) => {
    const host = connectOptions.hostname.replace(/^\[(.*)\]$/, '$1');
    if (isIP(host)) {
      const reason = policy.refusal(host);
      if (reason !== undefined) return callback(new AddressRefusedError(host, [{ address: host, reason }]), null);
    }
    return connect(connectOptions, callback);
  };
}
