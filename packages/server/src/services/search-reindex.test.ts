import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionCookieOf } from '../../test/support/accounts.js';
import { expectJson } from '../../test/support/api-assertions.js';
import { dialectsUnderTest, openTestRuntime, requestApp } from '../../test/support/harness.js';
import { makeRetriesDue, retriesOf } from '../../test/support/outbox.js';
import { testEmbedder } from '../../test/support/test-embedder.js';
import { JobRunner } from '../jobs/job-runner.js';
import { reindexOrganizationHandler } from '../jobs/reindex-organization.js';
import { createRuntime, type Runtime, type RuntimeOptions } from '../runtime.js';
import type { SearchTables } from '../storage/repositories/embeddings.js';
import { SqliteVecTables } from '../storage/sqlite/vec-tables.js';
import { embedAndStore } from './embedding.js';
import type { BootstrappedOrganization } from './organizations.js';
import { REINDEX_EVENT, searchReindexService } from './search-reindex.js';

const COMMENTS = [
  'The app crashes every time I upload a photo',
  'I was charged twice for my subscription',
  'Please add a dark mode for night use',
  'The password reset email never arrives',
  'Checkout is slow on mobile',
  'Error ERR_42 when exporting to CSV',
  'Notifications buzz all day long',
];

interface Hit {
  feedback: { id: string; orgId: string };
  similarity: number | null;
}

for (const dialect of dialectsUnderTest()) {
  describe(`search reindex [${dialect}]`, () => {
    const cleanups: (() => Promise<void>)[] = [];
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    });

    async function open(options: RuntimeOptions = {}) {
      const opened = await openTestRuntime(dialect, {}, options);
      cleanups.push(opened.cleanup);
      const { runtime } = opened;
      const orgA = await runtime.services.organizations.bootstrap({ name: 'Org A' });
      const orgB = await runtime.services.organizations.bootstrap({ name: 'Org B' });
      return { runtime, orgA, orgB };
    }

    /** A second process on the same database, started with another embedder. */
    async function restart(runtime: Runtime, options: RuntimeOptions, runJobs = false): Promise<Runtime> {
      const restarted = await createRuntime({ ...runtime.config, runJobs }, undefined, options);
      cleanups.push(() => restarted.close());
      return restarted;
    }

    async function collect(runtime: Runtime, org: BootstrappedOrganization, comments: readonly (string | null)[]) {
      const ids: string[] = [];
      for (const comment of comments) {
        const json =
          comment === null
            ? { inboxKey: org.inbox.inboxKey, type: 'thumbs', score: 1 }
            : { inboxKey: org.inbox.inboxKey, type: 'text', comment };
        const response = await requestApp(runtime, '/collect', { method: 'POST', key: org.collectKey, json });
        ids.push((await expectJson<{ id: string }>(response, 201)).id);
      }
      return ids;
    }

    /** Model of each item's stored vector (absent: none). */
    async function modelsOf(runtime: Runtime, ids: readonly string[]): Promise<Record<string, string>> {
      const rows = await runtime.database.db
        .withTables<SearchTables>()
        .selectFrom('feedback_embeddings')
        .select(['feedback_id', 'model'])
        .where('feedback_id', 'in', ids)
        .execute();
      return Object.fromEntries(rows.map((row) => [row.feedback_id, row.model]));
    }

    async function search(runtime: Runtime, org: BootstrappedOrganization, query: string): Promise<Hit[]> {
      const response = await requestApp(runtime, `/organizations/${org.organization.id}/search`, {
        method: 'POST',
        key: org.adminKey,
        json: { query },
      });
      return (await expectJson<{ data: Hit[] }>(response, 200)).data;
    }

    const sorted = (values: readonly string[]) => [...values].sort();

    it('backfills exactly the items with a comment and no vector of the model, in every organization', async () => {
      const { runtime, orgA, orgB } = await open();
      const idsA = await collect(runtime, orgA, COMMENTS.slice(0, 5));
      const [noComment = ''] = await collect(runtime, orgA, [null]);
      const idsB = await collect(runtime, orgB, COMMENTS.slice(5));
      const earlier = testEmbedder('test-a', 8);
      await embedAndStore(runtime.store, earlier, [
        { id: idsA[0] ?? '', comment: COMMENTS[0] ?? '' },
        { id: idsA[1] ?? '', comment: COMMENTS[1] ?? '' },
      ]);

      const embedder = testEmbedder('test-a', 8);
      const progress: number[] = [];
      let started: [number, number] | undefined;
      const summary = await searchReindexService(runtime.store, embedder).run({
        batchSize: 2,
        onStart: (total, organizations) => {
          started = [total, organizations];
        },
        onProgress: (done) => progress.push(done),
      });

      expect(summary).toEqual({ model: 'test-a', organizations: 2, embedded: 5, interrupted: false });
      expect(started).toEqual([5, 2]);
      expect(progress).toEqual([2, 3, 5]);
      expect(sorted(embedder.embedded)).toEqual(sorted(COMMENTS.slice(2)));
      const models = await modelsOf(runtime, [...idsA, noComment, ...idsB]);
      expect(Object.keys(models)).toHaveLength(7);
      expect(models[noComment]).toBeUndefined();
      expect(new Set(Object.values(models))).toEqual(new Set(['test-a']));
      expect(await runtime.store.searchModels.find(orgB.organization.id)).toMatchObject({
        model: 'test-a',
        dim: 8,
        state: 'ready',
      });

      const again = testEmbedder('test-a', 8);
      expect((await searchReindexService(runtime.store, again).run()).embedded).toBe(0);
      expect(again.calls).toBe(0);
    });

    it('resumes a failed run where it stopped, embedding no item twice', async () => {
      const { runtime, orgA } = await open();
      const ids = await collect(runtime, orgA, COMMENTS);
      const failing = testEmbedder('test-a', 8, { failOnCall: 3 });
      await expect(searchReindexService(runtime.store, failing).run({ batchSize: 2 })).rejects.toThrow(
        /provider unavailable/,
      );
      expect(Object.keys(await modelsOf(runtime, ids))).toHaveLength(4);

      const healthy = testEmbedder('test-a', 8);
      const summary = await searchReindexService(runtime.store, healthy).run({ batchSize: 2 });
      expect(summary.embedded).toBe(3);
      expect(sorted([...failing.embedded, ...healthy.embedded])).toEqual(sorted(COMMENTS));
      expect(Object.keys(await modelsOf(runtime, ids))).toHaveLength(7);
    });

    it('stops after the batch in progress when interrupted and resumes on the next run', async () => {
      const { runtime, orgA } = await open();
      await collect(runtime, orgA, COMMENTS);
      const controller = new AbortController();
      const first = testEmbedder('test-a', 8);
      const stopped = await searchReindexService(runtime.store, first).run({
        batchSize: 3,
        signal: controller.signal,
        onProgress: () => controller.abort(),
      });
      expect(stopped).toMatchObject({ embedded: 3, interrupted: true });
      expect(await runtime.store.searchModels.find(orgA.organization.id)).toBeUndefined();

      const second = testEmbedder('test-a', 8);
      expect(await searchReindexService(runtime.store, second).run({ batchSize: 3 })).toMatchObject({
        embedded: 4,
        interrupted: false,
      });
      expect(sorted([...first.embedded, ...second.embedded])).toEqual(sorted(COMMENTS));
    });

    it('limits a run to one organization and never touches another', async () => {
      const { runtime, orgA, orgB } = await open();
      const idsA = await collect(runtime, orgA, COMMENTS.slice(0, 2));
      const idsB = await collect(runtime, orgB, COMMENTS.slice(2, 4));
      await embedAndStore(runtime.store, testEmbedder('old-model', 4), [
        { id: idsB[0] ?? '', comment: COMMENTS[2] ?? '' },
      ]);
      const oldVector = await runtime.store.embeddings.find(idsB[0] ?? '', 'old-model');

      const embedder = testEmbedder('test-a', 8);
      const reindex = searchReindexService(runtime.store, embedder);
      expect(await reindex.run({ orgId: orgA.organization.id })).toMatchObject({ organizations: 1, embedded: 2 });
      expect(sorted(embedder.embedded)).toEqual(sorted(COMMENTS.slice(0, 2)));
      expect(await modelsOf(runtime, [...idsA, ...idsB])).toEqual({
        [idsA[0] ?? '']: 'test-a',
        [idsA[1] ?? '']: 'test-a',
        [idsB[0] ?? '']: 'old-model',
      });
      expect(await runtime.store.embeddings.find(idsB[0] ?? '', 'old-model')).toEqual(oldVector);
      expect(await runtime.store.searchModels.find(orgB.organization.id)).toBeUndefined();

      await expect(reindex.run({ orgId: 'org_00000000000000000000000000' })).rejects.toMatchObject({
        code: 'not_found',
      });
    });

    it('re-embeds every item of the model with force', async () => {
      const { runtime, orgA, orgB } = await open();
      await collect(runtime, orgA, COMMENTS.slice(0, 4));
      await collect(runtime, orgB, COMMENTS.slice(4));
      await searchReindexService(runtime.store, testEmbedder('test-a', 8)).run();
      const forced = testEmbedder('test-a', 8);
      expect(await searchReindexService(runtime.store, forced).run({ force: true })).toMatchObject({ embedded: 7 });
      expect(sorted(forced.embedded)).toEqual(sorted(COMMENTS));
    });

    it('reindexes in the background after a model change, while search answers without mixing models', async () => {
      const { runtime, orgA, orgB } = await open({ embedder: testEmbedder('test-a', 8) });
      const idsA = await collect(runtime, orgA, COMMENTS.slice(0, 5));
      const idsB = await collect(runtime, orgB, COMMENTS.slice(5));
      await runtime.jobs.runUntilIdle();
      expect(await runtime.reindex?.reconcile()).toEqual([]);
      expect(await runtime.reindex?.status(orgA.organization.id)).toEqual([
        { orgId: orgA.organization.id, recorded: { model: 'test-a', dim: 8, state: 'ready' }, missing: 0 },
      ]);

      const embedder = testEmbedder('test-b', 12);
      const restarted = await restart(runtime, { embedder });
      expect(sorted((await restarted.reindex?.reconcile()) ?? [])).toEqual(
        sorted([orgA.organization.id, orgB.organization.id]),
      );
      expect(await restarted.store.searchModels.find(orgA.organization.id)).toMatchObject({
        model: 'test-b',
        state: 'reindexing',
        previousModel: 'test-a',
        previousDim: 8,
      });

      // Not re-embedded yet: the words still find the item; test-a's vectors are never compared with the query's.
      const during = await search(restarted, orgA, 'crashes when I upload a photo');
      expect(during.map((hit) => hit.feedback.id)).toContain(idsA[0]);
      expect(during.every((hit) => hit.similarity === null)).toBe(true);
      expect(embedder.embedded).toEqual(['crashes when I upload a photo']);

      await restarted.jobs.runUntilIdle();
      expect(sorted(embedder.embedded.slice(1))).toEqual(sorted(COMMENTS));
      expect(await restarted.store.searchModels.find(orgA.organization.id)).toMatchObject({
        model: 'test-b',
        dim: 12,
        state: 'ready',
        previousModel: null,
      });
      expect(new Set(Object.values(await modelsOf(restarted, [...idsA, ...idsB])))).toEqual(new Set(['test-b']));
      const after = await search(restarted, orgA, 'crashes when I upload a photo');
      expect(after[0]).toMatchObject({ feedback: { id: idsA[0] }, similarity: expect.any(Number) });
      expect(after.every((hit) => hit.feedback.orgId === orgA.organization.id)).toBe(true);
      if (restarted.database.dialect.vectorIndex.kind === 'sqlite-vec') {
        const table = SqliteVecTables.tableName('test-a', 8);
        const left = await sql<{ count: number }>`select count(*) as count from ${sql.table(table)}`.execute(
          restarted.database.db,
        );
        expect(left.rows[0]?.count).toBe(0);
      }
    });

    it('notices a model change when the server starts and reindexes through the job runner', async () => {
      const { runtime, orgA } = await open({ embedder: testEmbedder('test-a', 8) });
      await collect(runtime, orgA, COMMENTS.slice(0, 3));
      await runtime.jobs.runUntilIdle();

      const embedder = testEmbedder('test-c', 6);
      const started = await restart(runtime, { embedder }, true);
      await started.searchModelsChecked;
      await started.jobs.stop();
      await started.jobs.runUntilIdle();
      expect(await started.store.searchModels.find(orgA.organization.id)).toMatchObject({
        model: 'test-c',
        dim: 6,
        state: 'ready',
      });
      expect(sorted(embedder.embedded)).toEqual(sorted(COMMENTS.slice(0, 3)));
    });

    it('records the model of an organization made while search is on: status shows it without a restart', async () => {
      const { runtime, orgA } = await open({ embedder: testEmbedder('test-a', 8) });
      // The start's check is over: only the making of an organization can record its model now.
      await runtime.searchModelsChecked;
      const signedUp = await requestApp(runtime, '/auth/sign-up/email', {
        method: 'POST',
        headers: { origin: 'http://localhost' },
        json: { email: 'owner@example.com', password: 'a-password-long-enough', name: 'Owner' },
      });
      expect(signedUp.status, await signedUp.clone().text()).toBe(200);
      const created = await requestApp(runtime, '/organizations', {
        method: 'POST',
        session: sessionCookieOf(signedUp),
        json: { name: 'Made while serving' },
      });
      const { organization } = await expectJson<{ organization: { id: string } }>(created, 201);

      // Made through the API (a person's `POST /organizations`) and by the operator (`init`, a first `serve`).
      const ready = { model: 'test-a', dim: null, state: 'ready' };
      expect(await runtime.reindex?.status(organization.id)).toEqual([
        { orgId: organization.id, recorded: ready, missing: 0 },
      ]);
      expect(await runtime.reindex?.status(orgA.organization.id)).toEqual([
        { orgId: orgA.organization.id, recorded: ready, missing: 0 },
      ]);
      // Its first vector gives the dimension; nothing is queued for reindexing at the next start.
      await collect(runtime, orgA, COMMENTS.slice(0, 1));
      await runtime.jobs.runUntilIdle();
      expect((await runtime.reindex?.status(orgA.organization.id))?.[0]?.recorded).toEqual({ ...ready, dim: 8 });
      expect(await runtime.reindex?.reconcile()).toEqual([]);
    });

    it('reindexes in steps, retries a failed step and keeps the batches committed before it', async () => {
      const { runtime, orgA } = await open();
      const ids = await collect(runtime, orgA, COMMENTS.slice(0, 5));
      await runtime.jobs.runUntilIdle(); // their feedback.created events: not what this test counts
      await embedAndStore(
        runtime.store,
        testEmbedder('test-a', 8),
        ids.map((id, index) => ({ id, comment: COMMENTS[index] ?? '' })),
      );
      const flaky = testEmbedder('test-b', 8, { failOnCall: 2 });
      const reindex = searchReindexService(runtime.store, flaky);
      expect(await reindex.reconcile()).toEqual([orgA.organization.id]);
      const runner = new JobRunner({
        store: runtime.store,
        handlers: { [REINDEX_EVENT]: [reindexOrganizationHandler(reindex, { budgetMs: 0, batchSize: 2 })] },
      });

      // The first step embeds one batch and queues the next; that one fails and waits for its retry.
      expect(await runner.runUntilIdle()).toBe(2);
      expect(Object.values(await modelsOf(runtime, ids)).filter((model) => model === 'test-b')).toHaveLength(2);
      const failed = await retriesOf(runtime.database.db);
      expect(failed).toEqual([
        expect.objectContaining({
          type: REINDEX_EVENT,
          attempts: 1,
          last_error: expect.stringContaining('provider unavailable'),
        }),
      ]);

      await makeRetriesDue(runtime.database.db);
      // The retry, then a step per remaining batch, then the one that finds nothing left.
      expect(await runner.runUntilIdle()).toBe(3);
      expect(sorted(flaky.embedded)).toEqual(sorted(COMMENTS.slice(0, 5)));
      expect(new Set(Object.values(await modelsOf(runtime, ids)))).toEqual(new Set(['test-b']));
      expect(await runtime.store.searchModels.find(orgA.organization.id)).toMatchObject({ state: 'ready', dim: 8 });
    });
  });
}
