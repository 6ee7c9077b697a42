import { describe, expect, it } from 'vitest';
import { rateLimitedClient } from './rate-limit.js';

describe('rateLimitedClient', () => {
  it.each([
    ['198.51.100.7', '198.51.100.7'],
    ['::ffff:198.51.100.7', '198.51.100.7'],
    ['2001:db8:1:2:aaaa::1', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:db8:1:3::1', '2001:db8:1:3::/64'],
  ])('counts %s as %s', (address, client) => {
    expect(rateLimitedClient(address)).toBe(client);
  });

  it('counts requests without a connection together', () => {
    expect(rateLimitedClient(null)).toBe('unknown');
  });
});
