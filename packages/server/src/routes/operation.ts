import type { OpenAPIHono, RouteConfig } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import type { Access, OperationAccess } from '../domain/api-key.js';
import { acceptedCredentials } from '../domain/credentials.js';
import type { AppEnv, AppRouteHandler } from '../http/app-env.js';
import { authenticate } from '../http/auth.js';
import { idempotent } from '../http/idempotency.js';
import { utf8JsonBody } from '../http/json-body-encoding.js';
import { validationHookFor } from '../http/validation-hook.js';
import { documented, hasJsonBody, isGenericallyIdempotent } from './documented.js';
import { refusingUnknownParameters } from './strict-query.js';

/** An OpenAPI operation without what {@link defineOperation} derives: its security and middleware. */
type OperationRoute = Omit<RouteConfig, 'middleware' | 'security' | 'operationId'> & { operationId: string };

export interface OperationSpec<R extends OperationRoute> {
  /**
   * Who may call it: the holders of one API key scope (`'write'`), of any of several, the
   * preferred first (`['read', 'forms']`), or `ANY_KEY`. Enforced by the route's middleware and by
   * the MCP tools' backend, published as `x-required-scope` (and `x-accepted-scopes`).
   */
  scope: Access;
  /**
   * Set for an operation on the whole organization (every brand's data, or the organization's own
   * settings): what a brand-scoped key may not do, completing "A brand-scoped API key cannot …". Such
   * a key is refused with 403 `forbidden` by the route's middleware and by the MCP tools' backend,
   * the document says so (`x-organization-wide`), and `tools/list` hides the tool from it.
   */
  organizationWide?: string | undefined;
  /** Method, path, operationId, summary, input (`request`) and output (`responses`) schemas. */
  route: R;
  /** Thin: reads the validated input, calls one service function with the principal, answers. */
  handler: AppRouteHandler<R>;
}

/** One API operation: everything the REST route, the document, the MCP backend and the tests read. */
export interface Operation<Id extends string = string> extends Readonly<OperationAccess> {
  readonly operationId: Id;
  readonly route: RouteConfig;
  /** Serves it on an app: the route as documented, its middleware, its handler. */
  register(app: OpenAPIHono<AppEnv>): void;
}

/**
 * What runs before an operation's handler, in this order: authentication, the tenant check (404)
 * and the scope check (403), all before validation; then, for a JSON body, its charset and UTF-8
 * check (before anything reads the body as text, which would replace bad bytes); then, for writes,
 * `Idempotency-Key` replay, after authentication because records belong to the API key.
 */
export function middlewareOf(route: RouteConfig, access: OperationAccess): MiddlewareHandler<AppEnv>[] {
  return [
    authenticate(access, acceptedCredentials(access.scope, route.path)),
    ...(hasJsonBody(route) ? [utf8JsonBody()] : []),
    ...(isGenericallyIdempotent(route) ? [idempotent()] : []),
  ];
}

/**
 * Declares an API operation once: its id, scope, input and output schemas and the service call
 * of its handler. The route's middleware and its OpenAPI description are derived from it.
 *
 * @example
 * export const getBrand = defineOperation({
 *   scope: 'read',
 *   route: { method: 'get', path: '/organizations/{orgId}/brands/{brandId}', operationId: 'getBrand', … },
 *   handler: async (c) => c.json(await c.var.services.brands.get(c.var.principal, c.req.valid('param').brandId), 200),
 * });
 */
export function defineOperation<R extends OperationRoute>(spec: OperationSpec<R>): Operation<R['operationId']> {
  const { scope, organizationWide, route, handler } = spec;
  const access: OperationAccess = { scope, organizationWide };
  return {
    operationId: route.operationId,
    ...access,
    route,
    register(app) {
      const documentedRoute = documented(route, access);
      const request = refusingUnknownParameters(documentedRoute.request);
      const served = { ...documentedRoute, ...(request && { request }), middleware: middlewareOf(route, access) };
      app.openapi(served, handler as never, validationHookFor(served.request));
    },
  };
}
