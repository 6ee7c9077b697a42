import type { OpenAPIHono } from '@hono/zod-openapi';
import { ApiError } from '../errors/api-error.js';
import type { ApiReferenceAsset } from './api-reference-asset.js';
import { API_REFERENCE_POLICY, apiReferencePage } from './api-reference-page.js';
import type { AppEnv } from './app-env.js';
import { builtFileResponse } from './built-file.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

function notBuilt(): ApiError {
  return new ApiError(
    404,
    'not_found',
    'The API reference page is not installed on this server: run `pnpm install && pnpm build`. The OpenAPI document is at /openapi.json.',
  );
}

/**
 * `GET /docs`: the API reference (Scalar) over `/openapi.json`, and its bundle at
 * `/docs/assets/standalone.<hash>.js`, both from this server: the page works offline and under its
 * own strict Content-Security-Policy. Neither is in the OpenAPI document, like `/openapi.json`:
 * they are pages for people, not operations.
 */
export function registerApiReferenceRoutes(
  app: OpenAPIHono<AppEnv>,
  options: { loadAsset: () => Promise<ApiReferenceAsset | undefined>; publicUrl?: string | undefined },
): void {
  app.get('/docs', async (c) => {
    const asset = await options.loadAsset();
    if (!asset) throw notBuilt();
    const serverUrl = options.publicUrl ?? new URL(c.req.url).origin;
    return c.html(apiReferencePage({ scriptPath: asset.path, serverUrl }), 200, {
      'content-security-policy': API_REFERENCE_POLICY,
      // Small, and it names the bundle of this build: always revalidated.
      'cache-control': 'no-cache',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    });
  });
  app.get('/docs/', (c) => c.redirect('/docs', 301));
  app.get('/docs/assets/:file', async (c) => {
    const asset = await options.loadAsset();
    if (!asset) throw notBuilt();
    if (c.req.path !== asset.path) {
      throw new ApiError(404, 'not_found', `No route for GET ${c.req.path}: the reference bundle is ${asset.path}.`);
    }
    return builtFileResponse(c, { ...asset, contentType: 'text/javascript; charset=utf-8', cacheControl: IMMUTABLE });
  });
}
