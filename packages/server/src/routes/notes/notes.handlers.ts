import type { AppRouteHandler } from '../../http/app-env.js';
import type { createNote, deleteNote, getNote, listNotes, updateNote } from './notes.routes.js';

export const listNotesHandler: AppRouteHandler<typeof listNotes> = async (c) => {
  const { id } = c.req.valid('param');
  return c.json(await c.var.services.notes.list(c.var.principal, id, c.req.valid('query')), 200);
};

export const createNoteHandler: AppRouteHandler<typeof createNote> = async (c) => {
  const { id } = c.req.valid('param');
  return c.json(await c.var.services.notes.create(c.var.principal, id, c.req.valid('json')), 201);
};

export const getNoteHandler: AppRouteHandler<typeof getNote> = async (c) => {
  const { id, noteId } = c.req.valid('param');
  return c.json(await c.var.services.notes.get(c.var.principal, id, noteId), 200);
};

export const updateNoteHandler: AppRouteHandler<typeof updateNote> = async (c) => {
  const { id, noteId } = c.req.valid('param');
  return c.json(await c.var.services.notes.update(c.var.principal, id, noteId, c.req.valid('json')), 200);
};

export const deleteNoteHandler: AppRouteHandler<typeof deleteNote> = async (c) => {
  const { id, noteId } = c.req.valid('param');
  await c.var.services.notes.delete(c.var.principal, id, noteId);
  return c.body(null, 204);
};
