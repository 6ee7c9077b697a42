import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config.js';
import { listen, type RunningServer } from '../src/http-server.js';
import { createRuntime, type Runtime } from '../src/runtime.js';
import type { BootstrappedOrganization } from '../src/services/organizations.js';
import { dialectsUnderTest, openTestRuntime } from './support/harness.js';

/**
 * The fast path reads the API key and the inbox of a `POST /collect` together (one prepared
 * statement on PostgreSQL). The key is still read for every request: a revocation made by another
 * process holds from the very next request on.
 */
describe.each(dialectsUnderTest())('POST /collect key and inbox lookup [%s]', (dialect) => {
  let runtime: Runtime;
  let cleanup: () => Promise<void>;
  let server: RunningServer;
  let org: BootstrappedOrganization;

  beforeEach(async () => {
    ({ runtime, cleanup } = await openTestRuntime(dialect));
    org = await runtime.services.organizations.bootstrap({ name: 'Lookup Co' });
    server = await listen(runtime, { port: 0, host: '127.0.0.1' });
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await server.close();
    await cleanup();
  });

  const collect = async (key: string, inboxKey = org.inbox.inboxKey) => {
    const response = await fetch(`${server.url.replace('localhost', '127.0.0.1')}/collect`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-service-key': key },
      body: JSON.stringify({ inboxKey, type: 'thumbs', score: 1 }),
    });
    return { status: response.status, body: (await response.json()) as { code?: string; id?: string } };
  };

  it('refuses a key revoked by another process on the next request', async () => {
    const other = await createRuntime(loadConfig({}, { ...runtime.config }));
    try {
      const admin = await other.services.apiKeys.authenticate(org.adminKey);
      const { apiKey, secret } = await other.services.apiKeys.create(admin, { name: 'soon gone', scopes: ['collect'] });
      expect((await collect(secret)).status).toBe(201);
      expect((await collect(secret)).status).toBe(201);
      await other.services.apiKeys.revoke(admin, apiKey.id);
      expect(await collect(secret)).toMatchObject({ status: 401, body: { code: 'revoked_api_key' } });
    } finally {
      await other.close();
    }
  });

  it("answers 404 for another organization's inbox and 401 before it for a bad key", async () => {
    const other = await runtime.services.organizations.bootstrap({ name: 'Other Co' });
    expect(await collect(org.collectKey, other.inbox.inboxKey)).toMatchObject({
      status: 404,
      body: { code: 'inbox_not_found' },
    });
    expect(await collect(org.collectKey, 'ibx_nothing_here')).toMatchObject({ status: 404 });
    const forged = `${org.collectKey.slice(0, -4)}AAAA`;
    expect(await collect(forged, other.inbox.inboxKey)).toMatchObject({
      status: 401,
      body: { code: 'invalid_api_key' },
    });
  });

  // Only PostgreSQL pays a round trip per lookup; on SQLite the test does not exist rather than skip.
  const postgresOnly = dialect === 'postgres' ? it : () => {};
  postgresOnly('reads the key and the inbox in one round trip', async () => {
    expect((await collect(org.collectKey)).status).toBe(201);
    const texts = recordPgQueries();
    expect((await collect(org.collectKey)).status).toBe(201);
    // Reads only: the first request's `lastUsedAt` write (fire and forget, at most once a minute)
    // may land after the recording began on a busy machine.
    const lookups = texts.filter((text) => /"api_keys"|"inboxes"/.test(text) && !/^\s*update\b/i.test(text));
    expect(lookups).toHaveLength(1);
    expect(lookups[0]).toMatch(/"api_keys".*"inboxes"/s);
  });

  postgresOnly('shares one lookup among the requests of one event-loop turn, and reads again in the next', async () => {
    const texts = recordPgQueries();
    const lookups = () => texts.filter((text) => /"api_keys".*"inboxes"/s.test(text)).length;
    const { collectLookup } = runtime.store;
    const keyId = `key_${org.collectKey.split('_')[1]}`;
    // Asked in one turn: one query, one answer for all.
    const sameTurn = await Promise.all([1, 2, 3].map(() => collectLookup.keyAndInbox(keyId, org.inbox.inboxKey)));
    expect(lookups()).toBe(1);
    expect(sameTurn.map((found) => [found.key?.id, found.inbox?.id])).toEqual(
      [1, 2, 3].map(() => [keyId, org.inbox.id]),
    );
    // A later turn sees the database as it is then: a revocation made in between holds.
    const admin = await runtime.services.apiKeys.authenticate(org.adminKey);
    await runtime.services.apiKeys.revoke(admin, keyId);
    const later = await collectLookup.keyAndInbox(keyId, org.inbox.inboxKey);
    expect(lookups()).toBe(2);
    expect(later.key?.revokedAt).toEqual(expect.any(String));
  });
});

/** The SQL text of every query any pg client sends from now on (until vi.restoreAllMocks). */
function recordPgQueries(): string[] {
  const texts: string[] = [];
  const query = pg.Client.prototype.query;
  vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
    const [config] = args as [string | { text: string }];
    texts.push(typeof config === 'string' ? config : config.text);
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as never);
  return texts;
}
