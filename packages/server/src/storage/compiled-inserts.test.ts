import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { type CompiledQuery, Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CompiledInserts } from './compiled-inserts.js';

interface Schema {
  items: { id: string; label: string | null; amount: number };
}

describe('CompiledInserts', () => {
  let dir: string;
  let db: Kysely<Schema>;
  let executed: CompiledQuery[];

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'hearback-inserts-'));
    db = new Kysely<Schema>({ dialect: new SqliteDialect({ database: new SqliteDatabase(join(dir, 'test.db')) }) });
    await sql`create table items (id text primary key, label text, amount integer not null)`.execute(db);
    executed = [];
    const executeQuery = db.executeQuery.bind(db);
    vi.spyOn(db, 'executeQuery').mockImplementation((query) => {
      executed.push(query as CompiledQuery);
      return executeQuery(query);
    });
  });
  afterEach(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const insert = (inserts: CompiledInserts, rows: Schema['items'][]) =>
    inserts.run(db, 'items', rows, () => db.insertInto('items').values(rows));
  const stored = () => db.selectFrom('items').selectAll().orderBy('id').execute();

  it('reuses the SQL of an earlier batch of the same size with the new values', async () => {
    const inserts = new CompiledInserts();
    await insert(inserts, [
      { id: 'a', label: 'first', amount: 1 },
      { id: 'b', label: null, amount: 2 },
    ]);
    await insert(inserts, [
      { id: 'c', label: null, amount: 3 },
      { id: 'd', label: 'fourth', amount: 4 },
    ]);
    await insert(inserts, [{ id: 'e', label: 'fifth', amount: 5 }]);

    expect(executed[1]?.sql).toBe(executed[0]?.sql);
    expect(executed[1]?.query).toBe(executed[0]?.query);
    expect(executed[2]?.sql).not.toBe(executed[0]?.sql);
    expect(await stored()).toEqual([
      { id: 'a', label: 'first', amount: 1 },
      { id: 'b', label: null, amount: 2 },
      { id: 'c', label: null, amount: 3 },
      { id: 'd', label: 'fourth', amount: 4 },
      { id: 'e', label: 'fifth', amount: 5 },
    ]);
  });

  it('compiles afresh when the statement does not bind every value in row order', async () => {
    const inserts = new CompiledInserts();
    // Kysely leaves an undefined value to the column default instead of binding it.
    const sparse = (id: string) => [{ id, label: undefined as unknown as null, amount: 1 }];
    await insert(inserts, sparse('a'));
    await insert(inserts, sparse('b'));
    expect(executed[1]?.query).not.toBe(executed[0]?.query);
    expect(await stored()).toEqual([
      { id: 'a', label: null, amount: 1 },
      { id: 'b', label: null, amount: 1 },
    ]);
  });
});
