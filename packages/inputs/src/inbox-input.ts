import type { z } from 'zod';
import { idSchema } from './ids.js';
import { NameSchema } from './text.js';
import { acrossMembers, writeInput } from './write-input.js';

const BrandId = idSchema('brand').meta({ example: 'brd_01jd3x2k9v6c4h8m2n5p7q1r3s' });

/** `POST /organizations/{orgId}/inboxes`. */
export const InboxCreateInputSchema = writeInput({
  name: NameSchema.meta({ example: 'Checkout widget' }),
  brandId: BrandId.nullable().optional(),
});

/** `PATCH …/inboxes/{inboxId}`: a new name, another brand (`null`: none), or both. */
export const InboxUpdateInputSchema = writeInput({
  name: NameSchema.optional(),
  brandId: BrandId.nullable().optional(),
}).refine((body) => body.name !== undefined || body.brandId !== undefined, acrossMembers('Send name or brandId.'));

export type InboxCreateInput = z.input<typeof InboxCreateInputSchema>;
export type InboxUpdateInput = z.input<typeof InboxUpdateInputSchema>;
