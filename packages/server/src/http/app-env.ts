import type { RouteConfig, RouteHandler } from '@hono/zod-openapi';
import type { Principal } from '../domain/api-key.js';
import type { Services } from '../services/index.js';

export interface AppEnv {
  Variables: {
    requestId: string;
    services: Services;
    /** Set by the auth middleware on every authenticated route. */
    principal: Principal;
  };
}

export type AppRouteHandler<R extends RouteConfig> = RouteHandler<R, AppEnv>;
