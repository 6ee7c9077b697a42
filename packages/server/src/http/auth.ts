import type { MiddlewareHandler } from 'hono';
import type { Access } from '../domain/api-key.js';
import { notFound } from '../errors/api-error.js';
import { requireAccess } from '../services/access.js';
import type { AppEnv } from './app-env.js';

/** The key from `X-Service-Key`, or from `Authorization: Bearer` for clients that only set that. */
export function readApiKey(headers: { get(name: string): string | null | undefined }): string | undefined {
  const serviceKey = headers.get('x-service-key');
  if (serviceKey) return serviceKey.trim();
  const authorization = headers.get('authorization');
  const match = authorization ? /^Bearer\s+(.+)$/i.exec(authorization) : null;
  return match?.[1]?.trim();
}

/**
 * Authenticates the key, hides other organizations (their ids answer 404, as if absent), then
 * checks the scope the operation requires: in that order, so a wrong-scope key learns nothing
 * about other tenants. Runs before validation, so a key without the scope gets 403 whatever it
 * sends.
 *
 * @example
 * app.openapi({ ...route, middleware: [authenticate('read')] }, handler);
 */
export function authenticate(access: Access): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const principal = await c.var.services.apiKeys.authenticate(readApiKey(c.req.raw.headers));
    c.set('principal', principal);
    const orgId = c.req.param('orgId');
    if (orgId !== undefined && orgId !== principal.orgId) throw notFound('Organization', orgId);
    requireAccess(principal, access);
    await next();
  };
}
