import { AsyncLocalStorage } from 'node:async_hooks';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthEndpoint } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { handleOAuthUserInfo } from 'better-auth/oauth2';
import * as z from 'zod';

/** The account provider id of an organization's SSO: one identity per organization and subject. */
export function ssoProviderId(orgId: string): string {
  return `sso:${orgId}`;
}

const vouched = new AsyncLocalStorage<true>();

/**
 * Whether the code running now is an SSO sign-in: the organization vouches for the person, so a
 * new user is created whatever `HEARBACK_SIGNUP` says (the hook in auth-instance.ts asks).
 */
export function inSsoSignIn(): boolean {
  return vouched.getStore() === true;
}

const SsoIdentity = z.object({
  orgId: z.string().min(1),
  subject: z.string().min(1),
  email: z.email(),
  name: z.string(),
});

/**
 * Starts a session for a person an organization's OpenID Connect provider has vouched for:
 * finds the user by that provider's subject or by email (linking the identity: the organization
 * verified the email's domain), or creates them, then sets the session cookie. Server-only: the
 * caller (services/sso-sign-in.ts) has already checked the provider's ID token, so nothing
 * reachable over HTTP may call it.
 */
export function ssoSessions() {
  return {
    id: 'hearback-sso',
    endpoints: {
      signInWithSso: createAuthEndpoint.serverOnly({ method: 'POST', body: SsoIdentity }, async (ctx) => {
        const { orgId, subject, email, name } = ctx.body;
        const result = await vouched.run(true, () =>
          handleOAuthUserInfo(ctx, {
            userInfo: { id: subject, email, name: name || email, emailVerified: true, image: null },
            account: { providerId: ssoProviderId(orgId), accountId: subject },
            isTrustedProvider: true,
          }),
        );
        if (!result.data) throw new APIError('FORBIDDEN', { code: 'SSO_SIGN_IN_FAILED', message: result.error });
        await setSessionCookie(ctx, result.data);
        return ctx.json({ userId: result.data.user.id, created: result.isRegister === true });
      }),
    },
  } satisfies BetterAuthPlugin;
}
