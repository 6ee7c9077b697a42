import { alternatives } from '@hearback/spec';
import type { KeyAccess } from '../backend.js';

/** Where a tool's `_meta` names the scope it needs (the preferred one, when several would do). */
export const REQUIRED_SCOPE_META_KEY = 'hearback.dev/requiredScope';
/** Where a tool's `_meta` lists every scope that would do, when there are several. */
export const ACCEPTED_SCOPES_META_KEY = 'hearback.dev/acceptedScopes';

/** Where a tool's `_meta` says its operation is organization-wide (brand-scoped keys are refused it). */
export const ORGANIZATION_WIDE_META_KEY = 'hearback.dev/organizationWide';

/** Who may call a tool, from the scopes of the REST operation it stands for. */
export interface ToolScopes<S extends string> {
  /** The scope a key should hold: the operation's only scope, or its preferred one. */
  requiredScope: S;
  /** Every scope that lets a key call it, the preferred first (one, unless several would do). */
  acceptedScopes: readonly S[];
}

/**
 * A tool's scopes from its operation's entry in `@hearback/spec`'s `OPERATION_SCOPES`: a scope, or a list of
 * scopes any of which will do (the preferred first).
 *
 * @example
 * toolScopes(['read', 'forms']); // { requiredScope: 'read', acceptedScopes: ['read', 'forms'] }
 */
export function toolScopes<S extends string>(access: S | readonly [S, ...S[]]): ToolScopes<S> {
  const acceptedScopes: readonly [S, ...S[]] = typeof access === 'string' ? [access] : access;
  return { requiredScope: acceptedScopes[0], acceptedScopes };
}

/**
 * Whether a key may call a tool: it holds one of the scopes the tool's operation accepts, and is
 * not brand-scoped when the operation is organization-wide (the checks the server makes on a call,
 * so listing and calling agree).
 *
 * @example
 * mayCall({ requiredScope: 'read', acceptedScopes: ['read', 'forms'] }, { scopes: ['forms'], brandId: null }); // true
 * mayCall({ requiredScope: 'read', acceptedScopes: ['read'], organizationWide: true }, { scopes: ['read'], brandId: 'brd_1' }); // false
 */
export function mayCall(tool: ToolScopes<string> & { organizationWide?: boolean }, key: KeyAccess): boolean {
  if (tool.organizationWide && key.brandId !== null) return false;
  const held = new Set(key.scopes);
  return tool.acceptedScopes.some((scope) => held.has(scope));
}

/**
 * The sentence a tool's description ends with, for the agent choosing a tool.
 *
 * @example
 * scopeSentence({ requiredScope: 'read', acceptedScopes: ['read', 'forms'] }); // 'Needs the read or forms scope.'
 */
export function scopeSentence(scopes: ToolScopes<string>): string {
  return `Needs the ${alternatives(scopes.acceptedScopes)} scope.`;
}

/**
 * A tool's `_meta` about who may call it, for clients that check a key before calling: the required
 * scope, the accepted ones when several would do, and `true` under {@link ORGANIZATION_WIDE_META_KEY}
 * when a brand-scoped key is refused it.
 *
 * @example
 * scopeMeta({ requiredScope: 'write', acceptedScopes: ['write'] }); // { 'hearback.dev/requiredScope': 'write' }
 */
export function scopeMeta(tool: ToolScopes<string> & { organizationWide?: boolean }): Record<string, unknown> {
  return {
    [REQUIRED_SCOPE_META_KEY]: tool.requiredScope,
    ...(tool.acceptedScopes.length > 1 && { [ACCEPTED_SCOPES_META_KEY]: [...tool.acceptedScopes] }),
    ...(tool.organizationWide && { [ORGANIZATION_WIDE_META_KEY]: true }),
  };
}
