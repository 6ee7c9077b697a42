import ipaddr from 'ipaddr.js';
import { CidrSet } from '../lib/cidr.js';

/**
 * Which addresses a webhook may connect to. Only ordinary public unicast addresses pass, unless an
 * address is inside an allowed CIDR (`HEARBACK_WEBHOOK_ALLOWED_CIDRS`): a receiver on the same host
 * or network is a choice the operator makes, never one an automation's URL makes for them.
 */

const GLOBAL_UNICAST_V6: [ipaddr.IPv6, number] = [ipaddr.IPv6.parse('2000::'), 3];

/** Decides, address by address, whether a webhook may connect there. */
export class AddressPolicy {
  readonly #allowed: CidrSet;

  /** `allowedCidrs`: as {@link parseCidrList} returns them (a bad entry throws). */
  constructor(allowedCidrs: readonly string[] = []) {
    this.#allowed = new CidrSet(allowedCidrs);
  }

  /**
   * Why `address` (an IP address as text) is refused, or `undefined` when a webhook may connect to
   * it. An IPv4-mapped IPv6 address (`::ffff:127.0.0.1`) is judged as the IPv4 address it carries.
   *
   * @example
   * new AddressPolicy().refusal('169.254.169.254'); // 'linkLocal'
   * new AddressPolicy(['127.0.0.0/8']).refusal('::ffff:127.0.0.1'); // undefined
   */
  refusal(address: string): string | undefined {
    if (!ipaddr.isValid(address)) return 'not an IP address';
    if (this.#allowed.contains(address)) return undefined;
    const parsed = ipaddr.process(address);
    // Allow-list, not deny-list: every special range ipaddr.js knows (loopback, private, link-local,
    // CGNAT, ULA, multicast, unspecified, broadcast, reserved, 6to4, Teredo, NAT64 …) is refused,
    // including ranges added by later versions.
    const range = parsed.range();
    if (range !== 'unicast') return range;
    // ipaddr.js calls every IPv6 address outside its special ranges unicast, the deprecated
    // IPv4-compatible ::/96 included (`::7f00:1` is 127.0.0.1 where a host still tunnels them); only
    // 2000::/3 is global unicast.
    if (parsed.kind() === 'ipv6' && !parsed.match(GLOBAL_UNICAST_V6)) return 'notGlobalUnicast';
    return undefined;
  }
}
