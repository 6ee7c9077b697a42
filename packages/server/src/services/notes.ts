import type { Principal } from '../domain/api-key.js';
import type { Note } from '../domain/organization.js';
import { notFound } from '../errors/api-error.js';
import { newId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';
import type { Store } from '../storage/store.js';
import { visibleTo } from './access.js';
import { recordAudit } from './audit.js';
import { type PageRequest, pageSize, readCursor, toPage } from './pagination.js';

export function notesService(store: Store) {
  /** Notes inherit the visibility of their feedback, brand scope included. */
  async function assertFeedbackVisible(principal: Principal, feedbackId: string): Promise<void> {
    if (!(await store.feedback.find(visibleTo(principal), feedbackId))) throw notFound('Feedback', feedbackId);
  }

  async function get(principal: Principal, feedbackId: string, id: string): Promise<Note> {
    await assertFeedbackVisible(principal, feedbackId);
    const note = await store.notes.find(principal.orgId, feedbackId, id);
    if (!note) throw notFound('Note', id);
    return note;
  }

  return {
    get,
    async create(principal: Principal, feedbackId: string, input: { body: string }): Promise<Note> {
      await assertFeedbackVisible(principal, feedbackId);
      const now = nowIso();
      const note: Note = {
        id: newId('note'),
        orgId: principal.orgId,
        feedbackId,
        body: input.body,
        authorKeyId: principal.actor.type === 'api_key' ? principal.actor.id : null,
        authorUserId: principal.actor.type === 'user' ? principal.actor.id : null,
        createdAt: now,
        updatedAt: now,
      };
      await store.transaction(async (tx) => {
        await tx.notes.insert(note);
        await recordAudit(tx, principal, 'note.created', note.id, { feedbackId });
      });
      return note;
    },
    async list(principal: Principal, feedbackId: string, page: PageRequest) {
      await assertFeedbackVisible(principal, feedbackId);
      return toPage(
        await store.notes.list(principal.orgId, feedbackId, { limit: pageSize(page), after: readCursor(page.cursor) }),
      );
    },
    async update(principal: Principal, feedbackId: string, id: string, input: { body: string }): Promise<Note> {
      await get(principal, feedbackId, id);
      return store.transaction(async (tx) => {
        const updated = await tx.notes.update(principal.orgId, id, input.body, nowIso());
        if (!updated) throw notFound('Note', id);
        await recordAudit(tx, principal, 'note.updated', id, { feedbackId, changed: ['body'] });
        return updated;
      });
    },
    async delete(principal: Principal, feedbackId: string, id: string): Promise<void> {
      await get(principal, feedbackId, id);
      await store.transaction(async (tx) => {
        await tx.notes.delete(principal.orgId, id);
        await recordAudit(tx, principal, 'note.deleted', id, { feedbackId });
      });
    },
  };
}

export type NotesService = ReturnType<typeof notesService>;
