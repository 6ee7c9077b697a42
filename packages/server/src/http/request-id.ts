import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env.js';

export const REQUEST_ID_HEADER = 'x-request-id';

const MAX_REQUEST_ID_LENGTH = 255;
const UNSAFE_REQUEST_ID = /[^\w\-=]/;

/**
 * The caller's `X-Request-Id` when it is safe to echo into headers and logs (word characters,
 * `-` and `=`, at most 255), otherwise a fresh UUID. Same rule as Hono's requestId middleware.
 *
 * @example
 * requestIdFrom('abc-123'); // 'abc-123'
 * requestIdFrom('a b');     // a fresh UUID
 */
export function requestIdFrom(header: string | null | undefined): string {
  return header && header.length <= MAX_REQUEST_ID_LENGTH && !UNSAFE_REQUEST_ID.test(header) ? header : randomUUID();
}

/** Sets `requestId` on the context and echoes it in the `X-Request-Id` response header. */
export function requestIdMiddleware(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const id = requestIdFrom(c.req.header(REQUEST_ID_HEADER));
    c.set('requestId', id);
    c.header(REQUEST_ID_HEADER, id);
    await next();
  };
}
