import type { RouteConfig } from '@hono/zod-openapi';
import { requiredScopeOf } from '../http/auth.js';
import { idempotent } from '../http/idempotency.js';
import { CONNECTION_ERRORS, errorResponse, WriteIdempotencyHeaders } from './shared.schemas.js';

/**
 * Writes that keep their own idempotency or are none: `/collect` dedupes by the event id stored on
 * the feedback row (at ingest speed, no extra commit); search is a read sent as POST.
 */
const NOT_GENERICALLY_IDEMPOTENT = new Set(['collectFeedback', 'searchFeedback']);

/** What the app's body limit (every request that can carry a body) answers. */
const BODY_LIMIT_ERRORS = {
  413: errorResponse('The request body exceeds the size limit (`payload_too_large`).'),
};

/** What the JSON body validator answers besides 400: a body not declared as JSON. */
const JSON_BODY_ERRORS = {
  415: errorResponse('The body is not sent as `application/json` (`unsupported_media_type`).'),
};

/** What the `idempotent()` middleware answers. */
const IDEMPOTENCY_ERRORS = {
  409: errorResponse('A request with this `Idempotency-Key` is still running (`idempotency_key_in_use`).'),
  422: errorResponse('This `Idempotency-Key` was used for a different request (`idempotency_key_reused`).'),
};

function hasJsonBody(route: RouteConfig): boolean {
  return route.request?.body?.content?.['application/json'] !== undefined;
}

/**
 * The route as served and as documented, both derived here so they cannot drift: publishes the
 * scope its `requireKey` middleware enforces as `x-required-scope` (the document and the skill
 * files built from it); gives every other write `Idempotency-Key` handling after authentication,
 * documented as a header; and declares the statuses that Node's HTTP parser, the body limit, the JSON validator and
 * the idempotency middleware answer on it, next to the route's own.
 *
 * @example
 * app.openapi(documented(createNote), createNoteHandler);
 */
export function documented<R extends RouteConfig>(route: R): R {
  const scope = requiredScopeOf(route.middleware);
  const idempotentWrite = route.method !== 'get' && !NOT_GENERICALLY_IDEMPOTENT.has(route.operationId ?? '');
  const responses = {
    ...CONNECTION_ERRORS,
    ...(route.method !== 'get' && BODY_LIMIT_ERRORS),
    ...(hasJsonBody(route) && JSON_BODY_ERRORS),
    ...(idempotentWrite && IDEMPOTENCY_ERRORS),
    ...route.responses,
  };
  const described = { ...route, responses, ...(scope && { 'x-required-scope': scope }) };
  if (!idempotentWrite) return described;
  const middleware = route.middleware === undefined ? [] : [route.middleware].flat();
  return {
    ...described,
    middleware: [...middleware, idempotent()],
    request: { ...route.request, headers: route.request?.headers ?? WriteIdempotencyHeaders },
  };
}
