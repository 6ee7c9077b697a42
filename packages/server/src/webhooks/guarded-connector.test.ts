import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { AddressPolicy } from './address-policy.js';
import { AddressRefusedError } from './address-refused-error.js';
import { guardedLookup, type ResolveAll } from './guarded-connector.js';

// A name's DNS answer is scripted here: mixed public and private answers (DNS rebinding) cannot be
// produced on 127.0.0.1 without a DNS server of our own. sender.test.ts covers real resolution.
function answering(addresses: LookupAddress[]): ResolveAll {
  return (_hostname, _options, callback) => callback(null, addresses);
}

function lookUp(resolveAll: ResolveAll, all: boolean) {
  const lookup = guardedLookup(new AddressPolicy(), resolveAll);
  return new Promise<{ error: Error | null; result: unknown }>((resolve) => {
    lookup('hooks.example.com', { all }, (error: Error | null, address: unknown, family?: number) =>
      resolve({ error, result: all ? address : { address, family } }),
    );
  });
}

const mixed: LookupAddress[] = [
  { address: '10.0.0.7', family: 4 },
  { address: '93.184.215.14', family: 4 },
  { address: 'fd00::7', family: 6 },
  { address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 },
];

describe('guardedLookup', () => {
  it('connects only to the allowed addresses of a name that also resolves to private ones', async () => {
    expect(await lookUp(answering(mixed), true)).toEqual({
      error: null,
      result: [mixed[1], mixed[3]],
    });
    expect(await lookUp(answering(mixed), false)).toEqual({
      error: null,
      result: { address: '93.184.215.14', family: 4 },
    });
  });

  it('refuses a name whose every address is refused, naming each', async () => {
    const { error } = await lookUp(
      answering([
        { address: '169.254.169.254', family: 4 },
        { address: '::ffff:10.1.1.1', family: 6 },
      ]),
      true,
    );
    expect(error).toBeInstanceOf(AddressRefusedError);
    expect(error?.message).toContain('169.254.169.254 (linkLocal), ::ffff:10.1.1.1 (private)');
  });

  it('passes a resolution failure through', async () => {
    const failing: ResolveAll = (hostname, _options, callback) =>
      callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), []);
    const { error } = await lookUp(failing, true);
    expect(error).toMatchObject({ code: 'ENOTFOUND' });
  });
});
