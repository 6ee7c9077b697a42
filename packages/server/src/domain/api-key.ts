import type { KeyScope, Scope } from '@hearback/spec';

// The scopes are the vocabulary's (shared with the dashboard): one list, re-exported for the server.
export { KEY_SCOPES, type KeyScope, SCOPES, type Scope } from '@hearback/spec';

/** Operations any valid key or member may call, whatever its scopes (`GET /me`). */
export const ANY_KEY = 'any key';
/** Operations of a signed-in user outside any one organization (list mine, create one, accept an invite). */
export const SIGNED_IN = 'signed in';
/** Operations of the instance's administrators only (setting an organization's plan). */
export const INSTANCE_ADMIN = 'instance admin';
/**
 * Operations anyone may call, without a key or a session: reading an invitation by the token of its
 * link, which the invited person opens before they have an account.
 */
export const ANYONE = 'anyone';
/**
 * Scopes any one of which lets a key call an operation, the preferred first (reading a feedback
 * page: `['read', 'forms']`). Two at least: one scope is written as the plain string.
 */
export type AnyOfScopes = readonly [Scope, Scope, ...Scope[]];
/**
 * Who may call an operation: the holders of one scope, of any of several, any valid key or member,
 * any signed-in user, an instance administrator, or anyone at all.
 */
export type Access = Scope | AnyOfScopes | typeof ANY_KEY | typeof SIGNED_IN | typeof INSTANCE_ADMIN | typeof ANYONE;

/**
 * Who may call an operation, as its entry in the operation table says: its {@link Access}, and,
 * for an operation on the whole organization (every brand's data, or the organization's own
 * settings), what a brand-scoped key may not do: such a key is refused with 403 `forbidden`.
 */
export interface OperationAccess {
  scope: Access;
  /** Completes "A brand-scoped API key cannot …" (`'manage automations, which see every brand'`). */
  organizationWide?: string | undefined;
}

/** Accesses that name no scope. */
export type ScopelessAccess = typeof ANY_KEY | typeof SIGNED_IN | typeof INSTANCE_ADMIN | typeof ANYONE;

/** Whether an access names scopes (and the scope checks apply). */
export function isScoped(access: Access): access is Scope | AnyOfScopes {
  return access !== ANY_KEY && access !== SIGNED_IN && access !== INSTANCE_ADMIN && access !== ANYONE;
}

/**
 * The scopes that let a key call an operation, the preferred first; none for {@link ANY_KEY}.
 *
 * @example
 * acceptedScopes(['read', 'forms']); // ['read', 'forms']
 * acceptedScopes('write'); // ['write']
 */
export function acceptedScopes(access: Scope | AnyOfScopes): readonly [Scope, ...Scope[]];
export function acceptedScopes(access: Access): readonly Scope[];
export function acceptedScopes(access: Access): readonly Scope[] {
  if (!isScoped(access)) return [];
  return typeof access === 'string' ? [access] : access;
}

export interface ApiKey {
  id: string;
  orgId: string;
  brandId: string | null;
  name: string;
  scopes: KeyScope[];
  /** Last characters of the secret, to tell keys apart in lists. */
  hint: string;
  expiresAt: string | null;
  revokedAt: string | null;
  lastUsedAt: string | null;
  createdAt: string;
}

/** Who acts: an API key, or a signed-in user (a member of the organization). */
export interface Actor {
  type: 'api_key' | 'user';
  id: string;
}

/** The caller behind a request: whose data it may see and what it may do. */
export interface Principal {
  actor: Actor;
  /** A member's session (the realtime stream ends when it does). */
  sessionId?: string | undefined;
  orgId: string;
  /** When set, the key sees this brand's inboxes and feedback only. */
  brandId: string | null;
  /** A key's scopes, or those of a member's role. */
  scopes: ReadonlySet<Scope>;
}
