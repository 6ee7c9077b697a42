import type { Auth } from '../accounts/auth.js';
import type { Principal } from '../domain/api-key.js';
import { ROLE_SCOPES } from '../domain/roles.js';
import { notFound } from '../errors/api-error.js';
import { missingCredentials } from '../errors/missing-credentials.js';
import type { UserRecord } from '../storage/repositories/members.js';
import type { Store } from '../storage/store.js';
import type { apiKeysService } from './api-keys.js';

/** A signed-in user and the session they came with. */
export interface SignedIn {
  user: UserRecord;
  sessionId: string;
}

/** Who sent a request: an API key (bound to its organization) or a signed-in user (bound to none yet). */
export type Caller = { kind: 'key'; principal: Principal } | { kind: 'user'; signedIn: SignedIn };

/**
 * Tells who sent a request, by its API key or its session cookie, and binds a user to an
 * organization by membership: the one place a session becomes a {@link Principal}, whose scopes
 * are the member's role's (`domain/roles.ts`), so every rule after this one treats keys and members
 * alike.
 */
export function callersService(store: Store, apiKeys: ReturnType<typeof apiKeysService>, auth: Auth) {
  async function signedIn(headers: Headers): Promise<SignedIn | undefined> {
    // Sessions ride only in cookies: without one there is none to look up (nor better-auth to load).
    if (!headers.has('cookie')) return undefined;
    const found = await (await auth.instance()).api.getSession({ headers });
    if (!found) return undefined;
    // The session's read brought the user (with our field): no second read.
    const { id, name, email, emailVerified, instanceAdmin } = found.user;
    return {
      user: { id, name, email, emailVerified, instanceAdmin: instanceAdmin === true },
      sessionId: found.session.id,
    };
  }

  return {
    /**
     * The signed-in user of an operation that takes a session only: read from the cookie alone (a
     * key sent along is not read, as a key-only operation reads no cookie); 401 `sign_in_required`
     * without a live session.
     */
    async signedInUser(headers: Headers): Promise<SignedIn> {
      const user = await signedIn(headers);
      if (user) return user;
      throw missingCredentials('session');
    },

    /**
     * The caller of an operation that takes a key (`accepted`): a key when one is sent (a key wins
     * over a cookie), else, where the operation takes a session too, the session's user; 401 with
     * neither, asking for what it takes.
     */
    async identify(headers: Headers, rawKey: string | undefined, accepted: 'key' | 'key or session'): Promise<Caller> {
      if (rawKey !== undefined || accepted === 'key') {
        return { kind: 'key', principal: await apiKeys.authenticate(rawKey) };
      }
      const user = await signedIn(headers);
      if (user) return { kind: 'user', signedIn: user };
      throw missingCredentials(accepted);
    },

    /** A member's principal in an organization; 404 (as if absent) when the user is not a member. */
    async memberPrincipal(signed: SignedIn, orgId: string): Promise<Principal> {
      const role = await store.members.roleOf(orgId, signed.user.id);
      if (!role) throw notFound('Organization', orgId);
      return {
        actor: { type: 'user', id: signed.user.id },
        sessionId: signed.sessionId,
        orgId,
        brandId: null,
        scopes: new Set(ROLE_SCOPES[role]),
      };
    },

    /**
     * Whether a principal may still act: its key neither revoked nor expired, or its session open
     * and its membership still there. A long-lived request (the realtime stream) asks now and then.
     */
    async stillValid(principal: Principal): Promise<boolean> {
      if (principal.actor.type === 'api_key') return apiKeys.stillValid(principal.actor.id);
      if (!principal.sessionId || !(await store.members.sessionOpen(principal.sessionId, principal.actor.id))) {
        return false;
      }
      return (await store.members.roleOf(principal.orgId, principal.actor.id)) !== undefined;
    },
  };
}
