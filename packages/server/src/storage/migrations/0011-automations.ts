import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

/**
 * Automations: which events of an organization go to which webhook. A REST hook (an automation
 * platform's subscription) is an automation too (`kind = 'rest_hook'`), so one delivery pipeline
 * serves both. JSON members are text; `enabled` is 0/1 in both dialects.
 */
export async function up(db: Kysely<unknown>, _context: MigrationContext): Promise<void> {
  await db.schema
    .createTable('automations')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('org_id', 'text', (column) => column.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('name', 'text', (column) => column.notNull())
    // JSON array of event types.
    .addColumn('events', 'text', (column) => column.notNull())
    // JSON object: { inboxId?, type?, scoreMin?, scoreMax?, source? }.
    .addColumn('filter', 'text', (column) => column.notNull())
    .addColumn('enabled', 'integer', (column) => column.notNull())
    .addColumn('url', 'text', (column) => column.notNull())
    .addColumn('method', 'text', (column) => column.notNull())
    // JSON object of header templates.
    .addColumn('headers', 'text', (column) => column.notNull())
    // JSON text of the body template; null sends the default envelope.
    .addColumn('body_template', 'text')
    // The `whsec_…` signing secret, sealed with the server master secret.
    .addColumn('sealed_signing_secret', 'text', (column) => column.notNull())
    .addColumn('disabled_reason', 'text')
    // Since when every delivery has failed (null while the endpoint answers); 5 days of it disables.
    .addColumn('failing_since', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('automations_org_idx').on('automations').columns(['org_id', 'id']).execute();
}
