import { alternatives, ROLE_SCOPES, ROLES } from '@hearback/spec';
import {
  type Access,
  ANY_KEY,
  acceptedScopes,
  type OperationAccess,
  type Principal,
  type Scope,
} from '../domain/api-key.js';
import { ApiError } from '../errors/api-error.js';
import type { BrandScope } from '../storage/repositories/brands.js';

/**
 * The rows a principal may see: its organization, narrowed to its brand for a brand-scoped key.
 * (Tenancy; the API key scopes, what a key may do, are checked by {@link requireScope}.)
 *
 * @example
 * const inbox = await store.inboxes.find(visibleTo(principal), id);
 */
export function visibleTo(principal: Principal): BrandScope {
  return { orgId: principal.orgId, brandId: principal.brandId };
}

/**
 * Refuses with 403 `insufficient_scope` a key that lacks an API key scope. The problem names it
 * (`requiredScope`).
 *
 * @example
 * requireScope(principal, 'collect');
 */
export function requireScope(principal: Principal, scope: Scope): void {
  requireAccess(principal, scope);
}

/**
 * Refuses a key that may not call an operation: one holding none of the scopes it accepts, with
 * 403 `insufficient_scope` naming the preferred scope (`requiredScope`) and, when several would
 * do, all of them (`acceptedScopes`). Any valid key may call an {@link ANY_KEY} operation.
 *
 * @example
 * requireAccess(principal, collectFeedback.scope);
 */
export function requireAccess(principal: Principal, access: Access): void {
  if (access === ANY_KEY) return;
  const accepted = acceptedScopes(access);
  if (accepted.some((scope) => principal.scopes.has(scope))) return;
  const [preferred] = accepted;
  const named = alternatives(accepted.map((scope) => `'${scope}'`));
  throw new ApiError(403, 'insufficient_scope', refusalText(principal, accepted, named), {
    extensions: { requiredScope: preferred, ...(accepted.length > 1 && { acceptedScopes: [...accepted] }) },
  });
}

/** A key lacks a scope; a member's role lacks it: say which roles have it, not "this API key". */
function refusalText(principal: Principal, accepted: readonly Scope[], named: string): string {
  if (principal.actor.type === 'api_key') return `This API key lacks the ${named} scope.`;
  const roles = ROLES.filter((role) => accepted.some((scope) => ROLE_SCOPES[role].includes(scope)));
  const holders = roles.length === 1 ? `the ${roles[0]} role has` : `the ${alternatives(roles, 'and')} roles have`;
  return `Your role in this organization may not do this: it needs the ${named} scope, which ${holders}.`;
}

/**
 * Refuses a caller an operation as its entry in the operation table says: the scope check of
 * {@link requireAccess}, then, for an organization-wide operation, a brand-scoped key with 403
 * `forbidden`. The route's middleware and the MCP tools' backend both call it with the table's entry,
 * and `tools/list` reads the same entry (published as `x-organization-wide`), so the three agree.
 *
 * @example
 * requireOperationAccess(principal, { scope: 'read', organizationWide: 'read the audit log, which covers every brand' });
 */
export function requireOperationAccess(principal: Principal, operation: OperationAccess): void {
  requireAccess(principal, operation.scope);
  if (operation.organizationWide !== undefined && principal.brandId) {
    throw new ApiError(403, 'forbidden', `A brand-scoped API key cannot ${operation.organizationWide}.`);
  }
}

/**
 * A key can only act on what it holds: creating, renaming or revoking a key whose scopes include one
 * the caller lacks is refused with 403 `insufficient_scope` naming the first missing scope
 * (`requiredScope`). Otherwise a `write` key could hand out `forms`, or switch off a stronger key
 * (its owner's `write, forms, triage` integration). An admin's or owner's role holds every key scope.
 * `act` completes "This API key cannot … it lacks".
 *
 * @example
 * requireHeldScopes(principal, target.scopes, 'revoke a key with scopes');
 */
export function requireHeldScopes(principal: Principal, scopes: readonly Scope[], act: string): void {
  const missing = scopes.filter((scope) => !principal.scopes.has(scope));
  if (missing.length === 0) return;
  const caller = principal.actor.type === 'api_key' ? 'This API key' : 'Your role in this organization';
  throw new ApiError(403, 'insufficient_scope', `${caller} cannot ${act} it lacks: ${missing.join(', ')}.`, {
    extensions: { requiredScope: missing[0] },
  });
}
