import type { WidgetAsset } from '@hearback/widget/assets';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { ApiError } from '../errors/api-error.js';
import type { AppEnv } from './app-env.js';
import { builtFileResponse } from './built-file.js';

// Once per process: gzipping the build cost about 1.5 ms of CPU for every runtime a process opens
// (the test suites open hundreds). A missing build is read again next time, as it may yet appear.
let widgetLoad: Promise<WidgetAsset[]> | undefined;

async function readWidgetAssets(): Promise<WidgetAsset[]> {
  try {
    const { widgetAssets } = await import('@hearback/widget/assets');
    return widgetAssets();
  } catch {
    return [];
  }
}

/**
 * The built widget files, read once per process. A server started from a checkout where the widget
 * was never built still runs; `/widget.js` then explains what is missing.
 */
export async function loadWidgetAssets(): Promise<WidgetAsset[]> {
  widgetLoad ??= readWidgetAssets();
  const assets = await widgetLoad;
  if (assets.length === 0) widgetLoad = undefined;
  return assets;
}

/**
 * `GET /widget.js` (revalidated hourly: the URL people paste), `/widget.<hash>.js` and the dialog
 * chunk (immutable for a year), from memory, gzipped when the browser accepts it, 304 on a match.
 */
export function registerWidgetRoutes(app: OpenAPIHono<AppEnv>, assets: readonly WidgetAsset[]): void {
  for (const asset of assets) {
    // Pages isolated with COEP may still load the script from this origin.
    app.get(asset.path, (c) => builtFileResponse(c, asset, { 'cross-origin-resource-policy': 'cross-origin' }));
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
