import type { OpenAPIHono } from '@hono/zod-openapi';
import { AUTH_BASE_PATH, CLIENT_ADDRESS_HEADER } from '../accounts/auth.js';
import type { CidrSet } from '../lib/cidr.js';
import type { AppEnv } from './app-env.js';
import { authAnswerAsProblem } from './auth-problem.js';
import { requestClientAddress } from './client-address.js';
import { utf8Body } from './utf8-body.js';

/**
 * Serves better-auth's endpoints at `/auth/*` (sign-up, sign-in, sign-out, sessions, password
 * reset, email verification). Its rate limits count by client address: the one our edge tells
 * (`HEARBACK_TRUSTED_PROXIES`), written into a header of our own after removing whatever the
 * client sent in it. Its refusals leave as problems (auth-problem.ts), like every error of the API.
 */
export function registerAuthRoutes(app: OpenAPIHono<AppEnv>, trustedProxies: CidrSet): void {
  app.on(['GET', 'POST'], `${AUTH_BASE_PATH}/*`, async (c) => {
    const headers = new Headers(c.req.raw.headers);
    headers.delete(CLIENT_ADDRESS_HEADER);
    const address = requestClientAddress(c, trustedProxies);
    if (address) headers.set(CLIENT_ADDRESS_HEADER, address);
    // better-auth routes by the URL's path under its own base path, so `/v1/auth/…` reaches it as the
    // path the app routed (`c.req.path`, without the `/v1` prefix every path is also served under).
    const url = new URL(c.req.url);
    url.pathname = c.req.path;
    const raw = c.req.raw;
    // Checked before better-auth reads it (a name is stored as sent): its readers put U+FFFD in
    // place of bytes that are not UTF-8.
    const body = await utf8Body(raw);
    const request = new Request(url, { method: raw.method, headers, body, duplex: 'half' } as RequestInit);
    const auth = await c.var.services.auth.instance();
    return authAnswerAsProblem(await auth.handler(request), { path: c.req.path, requestId: c.get('requestId') });
  });
}
