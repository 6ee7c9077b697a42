import type { Scope } from './api-key.js';

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

/** A membership as the API shows it. */
export interface Member {
  userId: string;
  name: string;
  email: string;
  role: Role;
  joinedAt: string;
}
