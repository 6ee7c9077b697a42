import type { DashboardAssets } from '@hearback/dashboard/assets';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { ApiError } from '../errors/api-error.js';
import type { AppEnv } from './app-env.js';
import { builtFileResponse } from './built-file.js';

/** Where the dashboard is served (its build's `base`). */
export const DASHBOARD_PATH = '/app';

/**
 * The dashboard's policy: everything from this origin, nothing inline (the build has no inline
 * script or style), no plugins, never framed. Feedback text is rendered as text by React, and
 * this stops whatever would slip past that from running.
 */
export const DASHBOARD_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

// Once per process: the build does not change under a running server, and gzipping it (level 9)
// took about 80 ms of CPU for every runtime a process opens (the test suite opens hundreds).
let dashboardLoad: Promise<DashboardAssets | undefined> | undefined;

async function readDashboardAssets(): Promise<DashboardAssets | undefined> {
  try {
    const { dashboardAssets } = await import('@hearback/dashboard/assets');
    return dashboardAssets();
  } catch {
    return undefined;
  }
}

/**
 * The built dashboard, read once per process (at the first runtime's start). A server started
 * from a checkout where it was never built still runs; `/app` then says what is missing.
 */
export function loadDashboardAssets(): Promise<DashboardAssets | undefined> {
  dashboardLoad ??= readDashboardAssets();
  return dashboardLoad;
}

/**
 * `GET /app/assets/*` (hashed names, cached for a year) and every other `/app` path: the app's
 * `index.html` (its router shows the screen), under {@link DASHBOARD_POLICY}. Not in the OpenAPI
 * document: pages for people, not operations.
 */
export function registerDashboardRoutes(app: OpenAPIHono<AppEnv>, assets: DashboardAssets | undefined): void {
  if (!assets) {
    app.get(`${DASHBOARD_PATH}/*`, () => {
      throw new ApiError(
        404,
        'not_found',
        'The dashboard is not built on this server: run `pnpm build` (or `pnpm --filter @hearback/dashboard build`).',
      );
    });
    return;
  }
  for (const file of assets.files) app.get(file.path, (c) => builtFileResponse(c, file));
  const page = (c: Context<AppEnv>) =>
    builtFileResponse(c, assets.index, {
      'content-security-policy': DASHBOARD_POLICY,
      'referrer-policy': 'same-origin',
      'cross-origin-opener-policy': 'same-origin',
    });
  app.get(DASHBOARD_PATH, page);
  app.get(`${DASHBOARD_PATH}/*`, (c) => {
    // A missing script or style is a 404, not the page: a stale tab asking for an old build's chunk must fail loudly.
    if (c.req.path.startsWith(`${DASHBOARD_PATH}/assets/`)) {
      throw new ApiError(404, 'not_found', `No file ${c.req.path} in this build of the dashboard.`);
    }
    return page(c);
  });
}
