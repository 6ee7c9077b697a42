import { NoteInputSchema as NoteInput } from '@hearback/inputs';
import { z } from '@hono/zod-openapi';
import { documentable, pageOf, Timestamp } from '../shared.schemas.js';

export const NoteSchema = z
  .object({
    id: z.string().openapi({ example: 'note_01jd3x2k9v6c4h8m2n5p7q1r3s' }),
    orgId: z.string(),
    feedbackId: z.string(),
    body: z.string(),
    authorKeyId: z.string().nullable().openapi({ description: 'The API key that wrote the note, if a key did.' }),
    authorUserId: z
      .string()
      .nullable()
      .openapi({ description: 'The member who wrote the note while signed in, if one did.' }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .openapi('Note');

export const NotePageSchema = pageOf(NoteSchema, 'NotePage');

export const NoteInputSchema = documentable(NoteInput).openapi('NoteInput');
