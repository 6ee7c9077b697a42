import { createRoute, z } from '@hono/zod-openapi';
import { requireKey } from '../../http/auth.js';
import { AUTHENTICATED_ERRORS, jsonBody, jsonContent, OrgParams, PageQuery, SECURITY } from '../shared.schemas.js';
import { NoteInputSchema, NotePageSchema, NoteSchema } from './notes.schemas.js';

const FeedbackNotesParams = OrgParams.extend({
  id: z.string().openapi({ param: { name: 'id', in: 'path' }, example: 'fb_01jd3x2k9v6c4h8m2n5p7q1r3s' }),
});
const NoteParams = FeedbackNotesParams.extend({
  noteId: z.string().openapi({ param: { name: 'noteId', in: 'path' }, example: 'note_01jd3x2k9v6c4h8m2n5p7q1r3s' }),
});
const base = { tags: ['Notes'], security: SECURITY };
const path = '/organizations/{orgId}/feedback/{id}/notes';

export const listNotes = createRoute({
  ...base,
  method: 'get',
  path,
  operationId: 'listNotes',
  summary: 'List notes on a feedback item',
  middleware: [requireKey('read')] as const,
  request: { params: FeedbackNotesParams, query: PageQuery },
  responses: { 200: jsonContent(NotePageSchema, 'A page of notes, oldest first.'), ...AUTHENTICATED_ERRORS },
});

export const createNote = createRoute({
  ...base,
  method: 'post',
  path,
  operationId: 'createNote',
  summary: 'Add a note to a feedback item',
  middleware: [requireKey('write')] as const,
  request: { params: FeedbackNotesParams, body: jsonBody(NoteInputSchema) },
  responses: { 201: jsonContent(NoteSchema, 'The created note.'), ...AUTHENTICATED_ERRORS },
});

export const getNote = createRoute({
  ...base,
  method: 'get',
  path: `${path}/{noteId}`,
  operationId: 'getNote',
  summary: 'Get a note',
  middleware: [requireKey('read')] as const,
  request: { params: NoteParams },
  responses: { 200: jsonContent(NoteSchema, 'The note.'), ...AUTHENTICATED_ERRORS },
});

export const updateNote = createRoute({
  ...base,
  method: 'patch',
  path: `${path}/{noteId}`,
  operationId: 'updateNote',
  summary: 'Edit a note',
  middleware: [requireKey('write')] as const,
  request: { params: NoteParams, body: jsonBody(NoteInputSchema) },
  responses: { 200: jsonContent(NoteSchema, 'The updated note.'), ...AUTHENTICATED_ERRORS },
});

export const deleteNote = createRoute({
  ...base,
  method: 'delete',
  path: `${path}/{noteId}`,
  operationId: 'deleteNote',
  summary: 'Delete a note',
  middleware: [requireKey('write')] as const,
  request: { params: NoteParams },
  responses: { 204: { description: 'Deleted.' }, ...AUTHENTICATED_ERRORS },
});
