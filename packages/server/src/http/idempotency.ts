import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env.js';

const MAX_KEY_LENGTH = 255;

/** What makes two requests "the same": method, path (without `/v1`) and the exact body. */
function fingerprintOf(method: string, path: string, body: string): string {
  return createHash('sha256')
    .update(`${method}\n${path.replace(/^\/v1(?=\/)/, '')}\n${body}`)
    .digest('base64url');
}

/**
 * Replays the first successful response of a write retried with the same `Idempotency-Key`.
 * Runs after authentication (records belong to the API key) and before validation: a malformed
 * key is left to the route's header validator, which answers 400.
 */
export function idempotent(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = c.req.header('idempotency-key');
    if (!key || key.length > MAX_KEY_LENGTH) return next();
    const { services } = c.var;
    // Records belong to the caller: a key, or a signed-in person (operations outside an organization).
    const ownerId = c.var.principal?.actor.id ?? c.var.signedIn.user.id;
    const fingerprint = fingerprintOf(c.req.method, c.req.path, await c.req.text());
    const outcome = await services.idempotency.begin(ownerId, key, fingerprint);
    if (outcome.kind === 'replay') {
      c.header('idempotent-replayed', 'true');
      if (outcome.body === '') return c.body(null, outcome.status as 200);
      c.header('content-type', 'application/json');
      return c.body(outcome.body, outcome.status as 200);
    }
    try {
      await next();
    } catch (error) {
      await services.idempotency.release(ownerId, key);
      throw error;
    }
    if (c.res.status >= 200 && c.res.status < 300) {
      await services.idempotency.complete(ownerId, key, c.res.status, await c.res.clone().text());
    } else {
      await services.idempotency.release(ownerId, key);
    }
  };
}
