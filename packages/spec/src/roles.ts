import { keptUntilHandOver } from './membership.js';

/**
 * What an API key may be given: send feedback, read, change everything an admin changes, run
 * feedback pages, and triage (status, assignee, notes, links) without the rest of `write`.
 */
export const KEY_SCOPES = ['collect', 'read', 'write', 'forms', 'triage'] as const;
/**
 * Every scope an operation may require: the key scopes, and two that only a member's role grants
 * ({@link ROLE_SCOPES}): managing members and invites, and the owner's acts (deleting the
 * organization, transferring it). No key holds them: people are managed by people.
 */
export const SCOPES = [...KEY_SCOPES, 'members', 'owner'] as const;
export type Scope = (typeof SCOPES)[number];
export type KeyScope = (typeof KEY_SCOPES)[number];

/** A member's role in an organization, least to most. */
export const ROLES = ['viewer', 'member', 'admin', 'owner'] as const;
export type Role = (typeof ROLES)[number];

/**
 * What each role may do, as the scopes the operation table already requires: a member's request
 * passes the same checks a key's does, so every route's rule stays its one `scope`.
 * `viewer` reads; `member` also triages (status, assignee, notes, links); `admin` also changes
 * everything else (inboxes, brands, keys, pages, automations) and manages members and invites;
 * `owner` also deletes the organization and hands it over.
 */
export const ROLE_SCOPES: Readonly<Record<Role, readonly Scope[]>> = {
  viewer: ['read'],
  member: ['read', 'triage'],
  admin: ['read', 'triage', 'write', 'forms', 'collect', 'members'],
  owner: ['read', 'triage', 'write', 'forms', 'collect', 'members', 'owner'],
};

/** The roles an admin may give (owner passes only by a transfer, from the owner). */
export const ASSIGNABLE_ROLES = ['viewer', 'member', 'admin'] as const satisfies readonly Role[];
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

/**
 * Why a holder of `scopes` may not change the role of, or remove, a member whose role is
 * `target`, or `null` when they may (beyond the `members` scope the operation asks for): the
 * owner's role passes only by a transfer, and only the owner changes or removes an admin. The
 * server refuses with it and the dashboard hides the control by it, so both say the same.
 *
 * @example
 * memberChangeRefusal(ROLE_SCOPES.admin, 'admin'); // 'owner_only'
 * memberChangeRefusal(ROLE_SCOPES.owner, 'admin'); // null
 */
export function memberChangeRefusal(scopes: Iterable<Scope>, target: Role): 'owner_by_transfer' | 'owner_only' | null {
  if (keptUntilHandOver(target)) return 'owner_by_transfer';
  if (target === 'admin' && !new Set(scopes).has('owner')) return 'owner_only';
  return null;
}
