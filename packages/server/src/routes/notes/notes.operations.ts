import { z } from '@hono/zod-openapi';
import { defineOperation } from '../operation.js';
import { AUTHENTICATED_ERRORS, jsonBody, jsonContent, OrgParams, PageQuery } from '../shared.schemas.js';
import { NoteInputSchema, NotePageSchema, NoteSchema } from './notes.schemas.js';

const FeedbackNotesParams = OrgParams.extend({
  id: z.string().openapi({ param: { name: 'id', in: 'path' }, example: 'fb_01jd3x2k9v6c4h8m2n5p7q1r3s' }),
});
const NoteParams = FeedbackNotesParams.extend({
  noteId: z.string().openapi({ param: { name: 'noteId', in: 'path' }, example: 'note_01jd3x2k9v6c4h8m2n5p7q1r3s' }),
});
const tags = ['Notes'];
const path = '/organizations/{orgId}/feedback/{id}/notes';

export const listNotes = defineOperation({
  scope: 'read',
  route: {
    method: 'get',
    path,
    tags,
    operationId: 'listNotes',
    summary: 'List notes on a feedback item',
    request: { params: FeedbackNotesParams, query: PageQuery },
    responses: { 200: jsonContent(NotePageSchema, 'A page of notes, oldest first.'), ...AUTHENTICATED_ERRORS },
  },
  handler: async (c) => {
    const { id } = c.req.valid('param');
    return c.json(await c.var.services.notes.list(c.var.principal, id, c.req.valid('query')), 200);
  },
});

export const createNote = defineOperation({
  scope: ['write', 'triage'],
  route: {
    method: 'post',
    path,
    tags,
    operationId: 'createNote',
    summary: 'Add a note to a feedback item',
    request: { params: FeedbackNotesParams, body: jsonBody(NoteInputSchema) },
    responses: { 201: jsonContent(NoteSchema, 'The created note.'), ...AUTHENTICATED_ERRORS },
  },
  handler: async (c) => {
    const { id } = c.req.valid('param');
    return c.json(await c.var.services.notes.create(c.var.principal, id, c.req.valid('json')), 201);
  },
});

export const getNote = defineOperation({
  scope: 'read',
  route: {
    method: 'get',
    path: `${path}/{noteId}`,
    tags,
    operationId: 'getNote',
    summary: 'Get a note',
    request: { params: NoteParams },
    responses: { 200: jsonContent(NoteSchema, 'The note.'), ...AUTHENTICATED_ERRORS },
  },
  handler: async (c) => {
    const { id, noteId } = c.req.valid('param');
    return c.json(await c.var.services.notes.get(c.var.principal, id, noteId), 200);
  },
});

export const updateNote = defineOperation({
  scope: ['write', 'triage'],
  route: {
    method: 'patch',
    path: `${path}/{noteId}`,
    tags,
    operationId: 'updateNote',
    summary: 'Edit a note',
    request: { params: NoteParams, body: jsonBody(NoteInputSchema) },
    responses: { 200: jsonContent(NoteSchema, 'The updated note.'), ...AUTHENTICATED_ERRORS },
  },
  handler: async (c) => {
    const { id, noteId } = c.req.valid('param');
    return c.json(await c.var.services.notes.update(c.var.principal, id, noteId, c.req.valid('json')), 200);
  },
});

export const deleteNote = defineOperation({
  scope: ['write', 'triage'],
  route: {
    method: 'delete',
    path: `${path}/{noteId}`,
    tags,
    operationId: 'deleteNote',
    summary: 'Delete a note',
    request: { params: NoteParams },
    responses: { 204: { description: 'Deleted.' }, ...AUTHENTICATED_ERRORS },
  },
  handler: async (c) => {
    const { id, noteId } = c.req.valid('param');
    await c.var.services.notes.delete(c.var.principal, id, noteId);
    return c.body(null, 204);
  },
});
