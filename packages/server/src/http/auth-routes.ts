import { inputIssues } from '@hearback/inputs';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { AUTH_BASE_PATH, CLIENT_ADDRESS_HEADER } from '../accounts/auth.js';
import { validationFailed } from '../domain/parse-input.js';
import type { CidrSet } from '../lib/cidr.js';
import type { AppEnv } from './app-env.js';
import { authAnswerAsProblem } from './auth-problem.js';
import { requestClientAddress } from './client-address.js';
import { utf8FormFields } from './form-body.js';
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
    requireWellFormedText(body);
    const request = new Request(url, { method: raw.method, headers, body, duplex: 'half' } as RequestInit);
    const auth = await c.var.services.auth.instance();
    return authAnswerAsProblem(await auth.handler(request), { path: c.req.path, requestId: c.get('requestId') });
  });
}

/**
 * NUL and lone surrogates are refused in an account body as in every other body of the API
 * (`400 validation_failed` naming the field), before better-auth stores or looks up what it read:
 * PostgreSQL cannot take a NUL at all (a reset token of "\u0000" was a 500). Malformed JSON is left
 * to better-auth, which answers it.
 */
function requireWellFormedText(body: RequestInit['body']): void {
  let value: unknown;
  let target: 'json' | 'form';
  if (typeof body === 'string') {
    try {
      value = JSON.parse(body);
    } catch {
      return;
    }
    target = 'json';
  } else if (body instanceof Uint8Array) {
    // Already known to be UTF-8 (utf8Body); a name sent twice is checked in each of its values.
    const fields: Record<string, string | string[]> = {};
    for (const [name, text] of utf8FormFields(body) ?? []) {
      const seen = fields[name];
      fields[name] = seen === undefined ? text : [seen, text].flat();
    }
    value = fields;
    target = 'form';
  } else {
    return;
  }
  const issues = inputIssues(value, []);
  if (issues.length > 0) throw validationFailed(issues, target);
}
