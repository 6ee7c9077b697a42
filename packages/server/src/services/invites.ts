import type { Mailer } from '../accounts/mailer.js';
import type { Principal } from '../domain/api-key.js';
import {
  INVITE_PREVIEW_RATE_LIMIT,
  INVITE_TTL_MS,
  type Invite,
  type InvitePreview,
  inviteState,
} from '../domain/invite.js';
import type { Page } from '../domain/organization.js';
import type { AssignableRole } from '../domain/roles.js';
import { ApiError, notFound } from '../errors/api-error.js';
import { newId } from '../lib/ids.js';
import { randomToken } from '../lib/secrets.js';
import { nowIso } from '../lib/time.js';
import type { ServerSecrets } from '../secrets/server-secrets.js';
import { OPEN_INVITE_INDEX, type StoredInvite } from '../storage/repositories/invites.js';
import type { Store } from '../storage/store.js';
import { isUniqueViolation } from '../storage/unique-violation.js';
import { recordAudit } from './audit.js';
import type { SignedIn } from './callers.js';
import { type PageRequest, pageSize, readCursor, toPage } from './pagination.js';
import { requireWithinRateLimit } from './rate-limit.js';

/** A new or resent invitation: the link is in the answer once (and in the mail), never stored. */
export interface IssuedInvite {
  invite: Invite;
  acceptUrl: string;
  /** Whether the link went out by mail; without SMTP it was only logged, so the inviter passes it on. */
  mailed: boolean;
  /** Whether an invitation already open was sent again (its previous link no longer works) rather than a new one made. */
  resent: boolean;
}

/** Where an invitation's link leads: the dashboard's acceptance page, which calls `POST /invites/accept`. */
function acceptUrlOf(baseUrl: string, token: string): string {
  return `${baseUrl}/app/invites/accept?token=${encodeURIComponent(token)}`;
}

/**
 * Whatever is wrong with a token (unknown, used, revoked, expired), the answer is the same: the
 * token is the only proof its holder has, and "used" would tell whoever finds an old link that its
 * invitee joined the organization.
 */
function invalidInviteLink(): ApiError {
  return new ApiError(
    404,
    'not_found',
    'This invitation link is not valid: it may have expired, been used or been revoked.',
  );
}

function publicInvite(stored: StoredInvite, now: string): Invite {
  const { revokedAt: _revoked, ...rest } = stored;
  return { ...rest, state: inviteState(stored, now) };
}

/**
 * Invitations to an organization: an admin invites an email with a role; the link carries a
 * single-use token (stored as a MAC only) that works for 7 days; accepting it as the signed-in
 * user with that email makes them a member.
 */
export function invitesService(store: Store, secrets: ServerSecrets, mailer: Mailer) {
  const tokenHash = (token: string) => secrets.mac('invite-token', token);

  async function send(invite: StoredInvite, acceptUrl: string, organizationName: string): Promise<void> {
    await mailer.send({
      to: invite.email,
      subject: `You are invited to ${organizationName} on Hearback`,
      text: `You are invited to join ${organizationName} on Hearback as ${invite.role}. Open this link within 7 days to accept:\n\n${acceptUrl}`,
      link: acceptUrl,
    });
  }

  async function organizationName(orgId: string): Promise<string> {
    return (await store.organizations.find(orgId))?.name ?? orgId;
  }

  /**
   * In one transaction: renews the organization's open invitation of `email` (new token, expiry and
   * role; `resent: true`), or inserts one when there is none.
   */
  async function issueOrRenew(
    principal: Principal,
    input: { email: string; role: AssignableRole },
    newTokenHash: string,
    now: string,
    expiresAt: string,
  ): Promise<{ invite: StoredInvite; resent: boolean }> {
    const { email, role } = input;
    return store.transaction(async (tx) => {
      const open = await tx.invites.openFor(principal.orgId, email);
      if (open) {
        await tx.invites.renew(open.id, newTokenHash, expiresAt, role);
        await recordAudit(tx, principal, 'invite.resent', open.id, { email, role });
        return { invite: { ...open, role, expiresAt }, resent: true };
      }
      const created: StoredInvite = {
        id: newId('invite'),
        orgId: principal.orgId,
        email,
        role,
        invitedBy: principal.actor.id,
        createdAt: now,
        expiresAt,
        acceptedAt: null,
        revokedAt: null,
      };
      await tx.invites.insert(created, newTokenHash);
      await recordAudit(tx, principal, 'invite.created', created.id, { email, role });
      return { invite: created, resent: false };
    });
  }

  return {
    /**
     * Invites an address. An address the organization has invited already (the invitation neither
     * accepted nor revoked) is not given a second one: that invitation is sent again with the role
     * asked now, a new link and 7 more days, and its previous link stops working (`resent: true`).
     */
    async create(
      principal: Principal,
      input: { email: string; role: AssignableRole },
      baseUrl: string,
    ): Promise<IssuedInvite> {
      const token = randomToken(32);
      const now = nowIso();
      const email = input.email.trim().toLowerCase();
      const expiresAt = new Date(Date.parse(now) + INVITE_TTL_MS).toISOString();
      const existing = await store.members.list(principal.orgId);
      if (existing.some((member) => member.email.toLowerCase() === email)) {
        throw new ApiError(409, 'conflict', `${email} is a member of this organization already.`);
      }
      const issue = () => issueOrRenew(principal, { email, role: input.role }, tokenHash(token), now, expiresAt);
      const { invite, resent } = await issue().catch((error: unknown) => {
        // Another first invitation of the address committed between our read and our insert (two
        // requests at once on PostgreSQL; the index of migration 0022 refused ours). It is open now,
        // so trying again renews it: the answer this request would have had, had it come second.
        if (isUniqueViolation(error, OPEN_INVITE_INDEX)) return issue();
        throw error;
      });
      const acceptUrl = acceptUrlOf(baseUrl, token);
      await send(invite, acceptUrl, await organizationName(principal.orgId));
      return { invite: publicInvite(invite, now), acceptUrl, mailed: mailer.sendsMail, resent };
    },

    async list(principal: Principal, request: PageRequest): Promise<Page<Invite>> {
      const page = await store.invites.list(principal.orgId, {
        limit: pageSize(request),
        before: readCursor(request.cursor),
      });
      const now = nowIso();
      return toPage({ items: page.items.map((invite) => publicInvite(invite, now)), lastId: page.lastId });
    },

    /** A new token and 7 more days, mailed again; the old link stops working. */
    async resend(principal: Principal, id: string, baseUrl: string): Promise<IssuedInvite> {
      const token = randomToken(32);
      const now = nowIso();
      const renewed = await store.transaction(async (tx) => {
        const invite = await tx.invites.find(principal.orgId, id);
        if (!invite) throw notFound('Invite', id);
        const state = inviteState(invite, now);
        if (state === 'accepted' || state === 'revoked') {
          throw new ApiError(409, 'conflict', `The invitation was ${state}; create a new one.`);
        }
        const expiresAt = new Date(Date.parse(now) + INVITE_TTL_MS).toISOString();
        await tx.invites.renew(id, tokenHash(token), expiresAt);
        await recordAudit(tx, principal, 'invite.resent', id, { email: invite.email });
        return { ...invite, expiresAt };
      });
      const acceptUrl = acceptUrlOf(baseUrl, token);
      await send(renewed, acceptUrl, await organizationName(principal.orgId));
      return { invite: publicInvite(renewed, now), acceptUrl, mailed: mailer.sendsMail, resent: true };
    },

    async revoke(principal: Principal, id: string): Promise<Invite> {
      const now = nowIso();
      return store.transaction(async (tx) => {
        const invite = await tx.invites.find(principal.orgId, id);
        if (!invite) throw notFound('Invite', id);
        if (invite.acceptedAt)
          throw new ApiError(409, 'conflict', 'The invitation was accepted; remove the member instead.');
        if (invite.revokedAt) return publicInvite(invite, now);
        await tx.invites.revoke(id, now);
        await recordAudit(tx, principal, 'invite.revoked', id, { email: invite.email });
        return publicInvite({ ...invite, revokedAt: now }, now);
      });
    },

    /**
     * What the invited person sees before accepting (or signing up): the organization's name, the
     * role, the address and the inviter's name, for a token that can still be accepted; 404 for any
     * other, as {@link accept} answers. No caller: counted per client address instead, since anyone
     * may ask (`clientAddress` null for a request without a connection, made in-process).
     */
    async preview(token: string, clientAddress: string | null): Promise<InvitePreview> {
      await requireWithinRateLimit(store, 'invite-preview', clientAddress, INVITE_PREVIEW_RATE_LIMIT);
      const found = await store.invites.findPreviewByTokenHash(tokenHash(token));
      if (!found || inviteState(found.invite, nowIso()) !== 'pending') throw invalidInviteLink();
      const { invite, organizationName, inviterName } = found;
      return {
        organization: { name: organizationName },
        role: invite.role,
        email: invite.email,
        invitedBy: inviterName === null ? null : { name: inviterName },
        expiresAt: invite.expiresAt,
      };
    },

    /**
     * Accepts an invitation as the signed-in user, whose email must be the invited one: 404 for
     * a token that is unknown, used, revoked or expired (all alike: a token proves nothing else).
     */
    async accept(signed: SignedIn, token: string): Promise<{ orgId: string; role: AssignableRole }> {
      const now = nowIso();
      return store.transaction(async (tx) => {
        const invite = await tx.invites.findByTokenHash(tokenHash(token));
        if (!invite || inviteState(invite, now) !== 'pending') throw invalidInviteLink();
        if (invite.email !== signed.user.email.toLowerCase()) {
          throw new ApiError(
            403,
            'forbidden',
            'This invitation is for another email address: sign in with the invited address to accept it.',
          );
        }
        const actor = { orgId: invite.orgId, actor: { type: 'user' as const, id: signed.user.id } };
        await tx.invites.accept(invite.id, signed.user.id, now);
        if ((await tx.members.roleOf(invite.orgId, signed.user.id)) === undefined) {
          await tx.members.insert(invite.orgId, signed.user.id, invite.role, now);
          await recordAudit(tx, actor, 'member.joined', signed.user.id, { role: invite.role, inviteId: invite.id });
        }
        return { orgId: invite.orgId, role: invite.role };
      });
    },
  };
}
