import { describe, expect, it } from 'vitest';
import { InvalidCidrError, parseCidrList } from '../lib/cidr.js';
import { AddressPolicy } from './address-policy.js';

describe('AddressPolicy', () => {
  const strict = new AddressPolicy();

  it.each([
    ['127.0.0.1', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.5.4', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['0.0.0.0', 'unspecified'],
    ['255.255.255.255', 'broadcast'],
    ['224.0.0.251', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'linkLocal'],
    ['fd12:3456::1', 'uniqueLocal'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:169.254.169.254', 'linkLocal'],
    ['64:ff9b::a00:1', 'rfc6052'],
    ['2002:a00:1::1', '6to4'],
    ['::7f00:1', 'notGlobalUnicast'],
    ['::a9fe:a9fe', 'notGlobalUnicast'],
    ['4000::1', 'notGlobalUnicast'],
  ])('refuses %s (%s)', (address, reason) => {
    expect(strict.refusal(address)).toBe(reason);
  });

  it.each(['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('allows the public %s', (address) => {
    expect(strict.refusal(address)).toBeUndefined();
  });

  it('allows what the allowed CIDRs list, IPv4-mapped forms included, and nothing next to it', () => {
    const policy = new AddressPolicy(parseCidrList('127.0.0.0/8, fd00::/8, 10.1.2.3'));
    expect(policy.refusal('127.0.0.1')).toBeUndefined();
    expect(policy.refusal('::ffff:127.0.0.1')).toBeUndefined();
    expect(policy.refusal('fd00::5')).toBeUndefined();
    expect(policy.refusal('10.1.2.3')).toBeUndefined();
    expect(policy.refusal('10.1.2.4')).toBe('private');
    expect(policy.refusal('::1')).toBe('loopback');
    expect(policy.refusal('169.254.169.254')).toBe('linkLocal');
  });
});

describe('parseCidrList', () => {
  it('normalises entries to network/prefix', () => {
    expect(parseCidrList(' 127.0.0.1/8 ,::1, ::ffff:10.0.0.0/104,, 192.168.1.7')).toEqual([
      '127.0.0.0/8',
      '::1/128',
      '10.0.0.0/8',
      '192.168.1.7/32',
    ]);
    expect(parseCidrList('')).toEqual([]);
  });

  it.each(['10.0.0/8', '10.0.0.0/33', 'fd00::/129', 'localhost', '0x7f.1/8', '127.1'])(
    'refuses %s naming it',
    (entry) => {
      expect(() => parseCidrList(`127.0.0.0/8, ${entry}`)).toThrow(InvalidCidrError);
      expect(() => parseCidrList(entry)).toThrow(`'${entry}'`);
    },
  );
});
