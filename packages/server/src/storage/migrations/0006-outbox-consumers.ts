import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './context.js';

/**
 * The outbox becomes an append-only log read by consumers, each at a position of its own.
 *
 * Before, the relay wrote every event row twice (a lease, then `processed_at`): two updates per
 * `/collect` on the ingest path's only writer, and on PostgreSQL dead tuples that made each claim
 * scan more (the claim was the costliest statement under load). Now a consumer leases its cursor
 * row, reads the events after its position, and moves the position once per batch; an event whose
 * handler fails gets a row in `outbox_retries` and no longer holds back the ones behind it.
 *
 * PostgreSQL assigns `seq` at insert, not at commit, so a reader could see seq 6 committed while
 * seq 5 is still in flight and then move past it for good. Events therefore record the writing
 * transaction's id (`tx`), and a consumer reads in `(tx, seq)` order only events of transactions
 * older than every transaction still running (`pg_snapshot_xmin`): the order is then gap-free.
 * SQLite has one writer at a time, so `seq` order is commit order.
 *
 * Upgrade: the one consumer the server had (named `jobs`) starts after the newest event; events it
 * had not processed yet become its retries, due when they were.
 */
export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  const postgres = dialect === 'postgres';
  await db.schema
    .createTable('outbox_consumers')
    .addColumn('consumer', 'text', (column) => column.primaryKey())
    // The last event consumed: its transaction id (text of an xid8; '0' on SQLite) and its seq.
    .addColumn('position_tx', 'text', (column) => column.notNull().defaultTo('0'))
    .addColumn('position_seq', postgres ? 'bigint' : 'integer', (column) => column.notNull().defaultTo(0))
    // Leases taken of the current position: a batch handed out again after a crash counts twice.
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('leased_until', 'text')
    .addColumn('lease_token', 'text')
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('outbox_retries')
    .addColumn('consumer', 'text', (column) => column.notNull())
    .addColumn('event_seq', postgres ? 'bigint' : 'integer', (column) =>
      column.notNull().references('outbox.seq').onDelete('cascade'),
    )
    .addColumn('attempts', 'integer', (column) => column.notNull())
    .addColumn('available_at', 'text', (column) => column.notNull())
    .addColumn('locked_until', 'text')
    .addColumn('last_error', 'text')
    .addPrimaryKeyConstraint('outbox_retries_pk', ['consumer', 'event_seq'])
    .execute();
  await db.schema
    .createIndex('outbox_retries_due_idx')
    .on('outbox_retries')
    .columns(['consumer', 'available_at'])
    .execute();

  const now = new Date().toISOString();
  await sql`insert into outbox_consumers (consumer, position_tx, position_seq, attempts, updated_at)
    select 'jobs', '0', coalesce(max(seq), 0), 0, ${now} from outbox`.execute(db);
  await sql`insert into outbox_retries (consumer, event_seq, attempts, available_at, last_error)
    select 'jobs', seq, attempts, available_at, last_error from outbox where processed_at is null`.execute(db);

  await db.schema.dropIndex('outbox_pending_seq_idx').execute();
  for (const column of ['available_at', 'attempts', 'locked_until', 'processed_at', 'last_error']) {
    await db.schema.alterTable('outbox').dropColumn(column).execute();
  }
  if (postgres) {
    // Rows written before this migration are all behind the `jobs` position: transaction 0.
    await sql`alter table outbox add column tx xid8 not null default '0'`.execute(db);
    await sql`alter table outbox alter column tx set default pg_current_xact_id()`.execute(db);
    await sql`create index outbox_position_idx on outbox (tx, seq)`.execute(db);
  }
}
