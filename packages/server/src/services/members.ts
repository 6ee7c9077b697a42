import { memberChangeRefusal } from '@hearback/spec';
import type { Principal } from '../domain/api-key.js';
import { triageDetails } from '../domain/feedback-activity.js';
import type { AssignableRole, Member } from '../domain/roles.js';
import { ApiError, notFound } from '../errors/api-error.js';
import { nowIso } from '../lib/time.js';
import type { Store } from '../storage/store.js';
import { recordAudit } from './audit.js';
import { feedbackEvent } from './events.js';

/**
 * The refusal of changing or removing `member` by `principal`, by the rule the dashboard hides its
 * controls by ({@link memberChangeRefusal}), or nothing when allowed.
 */
function refusalOf(principal: Principal, member: Member, owner: string, admin: string): ApiError | undefined {
  const refusal = memberChangeRefusal(principal.scopes, member.role);
  if (refusal === 'owner_by_transfer') return new ApiError(409, 'conflict', owner);
  if (refusal === 'owner_only') return new ApiError(403, 'forbidden', `Only the organization's owner can ${admin}.`);
  return undefined;
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
        const refusal = refusalOf(
          principal,
          member,
          'The owner keeps that role until they transfer ownership.',
          "change an admin's role",
        );
        if (refusal) throw refusal;
        if (member.role === role) return member;
        await tx.members.setRole(principal.orgId, userId, role, nowIso());
        await recordAudit(tx, principal, 'member.role_changed', userId, { from: member.role, to: role });
        return { ...member, role };
      });
    },

    /**
     * Removes a member (an admin removes members and viewers; the owner anyone but themself). The
     * items assigned to them become unassigned in the same transaction, each with its
     * `feedback.updated` event and an entry in its activity, by the remover.
     */
    async remove(principal: Principal, userId: string): Promise<void> {
      await store.transaction(async (tx) => {
        const member = await tx.members.find(principal.orgId, userId);
        if (!member) throw notFound('Member', userId);
        const refusal = refusalOf(
          principal,
          member,
          'The owner cannot be removed; transfer ownership first.',
          'remove an admin',
        );
        if (refusal) throw refusal;
        await tx.members.remove(principal.orgId, userId);
        await recordAudit(tx, principal, 'member.removed', userId, { role: member.role });
        const at = nowIso();
        const unassigned = await tx.feedback.unassignAll(principal.orgId, userId, at);
        if (unassigned.length === 0) return;
        await tx.outbox.append(unassigned.map((feedback) => feedbackEvent('feedback.updated', feedback, at)));
        for (const feedback of unassigned) {
          await recordAudit(tx, principal, 'feedback.updated', feedback.id, {
            ...triageDetails({ ...feedback, assigneeId: userId }, feedback, ['assigneeId']),
            reason: 'member.removed',
          });
        }
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
