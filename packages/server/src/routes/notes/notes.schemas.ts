import { z } from '@hono/zod-openapi';
import { writeInput } from '../../domain/write-input.js';
import { pageOf, Timestamp } from '../shared.schemas.js';

export const NoteSchema = z
  .object({
    id: z.string().openapi({ example: 'note_01jd3x2k9v6c4h8m2n5p7q1r3s' }),
    orgId: z.string(),
    feedbackId: z.string(),
    body: z.string(),
    authorKeyId: z.string().nullable().openapi({ description: 'The API key that wrote the note.' }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .openapi('Note');

export const NotePageSchema = pageOf(NoteSchema, 'NotePage');

export const NoteInputSchema = writeInput({
  body: z
    .string()
    .trim()
    .min(1)
    .max(10_000)
    // PostgreSQL text cannot hold U+0000; refused on every dialect alike.
    .refine((body) => !body.includes('\u0000'), { message: 'Must not contain the NUL character (U+0000).' })
    .openapi({ example: 'Reproduced on Safari 18.' }),
}).openapi('NoteInput');
