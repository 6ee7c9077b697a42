import { describe, expect, it } from 'vitest';
import { CidrSet } from '../lib/cidr.js';
import { clientAddress } from './client-address.js';

describe('clientAddress', () => {
  const proxies = new CidrSet(['10.0.0.0/8', 'fd00::/8']);

  it('is the connection’s when it is not a trusted proxy, or no header came', () => {
    expect(clientAddress('198.51.100.4', '203.0.113.9', proxies)).toBe('198.51.100.4');
    expect(clientAddress('10.0.0.2', undefined, proxies)).toBe('10.0.0.2');
    expect(clientAddress('10.0.0.2', '203.0.113.9', new CidrSet())).toBe('10.0.0.2');
    expect(clientAddress(undefined, '203.0.113.9', proxies)).toBeNull();
  });

  it('skips trusted hops from the right and stops at the first that is not one', () => {
    expect(clientAddress('10.0.0.2', '192.0.2.1, 203.0.113.9, 10.0.0.7', proxies)).toBe('203.0.113.9');
    expect(clientAddress('::ffff:10.0.0.2', '2001:db8::5, fd00::3', proxies)).toBe('2001:db8::5');
  });

  it('stops at the last trusted hop when an entry is not an address, or every hop is trusted', () => {
    expect(clientAddress('10.0.0.2', 'evil, 10.0.0.7', proxies)).toBe('10.0.0.7');
    expect(clientAddress('10.0.0.2', '127.1', proxies)).toBe('10.0.0.2');
    expect(clientAddress('10.0.0.2', '10.0.0.9, 10.0.0.7', proxies)).toBe('10.0.0.9');
  });
});
