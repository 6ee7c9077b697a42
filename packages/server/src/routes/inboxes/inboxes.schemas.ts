import { InboxCreateInputSchema, InboxUpdateInputSchema } from '@hearback/inputs';
import { z } from '@hono/zod-openapi';
import { documentable, pageOf, Timestamp } from '../shared.schemas.js';

export const InboxSchema = z
  .object({
    id: z.string().openapi({ example: 'inb_01jd3x2k9v6c4h8m2n5p7q1r3s' }),
    orgId: z.string(),
    brandId: z.string().nullable(),
    name: z.string(),
    inboxKey: z
      .string()
      .openapi({ description: 'Public key that routes `/collect` submissions here.', example: 'ibx_Zm9vYmFyYmF6cXV4' }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .openapi('Inbox');

export const InboxPageSchema = pageOf(InboxSchema, 'InboxPage');

export const InboxCreateSchema = documentable(InboxCreateInputSchema).openapi('InboxCreate');

export const InboxUpdateSchema = documentable(InboxUpdateInputSchema)
  // Its refinement above, for the document (an `anyOf` of `required` would say it exactly, but
  // openapi-typescript turns that into `unknown` for the client's types).
  .openapi('InboxUpdate', { minProperties: 1, description: 'Send `name`, `brandId` or both.' });

export const InboxDeletionSchema = z
  .object({
    id: z.string().openapi({ example: 'inb_01jd3x2k9v6c4h8m2n5p7q1r3s' }),
    deleted: z.literal(true),
    feedbackDeleted: z
      .number()
      .int()
      .min(0)
      .openapi({ description: 'Feedback items deleted with the inbox (with their notes).', example: 42 }),
  })
  .openapi('InboxDeletion');
