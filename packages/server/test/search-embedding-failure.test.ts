import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Runtime } from '../src/runtime.js';
import type { BootstrappedOrganization } from '../src/services/organizations.js';
import { expectProblem } from './support/api-assertions.js';
import { type SharedDatabase, sharedTestDatabase } from './support/harness.js';
import { testEmbedder } from './support/test-embedder.js';

/**
 * An embedder that fails (the local model did not load, the provider is down) is the server's
 * trouble of the moment, not an unexpected error: 503 `search_unavailable`, and the same request
 * answers once the embedder does. No storage rule is involved, so one dialect is enough.
 */
describe('search while the embedder fails', () => {
  let database: SharedDatabase;
  let runtime: Runtime;
  let org: BootstrappedOrganization;

  beforeEach(async () => {
    database = await sharedTestDatabase('sqlite');
    // Its first call fails; the ones after it answer.
    runtime = await database.open({}, { embedder: testEmbedder('test-a', 8, { failOnCall: 1 }) });
    org = await runtime.services.organizations.bootstrap({ name: 'Embedder down' });
  });
  afterEach(async () => {
    await database.cleanup();
  });

  const call = (path: string, init: RequestInit = {}) =>
    runtime.app.request(`/organizations/${org.organization.id}${path}`, {
      ...init,
      headers: { 'x-service-key': org.adminKey, 'content-type': 'application/json' },
    });

  async function collected(comment: string): Promise<string> {
    const response = await runtime.app.request('/collect', {
      method: 'POST',
      headers: { 'x-service-key': org.collectKey, 'content-type': 'application/json' },
      body: JSON.stringify({ inboxKey: org.inbox.inboxKey, type: 'text', comment }),
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: string }).id;
  }

  it('a search by meaning: 503 search_unavailable, then the same search answers', async () => {
    await collected('The app crashes on upload');
    const search = () =>
      call('/search', { method: 'POST', body: JSON.stringify({ query: 'crash', mode: 'semantic' }) });
    const refused = await expectProblem(await search(), 503, 'search_unavailable');
    expect(refused.detail).toMatch(/try again/);
    expect((await search()).status).toBe(200);
  });

  it('similar feedback of an item not embedded yet: 503 search_unavailable, then it answers', async () => {
    const id = await collected('The app crashes on upload');
    await collected('Uploading a photo crashes the app');
    await expectProblem(await call(`/feedback/${id}/similar`), 503, 'search_unavailable');
    expect((await call(`/feedback/${id}/similar`)).status).toBe(200);
  });
});
