import type { Kysely } from 'kysely';
import { DEFAULT_TIME_ZONE } from '../../domain/time-zone.js';
import type { MigrationContext } from './context.js';

/**
 * Organizations get a time zone (an IANA name): trends count days, weeks and months in it.
 * Existing organizations keep counting in UTC, as before.
 */
export async function up(db: Kysely<unknown>, _context: MigrationContext): Promise<void> {
  await db.schema
    .alterTable('organizations')
    .addColumn('timezone', 'text', (column) => column.notNull().defaultTo(DEFAULT_TIME_ZONE))
    .execute();
}
