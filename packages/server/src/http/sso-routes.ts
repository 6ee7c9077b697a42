import type { OpenAPIHono } from '@hono/zod-openapi';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { AUTH_BASE_PATH } from '../accounts/auth.js';
import { ApiError } from '../errors/api-error.js';
import { SSO_STATE_TTL_MS } from '../services/sso-sign-in.js';
import type { AppEnv } from './app-env.js';
import { baseUrlOf } from './base-url.js';
import { DASHBOARD_PATH } from './dashboard-routes.js';

/** Carries the sealed sign-in state from the start to the callback, in this browser only. */
const STATE_COOKIE = 'hearback.sso_state';
const STATE_COOKIE_PATH = `${AUTH_BASE_PATH}/sso`;

/**
 * Single sign-on in the browser: `GET /auth/sso/start?email=…` redirects to the provider of the
 * organization that verified the email's domain; `GET /auth/sso/callback` is where the provider
 * sends the browser back, and redirects home with a session cookie. Served before better-auth's
 * `/auth/*`; refusals are problem bodies like every other error.
 */
export function registerSsoRoutes(app: OpenAPIHono<AppEnv>): void {
  app.get(`${STATE_COOKIE_PATH}/start`, async (c) => {
    const email = c.req.query('email')?.trim() ?? '';
    if (!email.includes('@')) {
      throw new ApiError(400, 'validation_failed', 'Pass the email address to sign in with: ?email=ada@acme.com.');
    }
    const baseUrl = baseUrlOf(c);
    const started = await c.var.services.ssoSignIn.start(email, baseUrl);
    setCookie(c, STATE_COOKIE, started.sealedState, {
      path: STATE_COOKIE_PATH,
      httpOnly: true,
      // Lax: the provider's redirect back is a top-level GET, which carries it.
      sameSite: 'Lax',
      secure: baseUrl.startsWith('https:'),
      maxAge: SSO_STATE_TTL_MS / 1000,
    });
    return c.redirect(started.authorizationUrl, 302);
  });

  app.get(`${STATE_COOKIE_PATH}/callback`, async (c) => {
    const baseUrl = baseUrlOf(c);
    const sealedState = getCookie(c, STATE_COOKIE);
    // Single use, whatever the outcome.
    deleteCookie(c, STATE_COOKIE, { path: STATE_COOKIE_PATH });
    const signedIn = await c.var.services.ssoSignIn.finish(new URL(c.req.url), sealedState, baseUrl);
    for (const cookie of signedIn.setCookies) c.header('set-cookie', cookie, { append: true });
    return c.redirect(`${baseUrl}${DASHBOARD_PATH}/`, 302);
  });
}
