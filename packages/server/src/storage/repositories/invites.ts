import type { AssignableRole } from '../../domain/roles.js';
import type { InvitesTable } from '../schema.js';
import type { Executor } from './executor.js';
import { pageOf } from './executor.js';

/** An invitation as stored, without its token hash. */
export interface StoredInvite {
  id: string;
  orgId: string;
  email: string;
  role: AssignableRole;
  invitedBy: string;
  createdAt: string;
  expiresAt: string;
  acceptedAt: string | null;
  revokedAt: string | null;
}

function toInvite(row: InvitesTable): StoredInvite {
  return {
    id: row.id,
    orgId: row.org_id,
    email: row.email,
    role: row.role as AssignableRole,
    invitedBy: row.invited_by,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    acceptedAt: row.accepted_at,
    revokedAt: row.revoked_at,
  };
}

/**
 * Unique index holding one open invitation (neither accepted nor revoked) per organization and
 * address (migration 0022): of two first invitations made at once, the second insert fails on it.
 */
export const OPEN_INVITE_INDEX = {
  index: 'invites_open_email_idx',
  table: 'invites',
  columns: ['org_id', 'lower(email)'],
} as const;

/** Invitations; the token is stored only as a MAC (`token_hash`). */
export function invitesRepository(db: Executor) {
  return {
    async insert(invite: StoredInvite, tokenHash: string): Promise<void> {
      await db
        .insertInto('invites')
        .values({
          id: invite.id,
          org_id: invite.orgId,
          email: invite.email,
          role: invite.role,
          token_hash: tokenHash,
          invited_by: invite.invitedBy,
          created_at: invite.createdAt,
          expires_at: invite.expiresAt,
          accepted_at: null,
          accepted_by: null,
          revoked_at: null,
        })
        .execute();
    },
    async find(orgId: string, id: string): Promise<StoredInvite | undefined> {
      const row = await db
        .selectFrom('invites')
        .selectAll()
        .where('org_id', '=', orgId)
        .where('id', '=', id)
        .executeTakeFirst();
      return row && toInvite(row);
    },
    async findByTokenHash(tokenHash: string): Promise<StoredInvite | undefined> {
      const row = await db.selectFrom('invites').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
      return row && toInvite(row);
    },
    /**
     * The invitation a token opens, with what its invitee is shown before accepting: the
     * organization's name and the inviter's (none when the inviter's account is gone).
     */
    async findPreviewByTokenHash(
      tokenHash: string,
    ): Promise<{ invite: StoredInvite; organizationName: string; inviterName: string | null } | undefined> {
      const row = await db
        .selectFrom('invites')
        .innerJoin('organizations', 'organizations.id', 'invites.org_id')
        .leftJoin('users', 'users.id', 'invites.invited_by')
        .selectAll('invites')
        .select(['organizations.name as organization_name', 'users.name as inviter_name'])
        .where('invites.token_hash', '=', tokenHash)
        .executeTakeFirst();
      if (!row) return undefined;
      const { organization_name, inviter_name, ...invite } = row;
      return { invite: toInvite(invite), organizationName: organization_name, inviterName: inviter_name };
    },
    /** Whether an email has an invitation still open somewhere (sign-up by invitation). */
    async pendingFor(email: string, now: string): Promise<boolean> {
      const row = await db
        .selectFrom('invites')
        .select('id')
        .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return row !== undefined;
    },
    /**
     * The organization's invitation of this address that is neither accepted nor revoked (pending
     * or expired), if any: a new invitation of the address renews it rather than add a second link.
     */
    async openFor(orgId: string, email: string): Promise<StoredInvite | undefined> {
      const row = await db
        .selectFrom('invites')
        .selectAll()
        .where('org_id', '=', orgId)
        .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      return row && toInvite(row);
    },
    /** Newest first. */
    async list(orgId: string, page: { limit: number; before: string | null }) {
      let query = db.selectFrom('invites').selectAll().where('org_id', '=', orgId);
      if (page.before) query = query.where('id', '<', page.before);
      const rows = await query
        .orderBy('id', 'desc')
        .limit(page.limit + 1)
        .execute();
      const { rows: pageRows, lastId } = pageOf(rows, page.limit);
      return { items: pageRows.map(toInvite), lastId };
    },
    /** A new token (the old one stops working) and expiry; and a new role, when one is given. */
    async renew(id: string, tokenHash: string, expiresAt: string, role?: AssignableRole): Promise<void> {
      await db
        .updateTable('invites')
        .set({ token_hash: tokenHash, expires_at: expiresAt, ...(role && { role }) })
        .where('id', '=', id)
        .execute();
    },
    async revoke(id: string, at: string): Promise<void> {
      await db.updateTable('invites').set({ revoked_at: at }).where('id', '=', id).execute();
    },
    async accept(id: string, userId: string, at: string): Promise<void> {
      await db.updateTable('invites').set({ accepted_at: at, accepted_by: userId }).where('id', '=', id).execute();
    },
  };
}
