import { type Kysely, sql } from 'kysely';
import { COUNTS_KEY, feedbackRollupsRepository, TOTALS_KEY } from '../repositories/feedback-rollups.js';
import type { DatabaseSchema } from '../schema.js';
import type { MigrationContext } from './context.js';

/**
 * `feedback_daily_counts`: feedback counted per day in the organization's time zone by inbox,
 * type, score and source, and `feedback_daily_totals`, the same by inbox and type only, so trends
 * read a few rows a day instead of every item (ARCHITECTURE.md, "Trends"). The key is the primary key (SQLite keeps the table in its order: `without rowid`),
 * led by the organization and the day, the range every trend reads. Rows go with their inbox and
 * organization. Existing feedback is counted here, organization by organization, in its zone.
 */
export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('feedback_daily_counts')
    .addColumn('org_id', 'text', (column) => column.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('day', 'text', (column) => column.notNull())
    .addColumn('inbox_id', 'text', (column) => column.notNull().references('inboxes.id').onDelete('cascade'))
    .addColumn('type', 'text', (column) => column.notNull())
    .addColumn('score', 'integer', (column) => column.notNull())
    .addColumn('has_source', 'integer', (column) => column.notNull())
    .addColumn('source', 'text', (column) => column.notNull())
    .addColumn('count', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('feedback_daily_counts_pkey', [...COUNTS_KEY])
    .$call((table) => (dialect === 'sqlite' ? table.modifyEnd(sql`without rowid`) : table))
    .execute();

  // The same counts summed over scores and sources: a few rows a day, what most trends read.
  await db.schema
    .createTable('feedback_daily_totals')
    .addColumn('org_id', 'text', (column) => column.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('day', 'text', (column) => column.notNull())
    .addColumn('inbox_id', 'text', (column) => column.notNull().references('inboxes.id').onDelete('cascade'))
    .addColumn('type', 'text', (column) => column.notNull())
    .addColumn('count', 'integer', (column) => column.notNull())
    .addColumn('scored', 'integer', (column) => column.notNull())
    .addColumn('score_sum', 'integer', (column) => column.notNull())
    .addColumn('at_least_9', 'integer', (column) => column.notNull())
    .addColumn('at_most_6', 'integer', (column) => column.notNull())
    .addColumn('at_least_4', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('feedback_daily_totals_pkey', [...TOTALS_KEY])
    .$call((table) => (dialect === 'sqlite' ? table.modifyEnd(sql`without rowid`) : table))
    .execute();

  const typed = db as unknown as Kysely<DatabaseSchema>;
  const organizations = await typed.selectFrom('organizations').select(['id', 'timezone']).execute();
  const rollups = feedbackRollupsRepository(typed);
  for (const organization of organizations) await rollups.rebuild(organization.id, organization.timezone);
}
