import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
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

describe('opening a new SQLite file another process is setting up', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'hearback-sqlite-new-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('waits for the other to finish instead of failing its switch to WAL with "database is locked"', async () => {
    // Another process (a second server, `hearback init`) has the new file and writes to it, as its
    // own switch to WAL does. SQLite refuses this one's switch at once, without waiting out
    // busy_timeout; the other lets go a moment later. A worker thread, so that this thread may wait.
    const other = new Worker(
      `const { parentPort, workerData } = require('node:worker_threads');
       const Database = require(workerData.driver);
       const db = new Database(workerData.file);
       db.exec('begin immediate');
       parentPort.postMessage('holding');
       setTimeout(() => { db.exec('commit'); db.close(); parentPort.postMessage('released'); }, 300);`,
      {
        eval: true,
        workerData: {
          driver: createRequire(import.meta.url).resolve('better-sqlite3'),
          file: join(dir, SQLITE_FILE_NAME),
        },
      },
    );
    const messages: string[] = [];
    other.on('message', (message: string) => messages.push(message));
    await once(other, 'message');
    expect(messages).toEqual(['holding']);

    const database = openSqlite(dir);
    try {
      const [mode] = (await sql<{ journal_mode: string }>`pragma journal_mode`.execute(database.db)).rows;
      expect(mode?.journal_mode).toBe('wal');
      await once(other, 'exit');
      expect(messages).toEqual(['holding', 'released']);
    } finally {
      await database.close();
      await other.terminate();
    }
  });
});
