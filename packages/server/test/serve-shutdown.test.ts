import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../src/runtime.js';
import { within } from './support/async.js';
import { BUILD_TIMEOUT_MS, ensureBuilt, type ServeProcess, spawnServe } from './support/built-cli.js';
import { type EmbeddingsStub, startEmbeddingsStub } from './support/embeddings-stub.js';
import { dialectsUnderTest, type SharedDatabase, sharedTestDatabase } from './support/harness.js';
import { testEmbedder } from './support/test-embedder.js';

/** The model id `hearback serve` records for HEARBACK_SEARCH=openai with the stub's model. */
const MODEL = 'openai:stub-embed';
const DIMENSIONS = 16;
/** Far below the job lease (30 s), which a stopped server used to leave behind. */
const SOON_MS = 10_000;
/** The grace a stopping server gives the held embedding, far below the default (2 s). */
const STOP_GRACE_MS = 100;
const COMMENTS = ['The app crashes when I upload a photo', 'Please add a dark mode', 'Checkout is slow'];

async function consumerRow(runtime: Runtime) {
  return runtime.database.db
    .selectFrom('outbox_consumers')
    .selectAll()
    .where('consumer', '=', 'jobs')
    .executeTakeFirstOrThrow();
}

for (const dialect of dialectsUnderTest()) {
  describe(`hearback serve stopped while its job runner is mid-batch [${dialect}]`, () => {
    let database: SharedDatabase;
    let stub: EmbeddingsStub;
    let server: ServeProcess | undefined;

    beforeAll(async () => {
      await ensureBuilt();
    }, BUILD_TIMEOUT_MS);
    afterEach(async () => {
      await server?.stop('SIGKILL');
      server = undefined;
      await stub.close();
      await database.cleanup();
    });

    /** A server whose first embedding request the stub holds (a model that is slow to answer). */
    async function serverMidBatch() {
      database = await sharedTestDatabase(dialect);
      const setup = await database.open();
      const org = await setup.services.organizations.bootstrap({ name: 'Shutdown' });
      await setup.close();
      stub = await startEmbeddingsStub(DIMENSIONS);
      stub.holdFrom(1);
      server = await spawnServe(database.dataDir, {
        HEARBACK_SEARCH: 'openai',
        HEARBACK_EMBEDDINGS_URL: stub.url,
        HEARBACK_EMBEDDINGS_MODEL: 'stub-embed',
        // What is tested is that stopping gives up on the held embedding, not how long it waits first.
        HEARBACK_JOB_STOP_GRACE_MS: String(STOP_GRACE_MS),
        ...(database.databaseUrl && { DATABASE_URL: database.databaseUrl }),
      });
      const ids: string[] = [];
      for (const comment of COMMENTS) {
        const response = await fetch(`${server.url}/collect`, {
          method: 'POST',
          headers: { 'x-service-key': org.collectKey, 'content-type': 'application/json' },
          body: JSON.stringify({ inboxKey: org.inbox.inboxKey, type: 'text', comment }),
        });
        expect(response.status).toBe(201);
        ids.push(((await response.json()) as { id: string }).id);
      }
      await within(stub.arrived(1), SOON_MS, 'the server never asked for an embedding');
      return { ids, running: server };
    }

    it('SIGTERM hands the lease back, and the next process embeds at once', async () => {
      const { ids, running } = await serverMidBatch();
      expect(await within(running.stop('SIGTERM'), SOON_MS, 'serve did not exit after SIGTERM')).toBe(0);
      server = undefined;

      const next = await database.open({}, { embedder: testEmbedder(MODEL, DIMENSIONS) });
      expect(await consumerRow(next)).toMatchObject({ leased_until: null, lease_token: null });
      // Well within the old lease: the run is awaited, not the clock.
      expect(await next.jobs.runUntilIdle()).toBeGreaterThan(0);
      expect((await next.store.embeddings.embeddedAmong(ids, MODEL)).size).toBe(ids.length);
    });

    it('a crash (SIGKILL) still leaves its lease to expire, as before', async () => {
      const { running } = await serverMidBatch();
      expect(await running.stop('SIGKILL')).toBeNull();
      server = undefined;

      const next = await database.open({}, { embedder: testEmbedder(MODEL, DIMENSIONS) });
      const row = await consumerRow(next);
      expect(row.lease_token).not.toBeNull();
      expect(Date.parse(row.leased_until ?? '')).toBeGreaterThan(Date.now());
      expect(await next.jobs.runUntilIdle()).toBe(0);
    });
  });
}
