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

// Once per process, on the first `/app` request: the build does not change under a running server,
// and reading and gzipping it (level 9) took 50–80 ms of CPU, which a server that is only an API
// (and every server the test suites start) paid at each start.
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
 * The built dashboard, read once per process. A server started from a checkout where it was
 * never built still runs; `/app` then says what is missing.
 */
export function loadDashboardAssets(): Promise<DashboardAssets | undefined> {
  dashboardLoad ??= readDashboardAssets();
  return dashboardLoad;
}

/** The assets by path, built at the first `/app` request. */
interface DashboardFiles {
  index: DashboardAssets['index'];
  byPath: Map<string, DashboardAssets['files'][number]>;
}

/**
 * `GET /app/assets/*` (hashed names, cached for a year) and every other `/app` path: the app's
 * `index.html` (its router shows the screen), under {@link DASHBOARD_POLICY}. Not in the OpenAPI
 * document: pages for people, not operations.
 */
export function registerDashboardRoutes(
  app: OpenAPIHono<AppEnv>,
  load: () => Promise<DashboardAssets | undefined>,
): void {
  let files: Promise<DashboardFiles | undefined> | undefined;
  const dashboard = () => {
    files ??= load().then(
      (assets) => assets && { index: assets.index, byPath: new Map(assets.files.map((file) => [file.path, file])) },
    );
    return files;
  };
  const page = (c: Context<AppEnv>, index: DashboardFiles['index']) =>
    builtFileResponse(c, index, {
      'content-security-policy': DASHBOARD_POLICY,
      'referrer-policy': 'same-origin',
      'cross-origin-opener-policy': 'same-origin',
    });
  const serve = async (c: Context<AppEnv>) => {
    const found = await dashboard();
    if (!found) {
      throw new ApiError(
        404,
        'not_found',
        'The dashboard is not built on this server: run `pnpm build` (or `pnpm --filter @hearback/dashboard build`).',
      );
    }
    const file = found.byPath.get(c.req.path);
    if (file) return builtFileResponse(c, file);
    // A missing script or style is a 404, not the page: a stale tab asking for an old build's chunk must fail loudly.
    if (c.req.path.startsWith(`${DASHBOARD_PATH}/assets/`)) {
      throw new ApiError(404, 'not_found', `No file ${c.req.path} in this build of the dashboard.`);
    }
    return page(c, found.index);
  };
  app.get(DASHBOARD_PATH, serve);
  app.get(`${DASHBOARD_PATH}/*`, serve);
}
