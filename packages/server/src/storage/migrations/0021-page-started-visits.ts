import type { Kysely } from 'kysely';

/**
 * The visits of a feedback page whose start was counted: a start is counted once per counted view
 * (the visit the page carries, services/page-visits.ts), so starts never exceed views. Kept for
 * the days a visit may still start; housekeeping deletes older ones.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('page_started_visits')
    .addColumn('visit', 'text', (column) => column.primaryKey())
    .addColumn('page_id', 'text', (column) => column.notNull().references('feedback_pages.id').onDelete('cascade'))
    // The UTC day (YYYY-MM-DD) of the view, where the start is counted.
    .addColumn('day', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('page_started_visits_day_idx').on('page_started_visits').column('day').execute();
  // Deleting a page deletes its rows: PostgreSQL finds them by this index, not by a scan.
  await db.schema.createIndex('page_started_visits_page_idx').on('page_started_visits').column('page_id').execute();
}
