import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestRuntime } from '../../test/support/harness.js';
import { loadConfig } from '../config.js';
import { newId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';
import { createRuntime, type Runtime } from '../runtime.js';
import { SqliteVecTables } from '../storage/sqlite/vec-tables.js';
import { normalize, vectorToBytes } from './embedder.js';
import { LOCAL_MODEL } from './local-embedder.js';
import { exactScanIndex, sqliteVecIndex, type VectorQuery } from './vector-index.js';

const DIMENSIONS = 512;
const TOPICS = 12;
const PER_TOPIC = 100;

/** Deterministic noise in −1..1 (a sine hash of a counter), so a failure can be replayed. */
function noiseSource() {
  let counter = 0;
  return () => {
    const x = Math.sin(++counter * 12.9898 + 78.233) * 43758.5453;
    return 2 * (x - Math.floor(x)) - 1;
  };
}

/** A labelled set: topic centres, and items and queries scattered around them. */
function labelledSet() {
  const noise = noiseSource();
  const centres = Array.from({ length: TOPICS }, () => Float32Array.from({ length: DIMENSIONS }, noise));
  const around = (centre: Float32Array, spread: number) => normalize(centre.map((value) => value + spread * noise()));
  const items = centres.flatMap((centre, topic) =>
    Array.from({ length: PER_TOPIC }, () => ({ id: newId('feedback'), topic, vector: around(centre, 0.8) })),
  );
  const queries = centres.map((centre, topic) => ({ topic, vector: around(centre, 0.6) }));
  return { items, queries };
}

async function insertLabelled(
  runtime: Runtime,
  orgId: string,
  inboxId: string,
  items: ReturnType<typeof labelledSet>['items'],
) {
  const now = nowIso();
  await runtime.store.feedback.insertMany(
    items.map((item) => ({
      id: item.id,
      orgId,
      inboxId,
      brandId: null,
      type: 'text' as const,
      score: null,
      comment: `topic ${item.topic}`,
      context: {},
      source: null,
      status: 'new' as const,
      issueLink: null,
      assigneeId: null,
      idempotencyKey: null,
      createdAt: now,
      updatedAt: now,
    })),
  );
  await runtime.store.transaction((tx) =>
    tx.embeddings.upsertMany(
      LOCAL_MODEL,
      items.map((item) => ({ feedbackId: item.id, vector: vectorToBytes(item.vector), dim: DIMENSIONS })),
      now,
    ),
  );
}

async function tableNames(runtime: Runtime): Promise<string[]> {
  const result = await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(
    runtime.database.db,
  );
  return result.rows.map((row) => row.name);
}

describe('sqlite-vec index: sign-bit candidates re-scored against the float vectors', () => {
  const { items, queries } = labelledSet();
  const topicOf = new Map(items.map((item) => [item.id, item.topic]));
  let runtime: Runtime;
  let cleanup: () => Promise<void>;
  let orgId: string;

  beforeAll(async () => {
    const opened = await openTestRuntime('sqlite');
    runtime = opened.runtime;
    cleanup = opened.cleanup;
    const org = await runtime.services.organizations.bootstrap({ name: 'Vectors' });
    orgId = org.organization.id;
    await insertLabelled(runtime, orgId, org.inbox.id, items);
  });
  afterAll(async () => {
    await cleanup?.();
  });

  const queryFor = (vector: Float32Array, limit: number): VectorQuery => ({
    scope: { orgId, brandId: null },
    filters: {},
    model: LOCAL_MODEL,
    vector,
    limit,
  });

  it('finds the labelled neighbours and agrees with the exact scan on their order and similarity', async () => {
    expect(runtime.database.dialect.vectorIndex.kind).toBe('sqlite-vec');
    const exact = exactScanIndex(runtime.store.embeddings);
    const index = sqliteVecIndex(runtime.store.embeddings);
    for (const { topic, vector } of queries) {
      const expected = await exact.nearest(queryFor(vector, 10));
      const found = await index.nearest(queryFor(vector, 10));
      expect(found.map((match) => topicOf.get(match.feedbackId))).toEqual(Array(10).fill(topic));
      expect(found.map((match) => match.feedbackId)).toEqual(expected.map((match) => match.feedbackId));
      found.forEach((match, index) => {
        expect(match.similarity).toBe(expected[index]?.similarity);
      });
    }
  });

  it('keeps tenancy: another organization’s partition holds none of these vectors', async () => {
    const other = await runtime.services.organizations.bootstrap({ name: 'Other' });
    const [query] = queries;
    if (!query) throw new Error('no query');
    const index = sqliteVecIndex(runtime.store.embeddings);
    expect(
      await index.nearest({ ...queryFor(query.vector, 10), scope: { orgId: other.organization.id, brandId: null } }),
    ).toEqual([]);
  });
});

describe('sqlite-vec index on upgrade from the float32 vec0 layout', () => {
  it('replaces the old table by the bit one at warm-up, with the same neighbours as the exact scan', async () => {
    const { items, queries } = labelledSet();
    const opened = await openTestRuntime('sqlite');
    const { dataDir } = opened.runtime.config;
    const org = await opened.runtime.services.organizations.bootstrap({ name: 'Upgraded' });
    await insertLabelled(opened.runtime, org.organization.id, org.inbox.id, items.slice(0, 300));
    // The state a first-release database is in: its float32 table, no bit table.
    const oldTable = SqliteVecTables.float32TableName(LOCAL_MODEL, DIMENSIONS);
    const newTable = SqliteVecTables.tableName(LOCAL_MODEL, DIMENSIONS);
    const { db } = opened.runtime.database;
    await sql`drop table ${sql.table(newTable)}`.execute(db);
    await sql`create virtual table ${sql.table(oldTable)} using vec0(
        org_id text partition key, embedding float[512] distance_metric=cosine, +feedback_id text)`.execute(db);
    await sql`insert into ${sql.table(oldTable)} (rowid, org_id, embedding, feedback_id)
        select f.rowid, f.org_id, e.vector, f.id from feedback_embeddings e join feedback f on f.id = e.feedback_id`.execute(
      db,
    );

    // A second process start on the same file (the first runtime stays open: closed by cleanup).

    const search = { embedder: 'local', idleMs: 0 } as const;
    const upgraded = await createRuntime(loadConfig({}, { dataDir, runJobs: false, logLevel: 'silent', search }));
    try {
      expect(await tableNames(upgraded)).toContain(oldTable);
      await upgraded.services.search.warmUp();
      const names = await tableNames(upgraded);
      expect(names).toContain(newTable);
      expect(names).not.toContain(oldTable);
      const [query] = queries;
      if (!query) throw new Error('no query');
      const request: VectorQuery = {
        scope: { orgId: org.organization.id, brandId: null },
        filters: {},
        model: LOCAL_MODEL,
        vector: query.vector,
        limit: 10,
      };
      const found = await sqliteVecIndex(upgraded.store.embeddings).nearest(request);
      const expected = await exactScanIndex(upgraded.store.embeddings).nearest(request);
      expect(found.map((match) => match.feedbackId)).toEqual(expected.map((match) => match.feedbackId));
    } finally {
      await upgraded.close();
      await opened.cleanup();
    }
  });
});
