import { BrandInputSchema as BrandInput } from '@hearback/inputs';
import { z } from '@hono/zod-openapi';
import { documentable, pageOf, Timestamp } from '../shared.schemas.js';

export const BrandSchema = z
  .object({
    id: z.string().openapi({ example: 'brd_01jd3x2k9v6c4h8m2n5p7q1r3s' }),
    orgId: z.string(),
    name: z.string(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .openapi('Brand');

export const BrandPageSchema = pageOf(BrandSchema, 'BrandPage');

export const BrandInputSchema = documentable(BrandInput).openapi('BrandInput');

export const BrandDeletionSchema = z
  .object({
    id: z.string().openapi({ example: 'brd_01jd3x2k9v6c4h8m2n5p7q1r3s' }),
    deleted: z.literal(true),
    apiKeysDeleted: z.number().int().min(0).openapi({
      description:
        'API keys scoped to the brand, deleted with it (they stop working at once). Its inboxes and their feedback stay, organization-wide.',
      example: 2,
    }),
  })
  .openapi('BrandDeletion');
