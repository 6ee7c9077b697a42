import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessionCookieOf } from '../../test/support/accounts.js';
import { dialectsUnderTest, openTestRuntime, requestApp } from '../../test/support/harness.js';
import { type EmbedGate, embedGate, type TestEmbedder, testEmbedder } from '../../test/support/test-embedder.js';
import type { Runtime } from '../runtime.js';
import type { BootstrappedOrganization } from '../services/organizations.js';
import { searchReindexService } from '../services/search-reindex.js';
import { embedFeedbackHandler } from './embed-feedback.js';
import { JobRunner } from './job-runner.js';

async function collect(runtime: Runtime, org: BootstrappedOrganization, inboxKey: string, comment: string) {
  const response = await requestApp(runtime, '/collect', {
    method: 'POST',
    key: org.collectKey,
    json: { inboxKey, type: 'thumbs', score: 1, comment },
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function deleteInbox(runtime: Runtime, org: BootstrappedOrganization, inboxId: string) {
  const response = await requestApp(runtime, `/organizations/${org.organization.id}/inboxes/${inboxId}`, {
    method: 'DELETE',
    key: org.adminKey,
  });
  expect(response.status).toBe(200);
}

/** Deletes the organization as its owner does: the instance's first user, signed in, typing its slug. */
async function deleteOrganization(runtime: Runtime, org: BootstrappedOrganization) {
  const signedUp = await requestApp(runtime, '/auth/sign-up/email', {
    method: 'POST',
    headers: { origin: 'http://localhost' },
    json: { email: 'owner@example.com', password: 'a long enough password', name: 'Owner' },
  });
  expect(signedUp.status, await signedUp.clone().text()).toBe(200);
  const response = await requestApp(runtime, `/organizations/${org.organization.id}`, {
    method: 'DELETE',
    session: sessionCookieOf(signedUp),
    json: { confirm: org.organization.slug },
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

async function deleteFeedback(runtime: Runtime, org: BootstrappedOrganization, id: string) {
  const response = await requestApp(runtime, `/organizations/${org.organization.id}/feedback/${id}`, {
    method: 'DELETE',
    key: org.adminKey,
  });
  expect(response.status).toBe(200);
}

/** Rows of the vector index (sqlite-vec's tables; none on PostgreSQL) that still name these items. */
async function indexRowsOf(runtime: Runtime, ids: readonly string[]): Promise<string[]> {
  const db = runtime.database.db;
  if (runtime.database.dialect.vectorIndex.kind !== 'sqlite-vec') return [];
  const tables = await sql<{ name: string }>`select name from sqlite_master where name like 'vec_%_bit'`.execute(db);
  const found: string[] = [];
  for (const { name } of tables.rows) {
    const rows = await sql<{ feedback_id: string }>`select feedback_id from ${sql.table(name)}`.execute(db);
    found.push(...rows.rows.map((row) => row.feedback_id).filter((id) => ids.includes(id)));
  }
  return found;
}

/** What a user of the deleted inbox would see go wrong: failed jobs, retries owed, vectors left. */
async function leftovers(runtime: Runtime, errors: unknown[]) {
  const retries = await runtime.database.db.selectFrom('outbox_retries').select('last_error').execute();
  const vectors = await runtime.database.db
    .withTables<{ feedback_embeddings: { feedback_id: string } }>()
    .selectFrom('feedback_embeddings')
    .select('feedback_id')
    .execute();
  return { errors: errors.map(String), retries, vectors: vectors.map((row) => row.feedback_id) };
}

for (const dialect of dialectsUnderTest()) {
  describe(`background jobs when the feedback is deleted meanwhile [${dialect}]`, () => {
    let runtime: Runtime;
    let org: BootstrappedOrganization;
    let cleanup: () => Promise<void>;
    let gate: EmbedGate;
    let embedder: TestEmbedder;

    beforeEach(async () => {
      // Closed: the embedder holds each batch until the test has deleted what it embeds.
      gate = embedGate();
      embedder = testEmbedder('test-vanish', 8, { gate });
      const opened = await openTestRuntime(dialect, {}, { embedder });
      runtime = opened.runtime;
      cleanup = opened.cleanup;
      org = await runtime.services.organizations.bootstrap({ name: 'Vanishing' });
    });

    afterEach(async () => {
      gate.open();
      await cleanup();
    });

    it('the embedding job skips feedback whose inbox was deleted while it embedded, without an error', async () => {
      const created = await requestApp(runtime, `/organizations/${org.organization.id}/inboxes`, {
        method: 'POST',
        key: org.adminKey,
        json: { name: 'Kept' },
      });
      const kept = (await created.json()) as { inboxKey: string };
      const gone = await collect(runtime, org, org.inbox.inboxKey, 'The export button does nothing');
      const errors: unknown[] = [];
      const runner = new JobRunner({
        store: runtime.store,
        handlers: { 'feedback.created': [embedFeedbackHandler(runtime.store, embedder)] },
        onError: (error) => errors.push(error),
      });

      const running = runner.runUntilIdle();
      await gate.entered;
      await deleteInbox(runtime, org, org.inbox.id);
      gate.open();
      expect(await running).toBe(1);

      expect(await leftovers(runtime, errors)).toEqual({ errors: [], retries: [], vectors: [] });
      expect(await runtime.store.embeddings.find(gone, embedder.model)).toBeUndefined();

      // The job still embeds the feedback that is there.
      const stays = await collect(runtime, org, kept.inboxKey, 'Dark mode please');
      expect(await runner.runUntilIdle()).toBe(1);
      expect((await leftovers(runtime, errors)).vectors).toEqual([stays]);
    });

    it('deleting an inbox takes its embedded items out of the vector index', async () => {
      gate.open();
      const created = await requestApp(runtime, `/organizations/${org.organization.id}/inboxes`, {
        method: 'POST',
        key: org.adminKey,
        json: { name: 'Kept' },
      });
      const kept = (await created.json()) as { inboxKey: string };
      const gone = [
        await collect(runtime, org, org.inbox.inboxKey, 'Checkout fails on Safari'),
        await collect(runtime, org, org.inbox.inboxKey, 'Checkout is slow'),
      ];
      const stays = await collect(runtime, org, kept.inboxKey, 'Checkout works well now');
      const runner = new JobRunner({
        store: runtime.store,
        handlers: { 'feedback.created': [embedFeedbackHandler(runtime.store, embedder)] },
      });
      expect(await runner.runUntilIdle()).toBe(3);
      const indexed = runtime.database.dialect.vectorIndex.kind === 'sqlite-vec';
      expect((await indexRowsOf(runtime, [...gone, stays])).sort()).toEqual(indexed ? [...gone, stays].sort() : []);

      await deleteInbox(runtime, org, org.inbox.id);

      // Left behind, they crowded a search's candidates until it fell back to the exact scan.
      expect(await indexRowsOf(runtime, [...gone, stays])).toEqual(indexed ? [stays] : []);
      expect((await leftovers(runtime, [])).vectors).toEqual([stays]);
    });

    it('deleting an organization takes its embedded items out of the vector index', async () => {
      gate.open();
      const other = await runtime.services.organizations.bootstrap({ name: 'Staying' });
      const gone = [
        await collect(runtime, org, org.inbox.inboxKey, 'Checkout fails on Safari'),
        await collect(runtime, org, org.inbox.inboxKey, 'Checkout is slow'),
      ];
      const stays = await collect(runtime, other, other.inbox.inboxKey, 'Checkout works well now');
      const runner = new JobRunner({
        store: runtime.store,
        handlers: { 'feedback.created': [embedFeedbackHandler(runtime.store, embedder)] },
      });
      expect(await runner.runUntilIdle()).toBe(3);
      const indexed = runtime.database.dialect.vectorIndex.kind === 'sqlite-vec';
      expect((await indexRowsOf(runtime, [...gone, stays])).sort()).toEqual(indexed ? [...gone, stays].sort() : []);

      await deleteOrganization(runtime, org);

      // Left behind, they stayed in the index's tables for good, in a partition nobody can search.
      expect(await indexRowsOf(runtime, [...gone, stays])).toEqual(indexed ? [stays] : []);
      expect((await leftovers(runtime, [])).vectors).toEqual([stays]);
    });

    it('the events of feedback deleted before the job ran are handled without an error', async () => {
      const gone = await collect(runtime, org, org.inbox.inboxKey, 'Too many emails');
      await deleteInbox(runtime, org, org.inbox.id);
      gate.open();
      const errors: unknown[] = [];
      const runner = new JobRunner({
        store: runtime.store,
        handlers: { 'feedback.created': [embedFeedbackHandler(runtime.store, embedder)] },
        onError: (error) => errors.push(error),
      });
      expect(await runner.runUntilIdle()).toBe(1);
      expect(await leftovers(runtime, errors)).toEqual({ errors: [], retries: [], vectors: [] });
      expect(await runtime.store.embeddings.find(gone, embedder.model)).toBeUndefined();
    });

    it('the embedding job skips one item deleted while it embedded, and stores the rest of its batch', async () => {
      const gone = await collect(runtime, org, org.inbox.inboxKey, 'Spam spam spam, buy now');
      const stays = await collect(runtime, org, org.inbox.inboxKey, 'The export button does nothing');
      const errors: unknown[] = [];
      const runner = new JobRunner({
        store: runtime.store,
        handlers: { 'feedback.created': [embedFeedbackHandler(runtime.store, embedder)] },
        onError: (error) => errors.push(error),
      });

      const running = runner.runUntilIdle();
      await gate.entered;
      await deleteFeedback(runtime, org, gone);
      gate.open();
      expect(await running).toBe(2);

      expect(await leftovers(runtime, errors)).toEqual({ errors: [], retries: [], vectors: [stays] });
      expect(await runtime.store.feedback.find({ orgId: org.organization.id, brandId: null }, gone)).toBeUndefined();
      expect(await indexRowsOf(runtime, [gone])).toEqual([]);
    });

    it('deleting an embedded item takes its vector and index rows: search by meaning no longer finds it', async () => {
      gate.open();
      const gone = await collect(runtime, org, org.inbox.inboxKey, 'Delete my account and my data please');
      const stays = await collect(runtime, org, org.inbox.inboxKey, 'Delete button in settings is hidden');
      const runner = new JobRunner({
        store: runtime.store,
        handlers: { 'feedback.created': [embedFeedbackHandler(runtime.store, embedder)] },
      });
      expect(await runner.runUntilIdle()).toBe(2);
      const search = async () => {
        const response = await requestApp(runtime, `/organizations/${org.organization.id}/search`, {
          method: 'POST',
          key: org.adminKey,
          json: { query: 'delete my account data', mode: 'semantic', limit: 10 },
        });
        expect(response.status).toBe(200);
        return ((await response.json()) as { data: { feedback: { id: string } }[] }).data.map((hit) => hit.feedback.id);
      };
      expect(await search()).toContain(gone);
      if (runtime.database.dialect.vectorIndex.kind === 'sqlite-vec') {
        expect(await indexRowsOf(runtime, [gone])).toEqual([gone]);
      }

      await deleteFeedback(runtime, org, gone);

      expect(await search()).toEqual([stays]);
      expect((await leftovers(runtime, [])).vectors).toEqual([stays]);
      expect(await indexRowsOf(runtime, [gone, stays])).toEqual(
        runtime.database.dialect.vectorIndex.kind === 'sqlite-vec' ? [stays] : [],
      );
    });

    it('a reindex skips feedback deleted while it embedded, and finishes', async () => {
      await collect(runtime, org, org.inbox.inboxKey, 'Search is slow on big inboxes');
      const reindex = searchReindexService(runtime.store, embedder);
      const running = reindex.step(org.organization.id, { budgetMs: 0 });
      await gate.entered;
      await deleteInbox(runtime, org, org.inbox.id);
      gate.open();
      expect(await running).toBe(1);
      expect(await reindex.step(org.organization.id, { budgetMs: 0 })).toBe(0);
      expect((await runtime.store.searchModels.find(org.organization.id))?.state).toBe('ready');
      expect((await leftovers(runtime, [])).vectors).toEqual([]);
    });
  });
}
