import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

/**
 * Webhook deliveries (one per automation and event) and their attempts. Owned by the delivery
 * pipeline (`src/webhooks/`); see its README for the invariants.
 *
 * A delivery keeps the event it sends (type, time, data): the outbox prunes events after its
 * retention, while a failed delivery may be redelivered later. `event_position` is the event's
 * place in the outbox log as sortable text (see deliveryOrderKey), so one automation's deliveries
 * go out in event order on both dialects.
 */
export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  const postgres = dialect === 'postgres';
  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('org_id', 'text', (column) => column.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('automation_id', 'text', (column) => column.notNull().references('automations.id').onDelete('cascade'))
    .addColumn('event_id', 'text', (column) => column.notNull())
    .addColumn('event_type', 'text', (column) => column.notNull())
    .addColumn('event_position', 'text', (column) => column.notNull())
    .addColumn('event_timestamp', 'text', (column) => column.notNull())
    // JSON text of the event's `data`.
    .addColumn('payload', 'text', (column) => column.notNull())
    // pending | delivering | succeeded | failed
    .addColumn('status', 'text', (column) => column.notNull())
    // Every attempt ever made (numbers the attempts); `round_attempts` since the last (re)queue.
    .addColumn('attempts', 'integer', (column) => column.notNull())
    .addColumn('round_attempts', 'integer', (column) => column.notNull())
    .addColumn('next_attempt_at', 'text')
    .addColumn('leased_until', 'text')
    .addColumn('lease_token', 'text')
    // How the last finished attempt ended (null: none finished yet, so later events wait for it).
    .addColumn('last_outcome', 'text')
    .addColumn('last_status_code', 'integer')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .addUniqueConstraint('webhook_deliveries_event_uq', ['automation_id', 'event_id'])
    .execute();
  // The worker's reads: an automation's deliveries by status, in event order. (One index on
  // purpose: with a second on due time, SQLite chose it and sorted the whole backlog per claim.)
  await db.schema
    .createIndex('webhook_deliveries_order_idx')
    .on('webhook_deliveries')
    .columns(['automation_id', 'status', 'event_position'])
    .execute();
  // The delivery log: an automation's deliveries, newest first.
  await db.schema
    .createIndex('webhook_deliveries_log_idx')
    .on('webhook_deliveries')
    .columns(['automation_id', 'id'])
    .execute();

  await db.schema
    .createTable('webhook_attempts')
    .addColumn('delivery_id', 'text', (column) =>
      column.notNull().references('webhook_deliveries.id').onDelete('cascade'),
    )
    // 1, 2, …: unique per delivery, so one attempt is never recorded (or sent under one lease) twice.
    .addColumn('number', 'integer', (column) => column.notNull())
    .addColumn('attempted_at', 'text', (column) => column.notNull())
    .addColumn('outcome', 'text', (column) => column.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('latency_ms', postgres ? 'double precision' : 'real', (column) => column.notNull())
    .addColumn('error', 'text')
    .addColumn('response_excerpt', 'text')
    .addPrimaryKeyConstraint('webhook_attempts_pk', ['delivery_id', 'number'])
    .execute();
}
