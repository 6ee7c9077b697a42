import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './context.js';

/**
 * Takes out of the sqlite-vec index the rows whose item is gone. Deleting an organization removed
 * its items but, until 2026-11-27, not their rows in the index (every deletion takes them now, in its
 * own transaction): a deleted organization's vectors, quantized to bits, stayed in the file. No
 * search returned them (a reader checks each row against its item), but what an organization
 * deletes must leave the database. A row is gone when no item has its rowid and id (a later item may
 * have been given a freed rowid). PostgreSQL has no such index. Where sqlite-vec cannot load, its
 * tables cannot be read and are left as they are (nothing of them is ever read there either).
 */
export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  if (dialect !== 'sqlite') return;
  const loaded = await sql`select 1 from pragma_module_list where name = 'vec0'`.execute(db);
  if (loaded.rows.length === 0) return;
  // The index's tables (one per model and dimensions), not their shadow tables, and only those
  // that carry the item's id (the first release's float tables did not, and are dropped on use).
  const tables = await sql<{ name: string }>`select name from sqlite_master
    where type = 'table' and sql like 'create virtual table % using vec0(%feedback_id%'`.execute(db);
  for (const { name } of tables.rows) {
    const table = sql.table(name);
    await sql`delete from ${table} where rowid in (
        select v.rowid from ${table} v
        where not exists (select 1 from feedback f where f.rowid = v.rowid and f.id = v.feedback_id)
      )`.execute(db);
  }
}
