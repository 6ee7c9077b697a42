import type * as Oidc from 'openid-client';
import type { Auth } from '../accounts/auth.js';
import { emailDomainOf, issuerMayUseHttp } from '../domain/sso.js';
import { ApiError } from '../errors/api-error.js';
import type { ServerSecrets } from '../secrets/server-secrets.js';
import type { OutboundFetch } from '../webhooks/guarded-fetch.js';
import { type SsoProvider, ssoRedirectUri, type ssoService } from './sso.js';

/** openid-client, loaded with the first SSO sign-in rather than at every start. */
const openidClient = () => import('openid-client');

/** How long a person has to come back from their provider. */
export const SSO_STATE_TTL_MS = 10 * 60 * 1000;

/** What the browser carries between the start and the callback, sealed (it cannot read or change it). */
interface PendingSignIn {
  orgId: string;
  state: string;
  nonce: string;
  codeVerifier: string;
  expiresAt: number;
}

/** Where to send the browser, and the sealed state for its cookie. */
export interface SsoStart {
  authorizationUrl: string;
  sealedState: string;
}

/** The session cookies better-auth set, and who signed in. */
export interface SsoSignedIn {
  userId: string;
  orgId: string;
  setCookies: string[];
}

/**
 * Discovers the provider's endpoints and keys (plain http only for a provider on this machine).
 * Every request to the provider goes through `outboundFetch`: an admin typed its address, so it
 * meets the same address policy as webhooks (no private or loopback address unless allowed).
 */
async function configurationOf(provider: SsoProvider, outboundFetch: OutboundFetch): Promise<Oidc.Configuration> {
  const oidc = await openidClient();
  const issuer = new URL(provider.issuer);
  const insecure = issuer.protocol === 'http:' && issuerMayUseHttp(issuer);
  try {
    return await oidc.discovery(issuer, provider.clientId, provider.clientSecret, undefined, {
      ...(insecure && { execute: [oidc.allowInsecureRequests] }),
      [oidc.customFetch]: outboundFetch as Oidc.CustomFetch,
    });
  } catch (error) {
    throw new ApiError(502, 'sso_sign_in_failed', `The sign-in provider ${provider.issuer} could not be reached.`, {
      cause: error,
    });
  }
}

function stateMismatch(): ApiError {
  return new ApiError(
    400,
    'sso_state_mismatch',
    'This sign-in link does not match the one this browser started (or it expired): start the sign-in again.',
  );
}

/**
 * OpenID Connect sign-in (authorization code with PKCE, state and nonce, by `openid-client`):
 * {@link start} finds the organization by the verified domain of the email and sends the
 * browser to its provider; {@link finish} checks the provider's answer against the sealed state
 * the browser brought back, signs the person in through better-auth (creating the user when new)
 * and makes them a member with the organization's default role.
 */
export function ssoSignInService(
  sso: ReturnType<typeof ssoService>,
  secrets: ServerSecrets,
  auth: Auth,
  outboundFetch: OutboundFetch,
) {
  return {
    async start(email: string, baseUrl: string): Promise<SsoStart> {
      const provider = await sso.providerForEmail(email);
      if (!provider) {
        throw new ApiError(
          404,
          'sso_not_configured',
          `No organization signs in ${emailDomainOf(email) || 'this address'} with single sign-on: sign in with a password.`,
        );
      }
      const oidc = await openidClient();
      const configuration = await configurationOf(provider, outboundFetch);
      const pending: PendingSignIn = {
        orgId: provider.orgId,
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        codeVerifier: oidc.randomPKCECodeVerifier(),
        expiresAt: Date.now() + SSO_STATE_TTL_MS,
      };
      const authorizationUrl = oidc.buildAuthorizationUrl(configuration, {
        redirect_uri: ssoRedirectUri(baseUrl),
        scope: 'openid email profile',
        state: pending.state,
        nonce: pending.nonce,
        login_hint: email,
        code_challenge: await oidc.calculatePKCECodeChallenge(pending.codeVerifier),
        code_challenge_method: 'S256',
      });
      return {
        authorizationUrl: authorizationUrl.href,
        sealedState: secrets.seal('sso-sign-in-state', JSON.stringify(pending)),
      };
    },

    /** The provider's redirect (`callbackUrl`, with `code` and `state`) and the browser's sealed state. */
    async finish(callbackUrl: URL, sealedState: string | undefined, baseUrl: string): Promise<SsoSignedIn> {
      const pending = openPending(secrets, sealedState);
      if (!pending || pending.expiresAt < Date.now() || callbackUrl.searchParams.get('state') !== pending.state) {
        throw stateMismatch();
      }
      const provider = await sso.providerOf(pending.orgId);
      if (!provider)
        throw new ApiError(403, 'sso_sign_in_failed', 'Single sign-on is no longer set up for this organization.');
      const oidc = await openidClient();
      const configuration = await configurationOf(provider, outboundFetch);
      // The provider sent the browser to our redirect URI; its query is what openid-client checks.
      const redirected = new URL(ssoRedirectUri(baseUrl));
      redirected.search = callbackUrl.search;
      let claims: Oidc.IDToken | undefined;
      try {
        const tokens = await oidc.authorizationCodeGrant(configuration, redirected, {
          pkceCodeVerifier: pending.codeVerifier,
          expectedState: pending.state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        });
        claims = tokens.claims();
      } catch (error) {
        throw new ApiError(403, 'sso_sign_in_failed', 'The sign-in provider did not confirm this sign-in.', {
          cause: error,
        });
      }
      const email = typeof claims?.email === 'string' ? claims.email.toLowerCase() : undefined;
      // The provider is the organization's: it speaks only for the domains the organization proved.
      if (!claims || !email || !(await sso.vouchesFor(provider.orgId, email))) {
        throw new ApiError(
          403,
          'sso_sign_in_failed',
          'The provider signed in an address outside the email domains this organization verified.',
        );
      }
      const name = typeof claims.name === 'string' ? claims.name : '';
      const { headers, response } = await (await auth.instance()).api
        .signInWithSso({ body: { orgId: provider.orgId, subject: claims.sub, email, name }, returnHeaders: true })
        .catch((error: unknown) => {
          // better-auth refuses to link an identity to an account whose own email was never verified.
          throw new ApiError(403, 'sso_sign_in_failed', 'This account cannot be signed in with single sign-on.', {
            cause: error,
          });
        });
      await sso.join(provider.orgId, response.userId, provider.defaultRole);
      return { userId: response.userId, orgId: provider.orgId, setCookies: headers.getSetCookie() };
    },
  };
}

function openPending(secrets: ServerSecrets, sealed: string | undefined): PendingSignIn | undefined {
  if (!sealed) return undefined;
  try {
    return JSON.parse(secrets.open('sso-sign-in-state', sealed)) as PendingSignIn;
  } catch {
    return undefined;
  }
}
