import { ApiKeyCreateInputSchema, ApiKeyUpdateInputSchema } from '@hearback/inputs';
import { z } from '@hono/zod-openapi';
import { KEY_SCOPES } from '../../domain/api-key.js';
import { documentable, pageOf, Timestamp } from '../shared.schemas.js';

export const ApiKeySchema = z
  .object({
    id: z.string().openapi({ example: 'key_01jd3x2k9v6c4h8m2n5p7q1r3s' }),
    orgId: z.string(),
    brandId: z.string().nullable().openapi({ description: 'Set for brand-scoped keys.' }),
    name: z.string(),
    scopes: z.array(z.enum(KEY_SCOPES)),
    hint: z.string().openapi({ description: 'Last four characters of the secret.' }),
    expiresAt: Timestamp.nullable(),
    revokedAt: Timestamp.nullable(),
    lastUsedAt: Timestamp.nullable(),
    createdAt: Timestamp,
  })
  .openapi('ApiKey');

export const ApiKeyPageSchema = pageOf(ApiKeySchema, 'ApiKeyPage');

export const ApiKeyCreateSchema = documentable(ApiKeyCreateInputSchema).openapi('ApiKeyCreate');

export const ApiKeyUpdateSchema = documentable(ApiKeyUpdateInputSchema).openapi('ApiKeyUpdate');

export const CreatedApiKeySchema = ApiKeySchema.extend({
  secret: z.string().openapi({
    description: 'The key to send as `X-Service-Key`. Shown once: store it now.',
    example: 'hb_01jd3x2k9v6c4h8m2n5p7q1r3s_9c1Z…',
  }),
}).openapi('CreatedApiKey');
