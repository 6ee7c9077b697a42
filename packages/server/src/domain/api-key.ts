export const SCOPES = ['collect', 'read', 'write', 'forms'] as const;
export type Scope = (typeof SCOPES)[number];

/** Operations any valid key may call, whatever its scopes (`GET /me`). */
export const ANY_KEY = 'any key';
/**
 * Scopes any one of which lets a key call an operation, the preferred first (reading a feedback
 * page: `['read', 'forms']`). Two at least: one scope is written as the plain string.
 */
export type AnyOfScopes = readonly [Scope, Scope, ...Scope[]];
/** Who may call an operation: the holders of one scope, of any of several, or any valid key. */
export type Access = Scope | AnyOfScopes | typeof ANY_KEY;

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
  if (access === ANY_KEY) return [];
  return typeof access === 'string' ? [access] : access;
}

export interface ApiKey {
  id: string;
  orgId: string;
  brandId: string | null;
  name: string;
  scopes: Scope[];
  /** Last characters of the secret, to tell keys apart in lists. */
  hint: string;
  expiresAt: string | null;
  revokedAt: string | null;
  lastUsedAt: string | null;
  createdAt: string;
}

/** The caller behind a request: whose data it may see and what it may do. */
export interface Principal {
  keyId: string;
  orgId: string;
  /** When set, the key sees this brand's inboxes and feedback only. */
  brandId: string | null;
  scopes: ReadonlySet<Scope>;
}
