import { z } from 'zod';
import { TimestampSchema } from './feedback-resource.js';

// Plain zod with `.meta()`, like feedback-resource.ts: the event registry names it as what
// `page_response.created` carries (and what its placeholders address), the routes answer with it.

/** A response to a feedback page as the API answers it (and as `page_response.created` carries it). */
export const PageResponseResourceSchema = z
  .object({
    id: z.string().meta({ example: 'resp_01jd3x2k9v6c4h8m2n5p7q1r3s' }),
    orgId: z.string(),
    pageId: z.string(),
    brandId: z.string().nullable(),
    pageVersion: z.number().int().meta({ description: 'The page version whose questions it answered.' }),
    answers: z
      .record(z.string(), z.union([z.number(), z.string(), z.array(z.string())]))
      .meta({ description: 'Normalised answers by question id (phone numbers in E.164).' }),
    contact: z.object({ name: z.string().optional(), email: z.string().optional() }).nullable(),
    context: z.record(z.string(), z.unknown()).nullable(),
    channel: z.enum(['api', 'page']).meta({ description: '`api`: a keyed call; `page`: the public page.' }),
    ipAddress: z.string().nullable().meta({ description: 'Public page only; null on anonymous pages.' }),
    userAgent: z.string().nullable().meta({ description: 'Public page only; null on anonymous pages.' }),
    createdAt: TimestampSchema,
  })
  .meta({ id: 'PageResponse' });
