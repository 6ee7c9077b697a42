import { randomBytes } from 'node:crypto';
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import { SealedDataError, ServerSecretError, ServerSecrets } from './server-secrets.js';

const newSecret = () => randomBytes(32).toString('base64url');

describe('ServerSecrets', () => {
  const secrets = new ServerSecrets(newSecret());

  it('opens what it sealed, with the same purpose and binding', () => {
    const binding = { context: 'order-42', associatedData: 'key_1' };
    const sealed = secrets.seal('idempotent-response', '{"secret":"hb_x"}', binding);
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('hb_x');
    expect(secrets.open('idempotent-response', sealed, binding)).toBe('{"secret":"hb_x"}');
    // A fresh IV each time: the same text never seals to the same data.
    expect(secrets.seal('idempotent-response', '{"secret":"hb_x"}', binding)).not.toBe(sealed);
  });

  it('refuses to open under another secret, purpose, context or associated data, or once altered', () => {
    const binding = { context: 'order-42', associatedData: 'key_1' };
    const sealed = secrets.seal('idempotent-response', 'text', binding);
    const attempts = [
      () => new ServerSecrets(newSecret()).open('idempotent-response', sealed, binding),
      () => secrets.open('idempotency-key-hash', sealed, binding),
      () => secrets.open('idempotent-response', sealed, { ...binding, context: 'order-43' }),
      () => secrets.open('idempotent-response', sealed, { ...binding, associatedData: 'key_2' }),
      () => secrets.open('idempotent-response', `${sealed.slice(0, -2)}AA`, binding),
      () => secrets.open('idempotent-response', 'v1.AAAA', binding),
      // The format before the version prefix (plain base64): unknown, so never "opened".
      () => secrets.open('idempotent-response', Buffer.from('x'.repeat(40)).toString('base64'), binding),
    ];
    for (const attempt of attempts) expect(attempt).toThrow(SealedDataError);
  });

  it('derives one key per purpose and context, and MACs no database reader can compute', () => {
    expect(secrets.subkey('idempotent-response')).toHaveLength(32);
    expect(secrets.subkey('idempotent-response').equals(secrets.subkey('idempotency-key-hash'))).toBe(false);
    expect(secrets.subkey('idempotent-response', 'a').equals(secrets.subkey('idempotent-response', 'b'))).toBe(false);
    // A context far longer than HKDF's info limit still works.
    expect(secrets.subkey('idempotent-response', 'k'.repeat(5000))).toHaveLength(32);
    expect(secrets.mac('idempotency-key-hash', 'x')).toBe(secrets.mac('idempotency-key-hash', 'x'));
    expect(secrets.mac('idempotency-key-hash', 'x')).not.toBe(
      new ServerSecrets(newSecret()).mac('idempotency-key-hash', 'x'),
    );
  });

  it('tells whether another holds the same secret', () => {
    const secret = newSecret();
    expect(new ServerSecrets(secret).sameAs(new ServerSecrets(secret))).toBe(true);
    expect(new ServerSecrets(secret).sameAs(new ServerSecrets(newSecret()))).toBe(false);
    expect(new ServerSecrets(secret).sameAs(new ServerSecrets(`${secret}x`))).toBe(false);
  });

  it('refuses a secret shorter than 32 characters', () => {
    expect(() => new ServerSecrets('s'.repeat(31))).toThrow(ServerSecretError);
    expect(() => new ServerSecrets('s'.repeat(32))).not.toThrow();
  });

  it('never shows the secret when logged or serialised', () => {
    const secret = newSecret();
    const held = new ServerSecrets(secret);
    expect(inspect(held, { showHidden: true, depth: 5 })).not.toContain(secret);
    expect(JSON.stringify({ held })).not.toContain(secret);
    expect(String(held)).not.toContain(secret);
  });
});

describe('HEARBACK_SECRET', () => {
  it('is read into an object that never prints it', () => {
    const secret = newSecret();
    const config = loadConfig({ HEARBACK_SECRET: secret });
    expect(config.secret).toBeInstanceOf(ServerSecrets);
    expect(inspect(config, { depth: 10 })).not.toContain(secret);
    expect(JSON.stringify(config)).not.toContain(secret);
    expect(loadConfig({}).secret).toBeUndefined();
  });

  it('refuses one shorter than 32 characters, without echoing it', () => {
    const short = 'my-short-password';
    expect(() => loadConfig({ HEARBACK_SECRET: short })).toThrow(ConfigError);
    expect(() => loadConfig({ HEARBACK_SECRET: short })).toThrow(/HEARBACK_SECRET: must be at least 32 characters/);
    try {
      loadConfig({ HEARBACK_SECRET: short });
    } catch (error) {
      expect(String(error)).not.toContain(short);
    }
  });
});
