import { HEARBACK_TOOLS } from '@hearback/mcp/tools';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { authRoutes } from './accounts/auth-openapi.js';
import type { AppEnv } from './http/app-env.js';
import { mcpRoutes } from './mcp/mcp-openapi.js';
import { NO_SDK_METHOD } from './openapi.js';
import { publicPageRoutes } from './public-pages/public-page-openapi.js';

/**
 * Documents the API endpoints served outside the operation table (by the MCP SDK, better-auth and
 * the public pages), so the one document covers them too, marked {@link NO_SDK_METHOD}; what stays
 * out is NOT_API_ROUTES' (http/not-api-routes.ts). Changes the document only: their own modules
 * serve them.
 *
 * @example
 * documentRoutesOutsideTheTable(app);
 */
export function documentRoutesOutsideTheTable(app: OpenAPIHono<AppEnv>): void {
  // Every tool: which a server offers depends on its configuration, and the document does not.
  for (const route of [...mcpRoutes(HEARBACK_TOOLS), ...authRoutes(), ...publicPageRoutes()]) {
    app.openAPIRegistry.registerPath({ ...route, [NO_SDK_METHOD]: false });
  }
}
