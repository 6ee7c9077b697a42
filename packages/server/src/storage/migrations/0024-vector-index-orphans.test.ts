import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { databaseMigratedTo } from '../../../test/support/migrated-database.js';
import { migrateToLatest } from '../migrate.js';
import { SqliteVecTables } from '../sqlite/vec-tables.js';

const MODEL = 'test-model';
const DIM = 8;
const at = '2026-11-20T10:00:00.000Z';
const vectorOf = (...signs: number[]) => new Uint8Array(Float32Array.from(signs).buffer);

describe('migration 0024-vector-index-orphans [sqlite]', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it("takes a deleted organization's rows out of the vector index and keeps every live item's", async () => {
    const database = await databaseMigratedTo('sqlite', '0023-webhook-deliveries-finished-index', cleanups);
    const { db } = database;
    const index = database.dialect.vectorIndex;
    // Where the platform has no sqlite-vec binary there is no index to clean (and the migration skips).
    if (!(index instanceof SqliteVecTables)) return;
    const item = async (id: string, org: string) => {
      await sql`insert into feedback (id, org_id, inbox_id, type, context, status, created_at, updated_at)
        values (${id}, ${org}, ${`inb_${org}`}, 'text', '{}', 'new', ${at}, ${at})`.execute(db);
    };
    for (const org of ['org_kept', 'org_gone']) {
      await sql`insert into organizations (id, name, plan, created_at, updated_at)
        values (${org}, ${org}, 'enterprise', ${at}, ${at})`.execute(db);
      await sql`insert into inboxes (id, org_id, name, inbox_key, created_at, updated_at)
        values (${`inb_${org}`}, ${org}, 'Inbox', ${`key_${org}`}, ${at}, ${at})`.execute(db);
    }
    await item('fb_kept_1', 'org_kept');
    await item('fb_gone_1', 'org_gone');
    await item('fb_gone_2', 'org_gone');
    await index.add(
      db,
      MODEL,
      ['fb_kept_1', 'fb_gone_1', 'fb_gone_2'].map((feedbackId) => ({
        feedbackId,
        vector: vectorOf(1, -1, 1, -1, 1, -1, 1, -1),
        dim: DIM,
      })),
    );
    const table = sql.table(SqliteVecTables.tableName(MODEL, DIM));
    const indexed = async () =>
      (
        await sql<{
          rowid: number;
          feedback_id: string;
        }>`select rowid, feedback_id from ${table} order by rowid`.execute(db)
      ).rows;
    const rowidsOfGone = (await indexed())
      .filter((row) => row.feedback_id.startsWith('fb_gone'))
      .map((row) => row.rowid);

    // As deleting an organization left it before: its items went (the cascade), their index rows
    // stayed. Then a later item was given a rowid freed, which a stale row still holds under the
    // old item's id.
    await sql`delete from organizations where id = 'org_gone'`.execute(db);
    await item('fb_kept_2', 'org_kept');
    const reused = await sql<{ rowid: number }>`select rowid from feedback where id = 'fb_kept_2'`.execute(db);
    expect(rowidsOfGone).toContain(reused.rows[0]?.rowid);
    expect((await indexed()).map((row) => row.feedback_id)).toEqual(['fb_kept_1', 'fb_gone_1', 'fb_gone_2']);

    expect(await migrateToLatest(database)).toContain('0024-vector-index-orphans');

    expect((await indexed()).map((row) => row.feedback_id)).toEqual(['fb_kept_1']);
    // The kept organization's search still finds its item through the index.
    const nearest = await index.nearestInOrg(db, {
      orgId: 'org_kept',
      model: MODEL,
      vector: vectorOf(1, -1, 1, -1, 1, -1, 1, -1),
      dimensions: DIM,
      k: 5,
    });
    expect(nearest.map((row) => row.feedbackId)).toEqual(['fb_kept_1']);
  });
});
