import { KEY_SCOPES } from '@hearback/spec';
import { z } from 'zod';
import { idSchema } from './ids.js';
import { NameSchema } from './text.js';
import { writeInput } from './write-input.js';

/** `POST /organizations/{orgId}/api-keys`. */
export const ApiKeyCreateInputSchema = writeInput({
  name: NameSchema.meta({ example: 'Production backend' }),
  scopes: z
    .array(z.enum(KEY_SCOPES))
    .min(1)
    .meta({ example: ['collect', 'read'] }),
  brandId: idSchema('brand')
    .meta({ example: 'brd_01jd3x2k9v6c4h8m2n5p7q1r3s' })
    .nullable()
    .optional()
    .meta({ description: 'Restrict the key to one brand.' }),
  expiresAt: z.iso
    .datetime({ offset: true })
    .nullable()
    .optional()
    .meta({ description: 'Optional expiry (ISO-8601).' }),
});

/** `PATCH …/api-keys/{keyId}`: a new name. */
export const ApiKeyUpdateInputSchema = writeInput({ name: NameSchema });

export type ApiKeyCreateInput = z.input<typeof ApiKeyCreateInputSchema>;
export type ApiKeyUpdateInput = z.input<typeof ApiKeyUpdateInputSchema>;
