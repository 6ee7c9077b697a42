import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { sql } from 'kysely';
import type { Runtime } from '../../src/runtime.js';

/** A value no other test data holds, so any match in the database is this value. */
export const distinctive = (label: string) => `${label}-${randomBytes(12).toString('hex')}`;

/** Where `needle` occurs in the SQLite database's files (the main file, its WAL and shared memory). */
export function sqliteFilesHolding(location: string, needle: string): string[] {
  const directory = dirname(location);
  const files = readdirSync(directory).filter((name) => name.startsWith(basename(location)));
  return files.filter((name) => readFileSync(join(directory, name)).includes(Buffer.from(needle, 'utf8')));
}

/** Every `table.column` of text (or JSON) type in the PostgreSQL database whose content holds `needle`. */
export async function postgresColumnsHolding(runtime: Runtime, needle: string): Promise<string[]> {
  const db = runtime.database.db;
  const columns = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns
    where table_schema = current_schema() and data_type in ('text', 'character varying', 'json', 'jsonb')`.execute(db);
  const holding: string[] = [];
  for (const { table_name, column_name } of columns.rows) {
    const found = await sql<{ n: string }>`
      select count(*) as n from ${sql.table(table_name)}
      where strpos(${sql.ref(column_name)}::text, ${needle}) > 0`.execute(db);
    if (Number(found.rows[0]?.n) > 0) holding.push(`${table_name}.${column_name}`);
  }
  return holding;
}

/** Where `needle` is stored in the runtime's database: SQLite files, or PostgreSQL `table.column`s. */
export function databaseHolding(runtime: Runtime, needle: string): Promise<string[]> | string[] {
  return runtime.database.dialect.name === 'sqlite'
    ? sqliteFilesHolding(runtime.database.location, needle)
    : postgresColumnsHolding(runtime, needle);
}
