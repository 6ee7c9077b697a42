import type { RouteConfig } from '@hono/zod-openapi';
import {
  type Access,
  ANY_KEY,
  type ANYONE,
  acceptedScopes,
  type INSTANCE_ADMIN,
  isScoped,
  type OperationAccess,
  type Scope,
  type SIGNED_IN,
} from '../domain/api-key.js';
import { type AcceptedCredentials, acceptedCredentials } from '../domain/credentials.js';
import {
  CONNECTION_ERRORS,
  errorResponse,
  KEY_ONLY_SECURITY,
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

/** The credentials an operation takes (`acceptedCredentials`), as the document's `security`. */
const SECURITY_OF: Record<AcceptedCredentials, Record<string, string[]>[]> = {
  none: [],
  session: SESSION_ONLY_SECURITY,
  key: KEY_ONLY_SECURITY,
  'key or session': SECURITY,
};

/**
 * The 401 of an operation taking a session only, which `missingCredentials` answers a request
 * without one; the others keep their route's (a missing, invalid or ended API key).
 */
const SIGN_IN_REQUIRED_ERRORS = {
  401: errorResponse(
    'No session, or one that has ended (`sign_in_required`): sign in first. An API key cannot be used.',
  ),
};

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
  const accepted = acceptedCredentials(access, route.path);
  const idempotentWrite = isGenericallyIdempotent(route);
  const responses = {
    ...CONNECTION_ERRORS,
    ...(route.method !== 'get' && BODY_LIMIT_ERRORS),
    ...(hasJsonBody(route) && JSON_BODY_ERRORS),
    ...(idempotentWrite && IDEMPOTENCY_ERRORS),
    ...route.responses,
    ...(accepted === 'session' && SIGN_IN_REQUIRED_ERRORS),
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
    security: SECURITY_OF[accepted],
    ...scopeExtensions(access),
    ...(organizationWide !== undefined && { 'x-organization-wide': true }),
    ...rest,
    ...(request !== undefined && { request }),
    responses,
  };
}
