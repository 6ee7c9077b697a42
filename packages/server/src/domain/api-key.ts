export const SCOPES = ['collect', 'read', 'write', 'forms'] as const;
export type Scope = (typeof SCOPES)[number];

/** Operations any valid key may call, whatever its scopes (`GET /me`). */
export const ANY_KEY = 'any key';
/** Who may call an operation: the holders of one scope, or any valid key. */
export type Access = Scope | typeof ANY_KEY;

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
