import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectsUnderTest, openTestRuntime } from '../../test/support/harness.js';
import type { Runtime } from '../runtime.js';
import { isDatabaseUnavailable } from './unavailable.js';

/** The error `work` fails with (the test fails if it does not). */
async function failureOf(work: () => unknown): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error('expected the work to fail');
}

describe('isDatabaseUnavailable [sqlite]', () => {
  const dir = mkdtempSync(join(tmpdir(), 'hearback-unavailable-'));
  const file = join(dir, 'db.sqlite');
  const holder = new SqliteDatabase(file);
  const writer = new SqliteDatabase(file, { timeout: 0 });

  beforeAll(() => {
    holder.exec('create table t (id integer primary key, parent integer references t(id))');
    writer.pragma('foreign_keys = ON');
  });

  afterAll(() => {
    holder.close();
    writer.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is true when another connection holds the write lock', async () => {
    holder.exec('begin immediate');
    try {
      const error = await failureOf(() => writer.exec('insert into t (id) values (1)'));
      expect(error).toMatchObject({ code: 'SQLITE_BUSY' });
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      holder.exec('rollback');
    }
  });

  it('is false when the database refuses a row', async () => {
    writer.exec('insert into t (id) values (2)');
    for (const statement of ['insert into t (id) values (2)', 'insert into t (id, parent) values (3, 99)']) {
      const error = await failureOf(() => writer.exec(statement));
      expect(error).toMatchObject({ code: expect.stringMatching(/^SQLITE_CONSTRAINT/) });
      expect(isDatabaseUnavailable(error)).toBe(false);
    }
  });
});

if (dialectsUnderTest().includes('postgres')) {
  describe('isDatabaseUnavailable [postgres]', () => {
    let runtime: Runtime;
    let cleanup: () => Promise<void>;

    beforeAll(async () => {
      ({ runtime, cleanup } = await openTestRuntime('postgres'));
    });

    afterAll(async () => {
      await cleanup();
    });

    it('is true for a statement timeout and for a server that cannot be reached', async () => {
      const timedOut = await failureOf(() =>
        runtime.database.db.transaction().execute(async (tx) => {
          await sql`set local statement_timeout = 1`.execute(tx);
          await sql`select pg_sleep(1)`.execute(tx);
        }),
      );
      expect(timedOut).toMatchObject({ code: '57014' });
      expect(isDatabaseUnavailable(timedOut)).toBe(true);

      // Port 1 on the loopback: nothing listens there.
      const client = new pg.Client({ host: '127.0.0.1', port: 1, user: 'postgres' });
      const refused = await failureOf(() => client.connect());
      expect(isDatabaseUnavailable(refused)).toBe(true);
    });

    it('is false when the database refuses a row', async () => {
      const error = await failureOf(() =>
        sql`insert into feedback (id, org_id, inbox_id, type, context, status, created_at, updated_at)
          values ('fb_x', 'org_missing', 'inb_missing', 'thumbs', '{}', 'new', '', '')`.execute(runtime.database.db),
      );
      expect(error).toMatchObject({ code: '23503' });
      expect(isDatabaseUnavailable(error)).toBe(false);
    });
  });
}
