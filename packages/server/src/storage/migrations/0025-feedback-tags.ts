import type { Kysely } from 'kysely';

/**
 * Tags on feedback items, for triage: one row per item and tag (normalized, see `normalizeTag` of
 * @hearback/spec). The primary key reads an item's tags and keeps each once; the organization's
 * index answers the list filtered by tag (newest first, by `feedback_id`) and the tag counts.
 * Deleting an item deletes its rows by the foreign key, on both dialects (SQLite runs with
 * `foreign_keys = ON`): a deleted inbox, organization or erased person's items take their tags.
 * `org_id` has no foreign key of its own: the item's cascade already covers an organization.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('feedback_tags')
    .addColumn('feedback_id', 'text', (column) => column.notNull().references('feedback.id').onDelete('cascade'))
    .addColumn('org_id', 'text', (column) => column.notNull())
    .addColumn('tag', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('feedback_tags_pk', ['feedback_id', 'tag'])
    .execute();
  await db.schema
    .createIndex('feedback_tags_org_tag_idx')
    .on('feedback_tags')
    .columns(['org_id', 'tag', 'feedback_id'])
    .execute();
}
