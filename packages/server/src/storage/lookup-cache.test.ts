import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestRuntime, requestApp } from '../../test/support/harness.js';
import { loadConfig } from '../config.js';
import type { Principal } from '../domain/api-key.js';
import { createRuntime, type Runtime } from '../runtime.js';
import type { BootstrappedOrganization } from '../services/organizations.js';
import { VersionedCache } from './lookup-cache.js';

describe('VersionedCache', () => {
  it('serves an entry until the version moves, then reads again', async () => {
    let version = 1;
    let reads = 0;
    const cache = new VersionedCache<string>(() => version);
    const load = async () => `row ${++reads}`;
    expect(await cache.get('a', load)).toBe('row 1');
    expect(await cache.get('a', load)).toBe('row 1');
    version = 2;
    expect(await cache.get('a', load)).toBe('row 2');
    expect(reads).toBe(2);
  });

  it('keeps nothing for a key that is not found', async () => {
    let reads = 0;
    const cache = new VersionedCache<string>(() => 1);
    const load = async () => {
      reads++;
      return undefined;
    };
    expect(await cache.get('missing', load)).toBeUndefined();
    expect(await cache.get('missing', load)).toBeUndefined();
    expect(reads).toBe(2);
  });

  it('treats an entry read while the version moved as stale', async () => {
    let version = 1;
    let reads = 0;
    const cache = new VersionedCache<string>(() => version);
    await cache.get('a', async () => {
      version = 2;
      return `row ${++reads}`;
    });
    expect(await cache.get('a', async () => `row ${++reads}`)).toBe('row 2');
  });
});

/** Any request the server reads from now on: it arrives in a later event-loop turn. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

// The SQLite store caches key and inbox lookups; these prove the cache never outlives a change,
// made in this process or by another one (the CLI, a second server) on the same file.
describe('cached key and inbox lookups [sqlite]', () => {
  let runtime: Runtime;
  let other: Runtime;
  let cleanup: () => Promise<void>;
  let org: BootstrappedOrganization;
  let admin: Principal;

  beforeAll(async () => {
    ({ runtime, cleanup } = await openTestRuntime('sqlite'));
    other = await createRuntime(loadConfig({}, { ...runtime.config }));
    org = await runtime.services.organizations.bootstrap({ name: 'Cache Co' });
    admin = await runtime.services.apiKeys.authenticate(org.adminKey);
  });
  afterAll(async () => {
    await other.close();
    await cleanup();
  });

  // Lookups that write nothing, so only the change of the other process can invalidate the cache.
  const authenticateTwice = async (key: string) => {
    await runtime.services.apiKeys.authenticate(key);
    // The first use records lastUsedAt (a write); from here on the key is served from the cache.
    await new Promise((resolve) => setTimeout(resolve, 20));
    await runtime.services.apiKeys.authenticate(key);
    await runtime.services.apiKeys.authenticate(key);
  };

  it('refuses a key on the next request after another process revokes it', async () => {
    const created = await runtime.services.apiKeys.create(admin, { name: 'to revoke', scopes: ['collect'] });
    await authenticateTwice(created.secret);

    const otherAdmin = await other.services.apiKeys.authenticate(org.adminKey);
    await other.services.apiKeys.revoke(otherAdmin, created.apiKey.id);
    await nextTurn();

    await expect(runtime.services.apiKeys.authenticate(created.secret)).rejects.toMatchObject({
      code: 'revoked_api_key',
    });
  });

  it('refuses a key on the next request after this process revokes it', async () => {
    const created = await runtime.services.apiKeys.create(admin, { name: 'to revoke here', scopes: ['collect'] });
    await authenticateTwice(created.secret);
    await runtime.services.apiKeys.revoke(admin, created.apiKey.id);
    await expect(runtime.services.apiKeys.authenticate(created.secret)).rejects.toMatchObject({
      code: 'revoked_api_key',
    });
  });

  it('stops finding an inbox on the next lookup after another process deletes it', async () => {
    const inbox = await runtime.services.inboxes.create(admin, { name: 'short-lived' });
    expect(await runtime.store.inboxes.findByKey(inbox.inboxKey)).toMatchObject({ id: inbox.id });
    expect(await runtime.store.inboxes.findByKey(inbox.inboxKey)).toMatchObject({ id: inbox.id });

    const otherAdmin = await other.services.apiKeys.authenticate(org.adminKey);
    await other.services.inboxes.delete(otherAdmin, inbox.id);
    await nextTurn();

    expect(await runtime.store.inboxes.findByKey(inbox.inboxKey)).toBeUndefined();
    const response = await requestApp(runtime, '/collect', {
      method: 'POST',
      key: org.collectKey,
      json: { inboxKey: inbox.inboxKey, type: 'thumbs', score: 1 },
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'inbox_not_found' });
  });
});
