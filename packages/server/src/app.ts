import type { DashboardAssets } from '@hearback/dashboard/assets';
import type { WidgetAsset } from '@hearback/widget/assets';
import { OpenAPIHono } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { registerSkillRoutes } from './discovery/skill-routes.js';
import { ApiError } from './errors/api-error.js';
import { type ApiReferenceAsset, loadApiReferenceAsset } from './http/api-reference-asset.js';
import { registerApiReferenceRoutes } from './http/api-reference-routes.js';
import type { AppEnv } from './http/app-env.js';
import { registerAuthRoutes } from './http/auth-routes.js';
import { payloadTooLarge } from './http/body-errors.js';
import { CORS_OPTIONS } from './http/cors.js';
import { DASHBOARD_PATH, registerDashboardRoutes } from './http/dashboard-routes.js';
import { problemResponse, toApiError } from './http/problem.js';
import { publicFiles } from './http/public-files.js';
import { requestIdMiddleware } from './http/request-id.js';
import { routePath } from './http/route-path.js';
import { registerSsoRoutes } from './http/sso-routes.js';
import { validationHook } from './http/validation-hook.js';
import { registerWidgetRoutes } from './http/widget-routes.js';
import { CidrSet } from './lib/cidr.js';
import { MCP_PATH, mcpEndpoint } from './mcp/mcp-endpoint.js';
import { openApiDocument, registerSecuritySchemes } from './openapi.js';
import { type PageAssets, stylesheetOnly } from './public-pages/page-assets.js';
import { registerPublicPageRoutes } from './public-pages/public-page-routes.js';
import { registerPublicShareRoutes } from './public-pages/public-share-routes.js';
import { healthz, readyz } from './routes/health/health.routes.js';
import { registerApiRoutes } from './routes/index.js';
import { documentRoutesOutsideTheTable } from './routes-outside-the-table.js';
import type { Services } from './services/index.js';

export interface AppDependencies {
  services: Services;
  /** Readiness probe: resolves true when the database answers. */
  isReady: () => Promise<boolean>;
  collectBodyLimit: number;
  bodyLimit: number;
  /** Browser origins, besides the server's own, allowed to call `/mcp` (`*`: any). */
  mcpAllowedOrigins?: readonly string[] | undefined;
  /** `HEARBACK_PUBLIC_URL`: the instance's address in skill files; its origin may call `/mcp`. */
  publicUrl?: string | undefined;
  /**
   * Reads the built dashboard served at `/app`, at the first `/app` request (see loadDashboardAssets);
   * without it, or when it finds no build, `/app` says how to build it.
   */
  dashboardAssets?: (() => Promise<DashboardAssets | undefined>) | undefined;
  /** The built widget files served at `/widget.js` (see loadWidgetAssets). */
  widgetAssets?: readonly WidgetAsset[] | undefined;
  /** `HEARBACK_TRUSTED_PROXIES`: reverse proxies whose `X-Forwarded-For` names the client (public pages). */
  trustedProxies?: readonly string[] | undefined;
  /** The feedback pages' stylesheet, script and worker (see loadPageAssets); the stylesheet alone by default. */
  pageAssets?: PageAssets | undefined;
  /** The `/docs` renderer bundle; by default the build's copy (see loadApiReferenceAsset). */
  apiReferenceAsset?: (() => Promise<ApiReferenceAsset | undefined>) | undefined;
  /** A directory served at `/` for `GET`/`HEAD` paths no route claims (see publicFiles). */
  publicDir?: string | undefined;
  /** Where unexpected errors go; never given secrets (keys are not logged). */
  logError?: (error: unknown, requestId: string | undefined) => void;
}

/** Hono's `getPath`: see routePath (`/v1` is dropped before routing). */
function pathWithoutVersion(request: Request): string {
  const url = request.url;
  return routePath(url.slice(url.indexOf('/', url.indexOf('://') + 3)));
}

/**
 * The whole HTTP API as a Hono app: usable in-process (`app.request`) by tests and clients.
 *
 * @example
 * const app = createApp({ services, isReady: async () => true, collectBodyLimit: 65536, bodyLimit: 1048576 });
 * const response = await app.request('/healthz');
 */
export function createApp(deps: AppDependencies): OpenAPIHono<AppEnv> {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook, getPath: pathWithoutVersion });

  app.use(requestIdMiddleware());
  app.use(cors(CORS_OPTIONS));
  const trustedProxies = new CidrSet(deps.trustedProxies ?? []);
  app.use(async (c, next) => {
    c.set('services', deps.services);
    c.set('publicUrl', deps.publicUrl);
    c.set('trustedProxies', trustedProxies);
    await next();
  });
  const tooLarge = (limit: number) => () => {
    throw payloadTooLarge(limit);
  };
  app.use('/collect', bodyLimit({ maxSize: deps.collectBodyLimit, onError: tooLarge(deps.collectBodyLimit) }));
  app.use('*', bodyLimit({ maxSize: deps.bodyLimit, onError: tooLarge(deps.bodyLimit) }));

  app.openapi(healthz, (c) => c.json({ status: 'ok' as const }, 200));
  app.openapi(readyz, async (c) => {
    if (await deps.isReady().catch(() => false)) return c.json({ status: 'ok' as const }, 200);
    throw new ApiError(503 as 500, 'internal_error', 'The database is not reachable.');
  });

  registerSecuritySchemes(app);
  registerApiRoutes(app);
  documentRoutesOutsideTheTable(app);
  registerSsoRoutes(app);
  registerAuthRoutes(app, trustedProxies);

  app.on(
    ['GET', 'POST', 'DELETE'],
    MCP_PATH,
    mcpEndpoint({ allowedOrigins: deps.mcpAllowedOrigins ?? [], publicUrl: deps.publicUrl, logError: deps.logError }),
  );
  registerSkillRoutes(app, deps.publicUrl);
  registerWidgetRoutes(app, deps.widgetAssets ?? []);
  registerDashboardRoutes(app, deps.dashboardAssets ?? (async () => undefined));
  registerPublicPageRoutes(app, deps.pageAssets ?? stylesheetOnly(), trustedProxies);
  registerPublicShareRoutes(app);

  app.get('/openapi.json', (c) => c.json(openApiDocument(app)));
  app.get('/openapi.yaml', async (c) => {
    // Loaded here: the YAML library is a fifth of a start's module evaluation, for a rare request.
    const { stringify: toYaml } = await import('yaml');
    return c.body(toYaml(openApiDocument(app)), 200, { 'content-type': 'application/yaml' });
  });
  registerApiReferenceRoutes(app, {
    loadAsset: deps.apiReferenceAsset ?? loadApiReferenceAsset,
    publicUrl: deps.publicUrl,
  });
  // Last, so every API route wins over a file of the same name.
  if (deps.publicDir) app.get('*', publicFiles(deps.publicDir));
  // People who open the server's address land in the dashboard (a public directory's index.html wins).
  app.get('/', (c) => c.redirect(`${DASHBOARD_PATH}/`, 302));

  app.notFound((c) =>
    problemResponse(c, new ApiError(404, 'not_found', `No route for ${c.req.method} ${c.req.path}.`)),
  );
  app.onError((error, c) => {
    const apiError = toApiError(error);
    if (apiError.status >= 500) deps.logError?.(apiError.cause ?? error, c.get('requestId'));
    return problemResponse(c, apiError);
  });
  return app;
}
