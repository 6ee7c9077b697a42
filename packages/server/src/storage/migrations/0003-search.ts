import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './context.js';

/**
 * Search: stored embeddings (one per feedback item and model) and a full-text index of comments.
 *
 * - `feedback_embeddings.vector` holds float32 little-endian bytes (blob / bytea): the exact scan
 *   reads them on both dialects; sqlite-vec and pgvector indexes are built from them at run time
 *   (they depend on an extension and on the model's dimension, so no migration creates them).
 * - SQLite: an FTS5 table keyed by the feedback row's rowid, kept in sync by triggers, so full-text
 *   search works the moment a comment is committed and needs no job. It stores `feedback_id` too:
 *   results join on it, so a rowid that VACUUM renumbered can never attach one item's text to another.
 * - PostgreSQL: a GIN index over `to_tsvector('english', comment)`; an expression index rather than a
 *   generated column, so `select *` on feedback (list, get) does not carry a tsvector along.
 */
export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('feedback_embeddings')
    .addColumn('feedback_id', 'text', (column) => column.primaryKey().references('feedback.id').onDelete('cascade'))
    .addColumn('model', 'text', (column) => column.notNull())
    .addColumn('dim', 'integer', (column) => column.notNull())
    .addColumn('vector', dialect === 'postgres' ? 'bytea' : 'blob', (column) => column.notNull())
    .addColumn('embedded_at', 'text', (column) => column.notNull())
    .execute();

  if (dialect === 'postgres') {
    await sql`create index feedback_comment_fts_idx on feedback using gin (to_tsvector('english', coalesce(comment, '')))`.execute(
      db,
    );
    return;
  }

  await sql`create virtual table feedback_fts using fts5(body, feedback_id unindexed, tokenize = 'porter unicode61')`.execute(
    db,
  );
  await sql`insert into feedback_fts (rowid, body, feedback_id) select rowid, comment, id from feedback where comment is not null`.execute(
    db,
  );
  await sql`create trigger feedback_fts_insert after insert on feedback when new.comment is not null begin
      insert into feedback_fts (rowid, body, feedback_id) values (new.rowid, new.comment, new.id);
    end`.execute(db);
  await sql`create trigger feedback_fts_delete after delete on feedback when old.comment is not null begin
      delete from feedback_fts where rowid = old.rowid;
    end`.execute(db);
  await sql`create trigger feedback_fts_update after update of comment on feedback begin
      delete from feedback_fts where rowid = old.rowid;
      insert into feedback_fts (rowid, body, feedback_id) select new.rowid, new.comment, new.id where new.comment is not null;
    end`.execute(db);
}
