import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './context.js';

export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  const serial = dialect === 'postgres' ? 'bigserial' : 'integer';

  await db.schema
    .createTable('organizations')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('plan', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('brands')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('org_id', 'text', (column) => column.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('brands_org_idx').on('brands').columns(['org_id', 'id']).execute();

  await db.schema
    .createTable('inboxes')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('org_id', 'text', (column) => column.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('brand_id', 'text', (column) => column.references('brands.id').onDelete('set null'))
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('inbox_key', 'text', (column) => column.notNull().unique())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('inboxes_org_idx').on('inboxes').columns(['org_id', 'id']).execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('org_id', 'text', (column) => column.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('brand_id', 'text', (column) => column.references('brands.id').onDelete('cascade'))
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('scopes', 'text', (column) => column.notNull())
    .addColumn('secret_hash', 'text', (column) => column.notNull())
    .addColumn('secret_hint', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'text')
    .addColumn('revoked_at', 'text')
    .addColumn('last_used_at', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('api_keys_org_idx').on('api_keys').columns(['org_id', 'id']).execute();

  await db.schema
    .createTable('feedback')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('org_id', 'text', (column) => column.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('inbox_id', 'text', (column) => column.notNull().references('inboxes.id').onDelete('cascade'))
    .addColumn('brand_id', 'text')
    .addColumn('type', 'text', (column) => column.notNull())
    .addColumn('score', 'integer')
    .addColumn('comment', 'text')
    .addColumn('context', 'text', (column) => column.notNull())
    .addColumn('source', 'text')
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('issue_link', 'text')
    .addColumn('idempotency_key', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('feedback_org_idx').on('feedback').columns(['org_id', 'id']).execute();
  await db.schema.createIndex('feedback_inbox_idx').on('feedback').columns(['inbox_id', 'id']).execute();
  await db.schema
    .createIndex('feedback_idempotency_idx')
    .on('feedback')
    .columns(['org_id', 'idempotency_key'])
    .unique()
    .where('idempotency_key', 'is not', null)
    .execute();

  await db.schema
    .createTable('notes')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('org_id', 'text', (column) => column.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('feedback_id', 'text', (column) => column.notNull().references('feedback.id').onDelete('cascade'))
    .addColumn('body', 'text', (column) => column.notNull())
    .addColumn('author_key_id', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('notes_feedback_idx').on('notes').columns(['feedback_id', 'id']).execute();

  await db.schema
    .createTable('outbox')
    .addColumn('seq', serial, (column) =>
      dialect === 'postgres' ? column.primaryKey() : column.primaryKey().autoIncrement(),
    )
    .addColumn('id', 'text', (column) => column.notNull().unique())
    .addColumn('org_id', 'text', (column) => column.notNull())
    .addColumn('type', 'text', (column) => column.notNull())
    .addColumn('payload', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('available_at', 'text', (column) => column.notNull())
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('locked_until', 'text')
    .addColumn('processed_at', 'text')
    .addColumn('last_error', 'text')
    .execute();
  await db.schema
    .createIndex('outbox_pending_idx')
    .on('outbox')
    .columns(['available_at', 'seq'])
    .where(sql.ref('processed_at'), 'is', null)
    .execute();

  await db.schema
    .createTable('usage')
    .addColumn('org_id', 'text', (column) => column.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('period', 'text', (column) => column.notNull())
    .addColumn('events', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('searches', 'integer', (column) => column.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('usage_pk', ['org_id', 'period'])
    .execute();
}
