import type { RouteConfig, RouteHandler } from '@hono/zod-openapi';
import type { Principal } from '../domain/api-key.js';
import type { CidrSet } from '../lib/cidr.js';
import type { SignedIn } from '../services/callers.js';
import type { Services } from '../services/index.js';

export interface AppEnv {
  Variables: {
    requestId: string;
    services: Services;
    /** Set by the auth middleware on every authenticated route. */
    principal: Principal;
    /** Set on operations of a signed-in user outside an organization (SIGNED_IN, INSTANCE_ADMIN). */
    signedIn: SignedIn;
    /** `HEARBACK_PUBLIC_URL`: the origin cookie-authenticated writes must come from. */
    publicUrl: string | undefined;
    /** `HEARBACK_TRUSTED_PROXIES`: whose `X-Forwarded-For` names the client (`requestClientAddress`). */
    trustedProxies: CidrSet;
  };
}

export type AppRouteHandler<R extends RouteConfig> = RouteHandler<R, AppEnv>;
