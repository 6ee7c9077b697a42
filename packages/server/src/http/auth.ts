import type { MiddlewareHandler } from 'hono';
import { INSTANCE_ADMIN, type OperationAccess, type Principal } from '../domain/api-key.js';
import type { AcceptedCredentials } from '../domain/credentials.js';
import { ApiError, notFound } from '../errors/api-error.js';
import { missingCredentials } from '../errors/missing-credentials.js';
import { requireOperationAccess } from '../services/access.js';
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

/**
 * Authenticates the caller (an API key, or a session cookie: a key wins), refuses a cookie write
 * from another origin (CSRF), hides other organizations (their ids answer 404, as if absent: a key
 * of another organization, a user who is not a member), then checks the scope the operation
 * requires, a member's being their role's, and refuses a brand-scoped key an organization-wide
 * operation (403 `forbidden`). In that order, so a caller without the scope learns
 * nothing about other tenants. Runs before validation, so a caller without the scope gets 403
 * whatever it sends. What it reads, and what a 401 asks for, is `accepted`
 * (`acceptedCredentials` of the operation): operations outside any organization (`SIGNED_IN`,
 * `INSTANCE_ADMIN`) take a signed-in user only, those naming none in their path (`/me`, `/collect`)
 * a key only, and each reads only what it takes (a key sent to a session-only route, or a cookie
 * to a key-only one, is not read: it neither opens nor refuses anything); an `ANYONE` operation
 * reads no credentials at all (a key or cookie sent along changes nothing, so it is not checked
 * either).
 *
 * @example
 * app.openapi({ ...route, middleware: [authenticate({ scope: 'read' }, 'key or session')] }, handler);
 */
export function authenticate(operation: OperationAccess, accepted: AcceptedCredentials): MiddlewareHandler<AppEnv> {
  const access = operation.scope;
  return async (c, next) => {
    if (accepted === 'none') return next();
    const { services } = c.var;
    if (accepted === 'session') {
      const signed = await services.callers.signedInUser(c.req.raw.headers);
      requireSameOrigin(c.req.raw, c.var.publicUrl);
      if (access === INSTANCE_ADMIN && !signed.user.instanceAdmin) {
        throw new ApiError(403, 'forbidden', 'Only an administrator of this Hearback instance may do this.');
      }
      c.set('signedIn', signed);
      return next();
    }
    const caller = await services.callers.identify(c.req.raw.headers, readApiKey(c.req.raw.headers), accepted);
    if (caller.kind === 'user') requireSameOrigin(c.req.raw, c.var.publicUrl);
    const orgId = c.req.param('orgId');
    let principal: Principal;
    if (caller.kind === 'key') {
      principal = caller.principal;
      if (orgId !== undefined && orgId !== principal.orgId) throw notFound('Organization', orgId);
    } else {
      // A session is read only where the path names the organization a member acts in
      // (`acceptedCredentials`): this is for the type, a request never gets here without one.
      if (orgId === undefined) throw missingCredentials('key');
      principal = await services.callers.memberPrincipal(caller.signedIn, orgId);
    }
    c.set('principal', principal);
    requireOperationAccess(principal, operation);
    await next();
  };
}
