import { keptUntilHandOver, memberChangeRefusal } from '@hearback/spec';
import type { Principal } from '../domain/api-key.js';
import { triageDetails } from '../domain/feedback-activity.js';
import type { AssignableRole, Member } from '../domain/roles.js';
import { ApiError, notFound } from '../errors/api-error.js';
import { nowIso } from '../lib/time.js';
import type { Repositories, Store } from '../storage/store.js';
import { recordAudit } from './audit.js';
import type { SignedIn } from './callers.js';
import { feedbackEvent, membershipEndedEvent } from './events.js';

/** 409 `conflict`, "The owner cannot {act}; …": an organization always has its owner ({@link keptUntilHandOver}). */
function keptForHandOver(act: string): ApiError {
  return new ApiError(409, 'conflict', `The owner cannot ${act}; transfer ownership to another member first.`);
}

/** Refuses leaving for the owner ({@link keptForHandOver}). */
function requireNotKeptUntilHandOver(member: Member, act: string): void {
  if (keptUntilHandOver(member.role)) throw keptForHandOver(act);
}

/**
 * Refuses changing the role of, or removing, `member` by `principal` by the rule the dashboard
 * offers its controls by ({@link memberChangeRefusal}): the owner's membership (409, `act` completes
 * "The owner cannot …"), an admin's unless by the owner (403, `adminAct` completes "Only the
 * organization's owner can …").
 */
function requireMemberChangeAllowed(principal: Principal, member: Member, act: string, adminAct: string): void {
  const refusal = memberChangeRefusal(principal.scopes, member.role);
  if (refusal === 'owner_by_transfer') throw keptForHandOver(act);
  if (refusal === 'owner_only') throw new ApiError(403, 'forbidden', `Only the organization's owner can ${adminAct}.`);
}

/**
 * Ends a membership in the caller's transaction, as removal and leaving both do: the membership
 * goes (the person's next request to the organization is 404, and their open streams of it end at
 * once, by its event in the log), the entry is written, and the items assigned to them become
 * unassigned, each with its `feedback.updated` event and an entry in its activity (`reason` the
 * action). Their notes and past activity stay, under their name.
 */
async function endMembership(
  tx: Repositories,
  principal: Pick<Principal, 'orgId' | 'actor'>,
  member: Member,
  action: 'member.removed' | 'member.left',
): Promise<void> {
  await tx.members.remove(principal.orgId, member.userId);
  await recordAudit(tx, principal, action, member.userId, { role: member.role });
  const at = nowIso();
  // Ends the person's open streams of the organization in log order, on every process.
  await tx.outbox.append([membershipEndedEvent(principal.orgId, member.userId, at)]);
  const unassigned = await tx.feedback.unassignAll(principal.orgId, member.userId, at);
  if (unassigned.length === 0) return;
  await tx.outbox.append(unassigned.map((feedback) => feedbackEvent('feedback.updated', feedback, at)));
  for (const feedback of unassigned) {
    await recordAudit(tx, principal, 'feedback.updated', feedback.id, {
      ...triageDetails({ ...feedback, assigneeId: member.userId }, feedback, ['assigneeId']),
      reason: action,
    });
  }
}

/** An organization's members: list, change a role, remove, hand ownership over. */
export function membersService(store: Store, onEvents: () => void = () => {}) {
  return {
    async list(principal: Principal): Promise<Member[]> {
      return store.members.list(principal.orgId);
    },

    async get(principal: Principal, userId: string): Promise<Member> {
      const member = await store.members.find(principal.orgId, userId);
      if (!member) throw notFound('Member', userId);
      return member;
    },

    /**
     * Gives a member another role (viewer, member, admin). The owner's role changes only by a
     * transfer; an admin cannot change another admin's, only the owner can.
     */
    async setRole(principal: Principal, userId: string, role: AssignableRole): Promise<Member> {
      return store.transaction(async (tx) => {
        const member = await tx.members.find(principal.orgId, userId);
        if (!member) throw notFound('Member', userId);
        requireMemberChangeAllowed(principal, member, 'be given another role', "change an admin's role");
        if (member.role === role) return member;
        await tx.members.setRole(principal.orgId, userId, role, nowIso());
        await recordAudit(tx, principal, 'member.role_changed', userId, { from: member.role, to: role });
        return { ...member, role };
      });
    },

    /**
     * Removes a member (an admin removes members and viewers; the owner anyone but themself); see
     * {@link endMembership}, by the remover.
     */
    async remove(principal: Principal, userId: string): Promise<void> {
      await store.transaction(async (tx) => {
        const member = await tx.members.find(principal.orgId, userId);
        if (!member) throw notFound('Member', userId);
        requireMemberChangeAllowed(principal, member, 'be removed', 'remove an admin');
        await endMembership(tx, principal, member, 'member.removed');
      });
      onEvents();
    },

    /**
     * The signed-in person leaves an organization they belong to (any role but the owner's, who
     * hands it over first); see {@link endMembership}, by themself. Not a member: 404, as for
     * every path of an organization they do not belong to.
     */
    async leave(signed: SignedIn, orgId: string): Promise<void> {
      const userId = signed.user.id;
      await store.transaction(async (tx) => {
        const member = await tx.members.find(orgId, userId);
        if (!member) throw notFound('Organization', orgId);
        requireNotKeptUntilHandOver(member, 'leave');
        await endMembership(tx, { orgId, actor: { type: 'user', id: userId } }, member, 'member.left');
      });
      onEvents();
    },

    /** Hands the organization to another member, who becomes owner; the owner becomes an admin. */
    async transferOwnership(principal: Principal, userId: string): Promise<Member> {
      return store.transaction(async (tx) => {
        const member = await tx.members.find(principal.orgId, userId);
        if (!member) throw notFound('Member', userId);
        if (member.role === 'owner') return member;
        const at = nowIso();
        await tx.members.setRole(principal.orgId, principal.actor.id, 'admin', at);
        await tx.members.setRole(principal.orgId, userId, 'owner', at);
        await recordAudit(tx, principal, 'organization.ownership_transferred', principal.orgId, {
          from: principal.actor.id,
          to: userId,
        });
        return { ...member, role: 'owner' as const };
      });
    },

    /** A sign-in, in the audit log of every organization the user belongs to. */
    async recordSignIn(userId: string): Promise<void> {
      const memberships = await store.members.organizationsOf(userId);
      if (memberships.length === 0) return;
      await store.transaction(async (tx) => {
        for (const { orgId } of memberships) {
          await recordAudit(tx, { orgId, actor: { type: 'user', id: userId } }, 'user.signed_in', userId);
        }
      });
    },
  };
}
