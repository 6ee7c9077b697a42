import ipaddr from 'ipaddr.js';

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** A CIDR list that does not parse; the message names the entry. */
export class InvalidCidrError extends Error {
  readonly code = 'invalid_cidr';
  override name = 'InvalidCidrError';
}

/**
 * Parses a comma-separated list of CIDRs (`127.0.0.0/8, ::1/128`; a bare address means that one
 * address) into normalised CIDR strings. Throws {@link InvalidCidrError} naming a bad entry.
 *
 * @example
 * parseCidrList('127.0.0.1/8, ::1'); // ['127.0.0.0/8', '::1/128']
 */
export function parseCidrList(value: string): string[] {
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const range = parseRange(entry);
      if (!range) {
        throw new InvalidCidrError(`'${entry}' is not a CIDR (like 127.0.0.0/8 or fd00::/8) or an IP address.`);
      }
      return formatRange(range);
    });
}

function parseRange(entry: string): Range | undefined {
  // Four-part decimal only for IPv4: ipaddr.js also reads `127.1` and `0x7f.1`, too easy to misread.
  if (ipaddr.IPv4.isValidCIDRFourPartDecimal(entry)) return normalisedRange(ipaddr.IPv4.parseCIDR(entry));
  if (ipaddr.IPv6.isValidCIDR(entry)) return normalisedRange(ipaddr.IPv6.parseCIDR(entry));
  if (ipaddr.IPv4.isValidFourPartDecimal(entry)) return [ipaddr.IPv4.parse(entry), 32];
  if (ipaddr.IPv6.isValid(entry)) return normalisedRange([ipaddr.IPv6.parse(entry), 128]);
  return undefined;
}

/** `::ffff:127.0.0.0/104` is `127.0.0.0/8`: addresses are compared after the same conversion. */
function normalisedRange([address, bits]: Range): Range {
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress() && bits >= 96) {
    return [(address as ipaddr.IPv6).toIPv4Address(), bits - 96];
  }
  return [address, bits];
}

/** The network address and prefix: `127.0.0.1/8` → `127.0.0.0/8`. */
function formatRange([address, bits]: Range): string {
  const cidr = `${address.toString()}/${bits}`;
  const network =
    address.kind() === 'ipv4' ? ipaddr.IPv4.networkAddressFromCIDR(cidr) : ipaddr.IPv6.networkAddressFromCIDR(cidr);
  return `${network.toString()}/${bits}`;
}

/** Whether `text` is an IPv4 address in four-part decimal or an IPv6 address (no `127.1`, no `0x7f.1`). */
export function isIpAddress(text: string): boolean {
  return ipaddr.IPv4.isValidFourPartDecimal(text) || ipaddr.IPv6.isValid(text);
}

/**
 * A set of address ranges, parsed once: whether an address (text) lies in one of them. An
 * IPv4-mapped IPv6 address (`::ffff:127.0.0.1`) is judged as the IPv4 address it carries.
 *
 * @example
 * new CidrSet(['10.0.0.0/8']).contains('::ffff:10.1.2.3'); // true
 */
export class CidrSet {
  readonly #ranges: Range[];

  /** `cidrs`: as {@link parseCidrList} returns them (a bad entry throws). */
  constructor(cidrs: readonly string[] = []) {
    this.#ranges = cidrs.map((entry) => {
      const range = parseRange(entry);
      if (!range) throw new InvalidCidrError(`'${entry}' is not a CIDR.`);
      return range;
    });
  }

  get size(): number {
    return this.#ranges.length;
  }

  contains(address: string): boolean {
    if (!ipaddr.isValid(address)) return false;
    const parsed = ipaddr.process(address);
    return this.#ranges.some(([network, bits]) => network.kind() === parsed.kind() && parsed.match(network, bits));
  }
}
