import { z } from '@hono/zod-openapi';
import { ApiKeySchema } from '../api-keys/api-keys.schemas.js';

export const ServerFeaturesSchema = z
  .object({
    semanticSearch: z.boolean().openapi({
      description:
        'Search by meaning (`semantic` and `hybrid` modes), similar items and themes. `false` when the server runs with `HEARBACK_SEARCH=off`: similar items and themes then answer 503 `search_unavailable`, `semantic` search too, and `hybrid` search ranks by words alone.',
    }),
  })
  .openapi('ServerFeatures', {
    description: 'What this server offers that another Hearback server may not: ask before offering it.',
  });

export const CurrentApiKeySchema = ApiKeySchema.extend({ features: ServerFeaturesSchema }).openapi('CurrentApiKey');
