import { sql } from 'kysely';
import { createApp } from './app.js';
import type { Config } from './config.js';
import { loadDashboardAssets } from './http/dashboard-routes.js';
import { loadWidgetAssets } from './http/widget-routes.js';
import type { Logger } from './logger.js';
import { loadPageAssets } from './public-pages/page-assets.js';
import { openServiceRuntime, type RuntimeOptions, type ServiceRuntime } from './service-runtime.js';

export type { RuntimeOptions, ServiceRuntime } from './service-runtime.js';

export interface Runtime extends ServiceRuntime {
  app: ReturnType<typeof createApp>;
  /** Where unexpected request errors go: the app's and the `/collect` fast path's (see http-server.ts). */
  logError(error: unknown, requestId: string | undefined): void;
}

/**
 * Opens and migrates the database and wires store → services → app and the job runner.
 * Starts no HTTP listener: tests drive `runtime.app` in-process.
 *
 * @example
 * const runtime = await createRuntime(loadConfig());
 * const response = await runtime.app.request('/healthz');
 */
export async function createRuntime(config: Config, logger?: Logger, options: RuntimeOptions = {}): Promise<Runtime> {
  const runtime = await openServiceRuntime(config, logger, options);
  const logError = (error: unknown, requestId: string | undefined) =>
    logger?.error('request failed', {
      requestId,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
  try {
    const app = createApp({
      services: runtime.services,
      collectBodyLimit: config.collectBodyLimit,
      bodyLimit: config.bodyLimit,
      mcpAllowedOrigins: config.mcpAllowedOrigins,
      trustedProxies: config.trustedProxies,
      publicUrl: config.publicUrl,
      widgetAssets: await loadWidgetAssets(),
      dashboardAssets: loadDashboardAssets,
      pageAssets: await loadPageAssets(),
      publicDir: config.publicDir,
      isReady: async () => {
        await sql`select 1`.execute(runtime.database.db);
        return true;
      },
      logError,
    });
    return { ...runtime, app, logError };
  } catch (error) {
    // Jobs may already run: stop them and close the database rather than leave them behind.
    await runtime.close();
    throw error;
  }
}
