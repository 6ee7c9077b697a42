import { type Kysely, sql } from 'kysely';
import { organizationSlugFor } from '../../domain/organization-slug.js';
import type { MigrationContext } from './context.js';

/**
 * Feedback pages: the pages (questions and settings as JSON text), a snapshot of the questions of
 * every version a response may have answered, the responses, daily view and start counts for the
 * analytics (completions are the responses themselves), and spent captcha challenges (single use).
 * Organizations get a unique slug for the public URLs (`/f/:orgSlug/:pageSlug`), filled in from
 * their names for the ones that exist.
 */
export async function up(db: Kysely<unknown>, _context: MigrationContext): Promise<void> {
  await db.schema.alterTable('organizations').addColumn('slug', 'text').execute();
  const organizations = await sql<{ id: string; name: string }>`select id, name from organizations order by id`.execute(
    db,
  );
  const taken = new Set<string>();
  for (const { id, name } of organizations.rows) {
    const slug = organizationSlugFor(name, id, (candidate) => taken.has(candidate));
    taken.add(slug);
    await sql`update organizations set slug = ${slug} where id = ${id}`.execute(db);
  }
  await db.schema.createIndex('organizations_slug_idx').unique().on('organizations').column('slug').execute();

  await db.schema
    .createTable('feedback_pages')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('org_id', 'text', (column) => column.notNull().references('organizations.id').onDelete('cascade'))
    // A brand-scoped key's pages belong to its brand; null: the organization's.
    .addColumn('brand_id', 'text', (column) => column.references('brands.id').onDelete('cascade'))
    .addColumn('slug', 'text', (column) => column.notNull())
    .addColumn('title', 'text', (column) => column.notNull())
    .addColumn('description', 'text')
    // JSON array of questions; JSON object of settings.
    .addColumn('questions', 'text', (column) => column.notNull())
    .addColumn('settings', 'text', (column) => column.notNull())
    .addColumn('state', 'text', (column) => column.notNull())
    // Moves on when a page that may have responses (published or closed) changes its questions.
    .addColumn('version', 'integer', (column) => column.notNull())
    .addColumn('published_at', 'text')
    .addColumn('closed_at', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('feedback_pages_slug_idx')
    .unique()
    .on('feedback_pages')
    .columns(['org_id', 'slug'])
    .execute();
  await db.schema.createIndex('feedback_pages_org_idx').on('feedback_pages').columns(['org_id', 'id']).execute();

  await db.schema
    .createTable('feedback_page_versions')
    .addColumn('page_id', 'text', (column) => column.notNull().references('feedback_pages.id').onDelete('cascade'))
    .addColumn('version', 'integer', (column) => column.notNull())
    .addColumn('questions', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('feedback_page_versions_pk', ['page_id', 'version'])
    .execute();

  await db.schema
    .createTable('page_responses')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('org_id', 'text', (column) => column.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('page_id', 'text', (column) => column.notNull().references('feedback_pages.id').onDelete('cascade'))
    .addColumn('brand_id', 'text')
    .addColumn('page_version', 'integer', (column) => column.notNull())
    // JSON object: question id → normalised answer.
    .addColumn('answers', 'text', (column) => column.notNull())
    // JSON { name?, email? } or null; JSON object or null.
    .addColumn('contact', 'text')
    .addColumn('context', 'text')
    // `api` (a keyed call) or `page` (the public page).
    .addColumn('channel', 'text', (column) => column.notNull())
    // Null on anonymous pages and keyed calls.
    .addColumn('ip_address', 'text')
    .addColumn('user_agent', 'text')
    // A keyed hash of the address and user agent, for single-submission pages (best effort).
    .addColumn('respondent_hash', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('page_responses_page_idx').on('page_responses').columns(['page_id', 'id']).execute();
  await db.schema
    .createIndex('page_responses_respondent_idx')
    .on('page_responses')
    .columns(['page_id', 'respondent_hash'])
    .execute();

  await db.schema
    .createTable('page_daily_counts')
    .addColumn('page_id', 'text', (column) => column.notNull().references('feedback_pages.id').onDelete('cascade'))
    // UTC day, YYYY-MM-DD.
    .addColumn('day', 'text', (column) => column.notNull())
    .addColumn('views', 'integer', (column) => column.notNull())
    .addColumn('starts', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('page_daily_counts_pk', ['page_id', 'day'])
    .execute();

  await db.schema
    .createTable('captcha_spent_challenges')
    // A hash of the solved challenge's signature: a solution is accepted once.
    .addColumn('challenge', 'text', (column) => column.primaryKey())
    .addColumn('expires_at', 'text', (column) => column.notNull())
    .execute();
}
