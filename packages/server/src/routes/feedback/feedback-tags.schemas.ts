import { z } from '@hono/zod-openapi';

export const TagCountSchema = z
  .object({
    tag: z.string().openapi({ example: 'billing' }),
    count: z.number().int().min(1).openapi({ description: 'Items carrying it.', example: 12 }),
  })
  .openapi('TagCount');

export const TagCountListSchema = z
  .object({
    data: z.array(TagCountSchema).openapi({ description: 'Most used first, then by name.' }),
  })
  .openapi('TagCountList');
