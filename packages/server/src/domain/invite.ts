import type { AssignableRole } from './roles.js';

/** How long an invitation's link works. */
export const INVITE_TTL_MS = 7 * 24 * 3600 * 1000;

export type InviteState = 'pending' | 'accepted' | 'revoked' | 'expired';

/** An invitation as the API shows it (never its token). */
export interface Invite {
  id: string;
  orgId: string;
  email: string;
  role: AssignableRole;
  state: InviteState;
  invitedBy: string;
  createdAt: string;
  expiresAt: string;
  acceptedAt: string | null;
}

/**
 * What the invited person is shown of a working invitation before accepting it, from its link's
 * token alone: whom it is from and for, nothing else about the organization.
 */
export interface InvitePreview {
  organization: { name: string };
  role: AssignableRole;
  /** The invited address, in full: the one to sign up or sign in with to accept. */
  email: string;
  /** The inviter's display name; null when their account no longer exists. */
  invitedBy: { name: string } | null;
  expiresAt: string;
}

/**
 * How often one client address may read invitations by token, like better-auth's limits of its own
 * token and password endpoints (`AUTH_RATE_LIMIT_RULES`): a person opens a link a few times, a script
 * trying tokens thousands. A token is 190 random bits, so guessing was hopeless anyway; the limit
 * keeps anyone from turning the endpoint into free database load.
 */
export const INVITE_PREVIEW_RATE_LIMIT = { windowSeconds: 60, max: 30 } as const;

/**
 * The state of an invitation at a moment: accepted and revoked are final; a pending one expires.
 *
 * @example
 * inviteState({ acceptedAt: null, revokedAt: null, expiresAt: '2026-01-01T00:00:00.000Z' }, '2026-02-01T00:00:00.000Z'); // 'expired'
 */
export function inviteState(
  invite: { acceptedAt: string | null; revokedAt: string | null; expiresAt: string },
  now: string,
): InviteState {
  if (invite.acceptedAt) return 'accepted';
  if (invite.revokedAt) return 'revoked';
  return invite.expiresAt <= now ? 'expired' : 'pending';
}
