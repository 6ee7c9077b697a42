import type { Note, NoteInput, PageQuery } from '@hearback/client';
import { Paginator } from '../pagination.js';
import type { RequestOptions } from '../transport/request-options.js';
import type { ResourceContext } from './context.js';

/** Internal notes on one feedback item (`hearback.feedback.notes`). */
export class NotesResource {
  constructor(private readonly context: ResourceContext) {}

  /** Every note on the feedback item, page by page as you iterate. */
  list(feedbackId: string, query: PageQuery = {}, options?: RequestOptions): Paginator<Note> {
    return new Paginator(async (cursor) => {
      const path = { orgId: this.context.orgId, id: feedbackId };
      return this.context.call(
        'listNotes',
        (attempt) =>
          this.context.client.GET('/organizations/{orgId}/feedback/{id}/notes', {
            params: { path, query: { ...query, cursor } },
            ...attempt,
          }),
        options,
      );
    }, query.cursor);
  }

  /** @example await hearback.feedback.notes.create('fb_…', { body: 'Reproduced on Safari 18.' }); */
  async create(feedbackId: string, input: NoteInput, options?: RequestOptions): Promise<Note> {
    const path = { orgId: this.context.orgId, id: feedbackId };
    return this.context.call(
      'createNote',
      (attempt) =>
        this.context.client.POST('/organizations/{orgId}/feedback/{id}/notes', {
          params: { path },
          body: input,
          ...attempt,
        }),
      options,
    );
  }

  async get(feedbackId: string, noteId: string, options?: RequestOptions): Promise<Note> {
    const path = { orgId: this.context.orgId, id: feedbackId, noteId };
    return this.context.call(
      'getNote',
      (attempt) =>
        this.context.client.GET('/organizations/{orgId}/feedback/{id}/notes/{noteId}', {
          params: { path },
          ...attempt,
        }),
      options,
    );
  }

  async update(feedbackId: string, noteId: string, input: NoteInput, options?: RequestOptions): Promise<Note> {
    const path = { orgId: this.context.orgId, id: feedbackId, noteId };
    return this.context.call(
      'updateNote',
      (attempt) =>
        this.context.client.PATCH('/organizations/{orgId}/feedback/{id}/notes/{noteId}', {
          params: { path },
          body: input,
          ...attempt,
        }),
      options,
    );
  }

  async delete(feedbackId: string, noteId: string, options?: RequestOptions): Promise<void> {
    const path = { orgId: this.context.orgId, id: feedbackId, noteId };
    await this.context.call(
      'deleteNote',
      (attempt) =>
        this.context.client.DELETE('/organizations/{orgId}/feedback/{id}/notes/{noteId}', {
          params: { path },
          ...attempt,
        }),
      options,
    );
  }
}
