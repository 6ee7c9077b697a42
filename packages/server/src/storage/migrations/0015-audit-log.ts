import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

/**
 * The audit log (one row per change, written in the change's transaction) and saved views (named
 * sets of feedback list filters).
 *
 * An entry names its actor and resource by type and id, with no foreign key to either: it stays
 * when the key, inbox or page it names is deleted, and a user (a later table) is an actor without
 * a change here. Entries go with their organization.
 */
export async function up(db: Kysely<unknown>, _context: MigrationContext): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('org_id', 'text', (column) => column.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('at', 'text', (column) => column.notNull())
    .addColumn('actor_type', 'text', (column) => column.notNull())
    .addColumn('actor_id', 'text', (column) => column.notNull())
    .addColumn('action', 'text', (column) => column.notNull())
    .addColumn('resource_type', 'text', (column) => column.notNull())
    .addColumn('resource_id', 'text', (column) => column.notNull())
    .addColumn('details', 'text', (column) => column.notNull())
    .execute();
  // Newest first by id (time-sortable); the filters narrow that scan.
  await db.schema.createIndex('audit_log_org_idx').on('audit_log').columns(['org_id', 'id']).execute();

  await db.schema
    .createTable('saved_views')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('org_id', 'text', (column) => column.notNull().references('organizations.id').onDelete('cascade'))
    // As feedback pages: a brand-scoped key's views belong to its brand, and go with it.
    .addColumn('brand_id', 'text', (column) => column.references('brands.id').onDelete('cascade'))
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('filters', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('saved_views_name_idx').unique().on('saved_views').columns(['org_id', 'name']).execute();
}
