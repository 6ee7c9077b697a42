import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './context.js';

/**
 * Assignment and the activity history of feedback.
 *
 * `feedback.assignee_id`: the member an item is assigned to. A deleted user's items become
 * unassigned by the foreign key; a member removed from an organization is unassigned by the
 * service in the removal's transaction (the user lives on, so no key can say it).
 *
 * `audit_log.subject_id`: the feedback item an entry is about (the item itself for
 * `feedback.updated`, the note's item for `note.*`), so an item's activity is one indexed range
 * rather than a scan matching `details` JSON, which the two dialects spell differently. Entries
 * written before this migration get theirs from the same facts.
 */
export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  await db.schema
    .alterTable('feedback')
    .addColumn('assignee_id', 'text', (column) => column.references('users.id').onDelete('set null'))
    .execute();
  // The list filtered by assignee, newest first; `unassigned` reads the null range of the same index.
  await db.schema
    .createIndex('feedback_assignee_idx')
    .on('feedback')
    .columns(['org_id', 'assignee_id', 'id'])
    .execute();

  await db.schema.alterTable('audit_log').addColumn('subject_id', 'text').execute();
  await sql`update audit_log set subject_id = resource_id where action = 'feedback.updated'`.execute(db);
  const feedbackIdOfDetails =
    dialect === 'postgres' ? sql`(details::json ->> 'feedbackId')` : sql`json_extract(details, '$.feedbackId')`;
  await sql`update audit_log set subject_id = ${feedbackIdOfDetails} where action like 'note.%'`.execute(db);
  // An item's activity, oldest first by id (time-sortable).
  await db.schema
    .createIndex('audit_log_subject_idx')
    .on('audit_log')
    .columns(['org_id', 'subject_id', 'id'])
    .execute();
}
