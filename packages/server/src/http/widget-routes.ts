import type { WidgetAsset } from '@hearback/widget/assets';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { ApiError } from '../errors/api-error.js';
import type { AppEnv } from './app-env.js';

/**
 * The built widget files, read once at start-up. A server started from a checkout where the widget
 * was never built still runs; `/widget.js` then explains what is missing.
 */
export async function loadWidgetAssets(): Promise<WidgetAsset[]> {
  try {
    const { widgetAssets } = await import('@hearback/widget/assets');
    return widgetAssets();
  } catch {
    return [];
  }
}

/**
 * `GET /widget.js` (revalidated hourly: the URL people paste), `/widget.<hash>.js` and the dialog
 * chunk (immutable for a year), from memory, gzipped when the browser accepts it, 304 on a match.
 */
export function registerWidgetRoutes(app: OpenAPIHono<AppEnv>, assets: readonly WidgetAsset[]): void {
  for (const asset of assets) {
    app.get(asset.path, (c) => {
      const headers: Record<string, string> = {
        'content-type': asset.contentType,
        'cache-control': asset.cacheControl,
        etag: asset.etag,
        vary: 'accept-encoding',
        'x-content-type-options': 'nosniff',
        // Pages isolated with COEP may still load the script from this origin.
        'cross-origin-resource-policy': 'cross-origin',
      };
      if (c.req.header('if-none-match') === asset.etag) return c.body(null, 304, headers);
      const gzip = /\bgzip\b/.test(c.req.header('accept-encoding') ?? '');
      if (gzip) headers['content-encoding'] = 'gzip';
      return c.body(new Uint8Array(gzip ? asset.gzip : asset.body), 200, headers);
    });
  }
  if (!assets.some((asset) => asset.path === '/widget.js')) {
    app.get('/widget.js', () => {
      throw new ApiError(
        404,
        'not_found',
        'The widget is not built on this server: run `pnpm build` (or `pnpm --filter @hearback/widget build`).',
      );
    });
  }
}
