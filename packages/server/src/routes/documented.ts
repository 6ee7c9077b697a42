import type { RouteConfig } from '@hono/zod-openapi';
import {
  type Access,
  ANY_KEY,
  ANYONE,
  acceptedScopes,
  INSTANCE_ADMIN,
  isScoped,
  type OperationAccess,
  type Scope,
  SIGNED_IN,
} from '../domain/api-key.js';
import {
  CONNECTION_ERRORS,
  errorResponse,
  SECURITY,
  SESSION_ONLY_SECURITY,
  WriteIdempotencyHeaders,
} from './shared.schemas.js';

/**
 * Writes that keep their own idempotency or are none: `/collect` dedupes by the event id stored on
 * the feedback row (at ingest speed, no extra commit); search, and reading an invitation by its token
 * (kept out of the URL), are reads sent as POST.
 */
const NOT_GENERICALLY_IDEMPOTENT = new Set(['collectFeedback', 'searchFeedback', 'previewInvite']);

/** What the app's body limit (every request that can carry a body) answers. */
const BODY_LIMIT_ERRORS = {
  413: errorResponse('The request body exceeds the size limit (`payload_too_large`).'),
};

/** What the JSON body validator answers besides 400: a body not declared as JSON in UTF-8. */
const JSON_BODY_ERRORS = {
  415: errorResponse(
    'The body is not sent as `application/json`, or declares a charset other than UTF-8 (`unsupported_media_type`).',
  ),
};

/** What the `idempotent()` middleware answers. */
const IDEMPOTENCY_ERRORS = {
  409: errorResponse('A request with this `Idempotency-Key` is still running (`idempotency_key_in_use`).'),
  422: errorResponse('This `Idempotency-Key` was used for a different request (`idempotency_key_reused`).'),
};

/** Whether an operation takes a JSON request body. */
export function hasJsonBody(route: RouteConfig): boolean {
  return route.request?.body?.content?.['application/json'] !== undefined;
}

/** Whether a route takes `Idempotency-Key` through the `idempotent()` middleware: every write but those above. */
export function isGenericallyIdempotent(route: RouteConfig): boolean {
  return route.method !== 'get' && !NOT_GENERICALLY_IDEMPOTENT.has(route.operationId ?? '');
}

/**
 * How the document names who may call an operation: the preferred scope as `x-required-scope`
 * (the one a key should hold), and every scope that would do as `x-accepted-scopes` when several
 * would; nothing for an operation any valid key may call.
 */
function scopeExtensions(access: Access): {
  'x-required-scope'?: Scope;
  'x-accepted-scopes'?: Scope[];
  'x-access'?: typeof SIGNED_IN | typeof INSTANCE_ADMIN | typeof ANYONE;
} {
  if (access === ANY_KEY) return {};
  if (!isScoped(access)) return { 'x-access': access };
  const accepted = acceptedScopes(access);
  const [preferred] = accepted;
  return { 'x-required-scope': preferred, ...(accepted.length > 1 && { 'x-accepted-scopes': [...accepted] }) };
}

/** Which credentials an operation takes: none (`ANYONE`), a session only, or a key or a session. */
function securityOf(access: Access): Record<string, string[]>[] {
  if (access === ANYONE) return [];
  return access === SIGNED_IN || access === INSTANCE_ADMIN ? SESSION_ONLY_SECURITY : SECURITY;
}

/**
 * The route as documented, from what serves it (see `middlewareOf` in operation.ts): the API key
 * security and the scopes the operation accepts (`x-required-scope`, `x-accepted-scopes`, read by
 * the skill files and `@hearback/mcp`); the `Idempotency-Key` header of generically idempotent
 * writes; the statuses that Node's HTTP parser, the body limit, the JSON validator and the
 * idempotency middleware answer, next to the route's own; `x-organization-wide: true` for an operation a
 * brand-scoped key is refused (403 `forbidden`). Changes the document only, never the
 * behaviour.
 *
 * @example
 * app.openapi({ ...documented(route, { scope: 'write' }), middleware }, handler);
 */
export function documented(route: RouteConfig, operation: OperationAccess): RouteConfig {
  const { tags, operationId, summary, description, ...rest } = route;
  const { scope: access, organizationWide } = operation;
  const idempotentWrite = isGenericallyIdempotent(route);
  const responses = {
    ...CONNECTION_ERRORS,
    ...(route.method !== 'get' && BODY_LIMIT_ERRORS),
    ...(hasJsonBody(route) && JSON_BODY_ERRORS),
    ...(idempotentWrite && IDEMPOTENCY_ERRORS),
    ...route.responses,
  };
  const request = idempotentWrite
    ? { ...route.request, headers: route.request?.headers ?? WriteIdempotencyHeaders }
    : route.request;
  return {
    // The document lists the keys in this order, the same for every operation.
    tags,
    operationId,
    summary,
    ...(description !== undefined && { description }),
    security: securityOf(access),
    ...scopeExtensions(access),
    ...(organizationWide !== undefined && { 'x-organization-wide': true }),
    ...rest,
    ...(request !== undefined && { request }),
    responses,
  };
}
