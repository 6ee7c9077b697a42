import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../database.js';
import { openSqlite, SQLITE_FILE_NAME } from './sqlite-dialect.js';

describe('SQLite transactions beside another process', () => {
  let dir: string;
  let database: Database;
  // Another process's connection (a CLI command): it gives up at once instead of waiting, so the
  // test can see who holds the write lock without blocking this thread.
  let otherProcess: SqliteDatabase.Database;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'hearback-sqlite-lock-'));
    database = openSqlite(dir);
    await sql`create table items (id integer primary key)`.execute(database.db);
    otherProcess = new SqliteDatabase(join(dir, SQLITE_FILE_NAME), { timeout: 0 });
  });

  afterEach(async () => {
    otherProcess.close();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const ids = () => otherProcess.prepare('select id from items order by id').pluck().all();

  it('holds the write lock from its start: a transaction that reads first still commits its write', async () => {
    await database.db.transaction().execute(async (tx) => {
      await sql`select count(*) from items`.execute(tx);
      // A deferred transaction let this write in, then failed its own with SQLITE_BUSY_SNAPSHOT.
      expect(() => otherProcess.exec('insert into items (id) values (1)')).toThrow(
        expect.objectContaining({ code: 'SQLITE_BUSY' }),
      );
      await sql`insert into items (id) values (2)`.execute(tx);
    });
    otherProcess.exec('insert into items (id) values (1)');
    expect(ids()).toEqual([1, 2]);
  });
});
