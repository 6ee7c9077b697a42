import type { MiddlewareHandler } from 'hono';
import { ANYONE, INSTANCE_ADMIN, type OperationAccess, type Principal, SIGNED_IN } from '../domain/api-key.js';
import { ApiError, notFound } from '../errors/api-error.js';
import { requireOperationAccess } from '../services/access.js';
import { type Caller, type SignedIn, signedInOnly } from '../services/callers.js';
import type { AppEnv } from './app-env.js';
import { requireSameOrigin } from './csrf.js';

/** The key from `X-Service-Key`, or from `Authorization: Bearer` for clients that only set that. */
export function readApiKey(headers: { get(name: string): string | null | undefined }): string | undefined {
  const serviceKey = headers.get('x-service-key');
  if (serviceKey) return serviceKey.trim();
  const authorization = headers.get('authorization');
  const match = authorization ? /^Bearer\s+(.+)$/i.exec(authorization) : null;
  return match?.[1]?.trim();
}

function userOf(caller: Caller): SignedIn {
  if (caller.kind !== 'user') throw signedInOnly();
  return caller.signedIn;
}

/**
 * Authenticates the caller (an API key, or a session cookie: a key wins), refuses a cookie write
 * from another origin (CSRF), hides other organizations (their ids answer 404, as if absent: a key
 * of another organization, a user who is not a member), then checks the scope the operation
 * requires, a member's being their role's, and refuses a brand-scoped key an organization-wide
 * operation (403 `forbidden`). In that order, so a caller without the scope learns
 * nothing about other tenants. Runs before validation, so a caller without the scope gets 403
 * whatever it sends. Operations outside any organization (`SIGNED_IN`, `INSTANCE_ADMIN`) take a
 * signed-in user only; an `ANYONE` operation reads no credentials at all (a key or cookie sent along
 * changes nothing, so it is not checked either).
 *
 * @example
 * app.openapi({ ...route, middleware: [authenticate({ scope: 'read' })] }, handler);
 */
export function authenticate(operation: OperationAccess): MiddlewareHandler<AppEnv> {
  const access = operation.scope;
  return async (c, next) => {
    if (access === ANYONE) return next();
    const { services } = c.var;
    const caller = await services.callers.identify(c.req.raw.headers, readApiKey(c.req.raw.headers));
    if (caller.kind === 'user') requireSameOrigin(c.req.raw, c.var.publicUrl);
    if (access === SIGNED_IN || access === INSTANCE_ADMIN) {
      const signed = userOf(caller);
      if (access === INSTANCE_ADMIN && !signed.user.instanceAdmin) {
        throw new ApiError(403, 'forbidden', 'Only an administrator of this Hearback instance may do this.');
      }
      c.set('signedIn', signed);
      return next();
    }
    const orgId = c.req.param('orgId');
    let principal: Principal;
    if (caller.kind === 'key') {
      principal = caller.principal;
      if (orgId !== undefined && orgId !== principal.orgId) throw notFound('Organization', orgId);
    } else {
      // A member acts in the organization of the path; `/me` and `/collect` name none.
      if (orgId === undefined)
        throw new ApiError(401, 'missing_api_key', 'Send an API key in the X-Service-Key header.');
      principal = await services.callers.memberPrincipal(caller.signedIn, orgId);
    }
    c.set('principal', principal);
    requireOperationAccess(principal, operation);
    await next();
  };
}
