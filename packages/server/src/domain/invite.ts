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
