import type { Note } from '../../domain/organization.js';
import type { NotesTable } from '../schema.js';
import type { Executor } from './executor.js';
import { pageOf } from './executor.js';

function toNote(row: NotesTable): Note {
  return {
    id: row.id,
    orgId: row.org_id,
    feedbackId: row.feedback_id,
    body: row.body,
    authorKeyId: row.author_key_id,
    authorUserId: row.author_user_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function notesRepository(db: Executor) {
  return {
    async insert(note: Note): Promise<void> {
      await db
        .insertInto('notes')
        .values({
          id: note.id,
          org_id: note.orgId,
          feedback_id: note.feedbackId,
          body: note.body,
          author_key_id: note.authorKeyId,
          author_user_id: note.authorUserId,
          created_at: note.createdAt,
          updated_at: note.updatedAt,
        })
        .execute();
    },
    async find(orgId: string, feedbackId: string, id: string): Promise<Note | undefined> {
      const row = await db
        .selectFrom('notes')
        .selectAll()
        .where('org_id', '=', orgId)
        .where('feedback_id', '=', feedbackId)
        .where('id', '=', id)
        .executeTakeFirst();
      return row && toNote(row);
    },
    async list(orgId: string, feedbackId: string, page: { limit: number; after: string | null }) {
      let query = db.selectFrom('notes').selectAll().where('org_id', '=', orgId).where('feedback_id', '=', feedbackId);
      if (page.after) query = query.where('id', '>', page.after);
      const rows = await query
        .orderBy('id')
        .limit(page.limit + 1)
        .execute();
      const { rows: pageRows, lastId } = pageOf(rows, page.limit);
      return { items: pageRows.map(toNote), lastId };
    },
    async update(orgId: string, id: string, body: string, updatedAt: string): Promise<Note | undefined> {
      const row = await db
        .updateTable('notes')
        .set({ body, updated_at: updatedAt })
        .where('org_id', '=', orgId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      return row && toNote(row);
    },
    async delete(orgId: string, id: string): Promise<boolean> {
      const result = await db.deleteFrom('notes').where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
