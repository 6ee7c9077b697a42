import type { MiddlewareHandler } from 'hono';
import type { Scope } from '../domain/api-key.js';
import { notFound } from '../errors/api-error.js';
import { requireScopeOf } from '../services/access.js';
import type { AppEnv } from './app-env.js';

/** The key from `X-Service-Key`, or from `Authorization: Bearer` for clients that only set that. */
export function readApiKey(headers: { get(name: string): string | null | undefined }): string | undefined {
  const serviceKey = headers.get('x-service-key');
  if (serviceKey) return serviceKey.trim();
  const authorization = headers.get('authorization');
  const match = authorization ? /^Bearer\s+(.+)$/i.exec(authorization) : null;
  return match?.[1]?.trim();
}

/** The scope each `requireKey` middleware demands: published in the OpenAPI document. */
const SCOPE_OF_MIDDLEWARE = new WeakMap<object, Scope>();

/** The scope a route's middleware demands, when one of them is a `requireKey(scope)`. */
export function requiredScopeOf(middleware: unknown): Scope | undefined {
  const list: unknown[] = Array.isArray(middleware) ? middleware : [middleware];
  for (const item of list) {
    const scope = typeof item === 'function' ? SCOPE_OF_MIDDLEWARE.get(item) : undefined;
    if (scope) return scope;
  }
  return undefined;
}

/** Authenticates the key and hides other organizations, for routes any valid key may call. */
export function requireAnyKey(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const principal = await c.var.services.apiKeys.authenticate(readApiKey(c.req.raw.headers));
    c.set('principal', principal);
    const orgId = c.req.param('orgId');
    if (orgId !== undefined && orgId !== principal.orgId) throw notFound('Organization', orgId);
    await next();
  };
}

/**
 * Authenticates the key, hides other organizations (their ids answer 404, as if absent), then
 * checks the scope: in that order, so a wrong-scope key learns nothing about other tenants.
 */
export function requireKey(scope: Scope): MiddlewareHandler<AppEnv> {
  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    const principal = await c.var.services.apiKeys.authenticate(readApiKey(c.req.raw.headers));
    c.set('principal', principal);
    const orgId = c.req.param('orgId');
    if (orgId !== undefined && orgId !== principal.orgId) throw notFound('Organization', orgId);
    requireScopeOf(principal, scope);
    await next();
  };
  SCOPE_OF_MIDDLEWARE.set(middleware, scope);
  return middleware;
}
