import type { Principal } from '../domain/api-key.js';
import type { Organization } from '../domain/organization.js';
import type { Role } from '../domain/roles.js';
import { ApiError, notFound } from '../errors/api-error.js';
import { nowIso } from '../lib/time.js';
import type { UserRecord } from '../storage/repositories/members.js';
import type { Store } from '../storage/store.js';
import { recordAudit } from './audit.js';
import type { SignedIn } from './callers.js';
import { insertOrganization, type OrganizationInserted } from './organizations.js';
import type { PlanName } from './plans.js';

/** An organization as its member sees it in their list. */
export interface MyOrganization {
  organization: Organization;
  role: Role;
}

/** The signed-in user and the organizations they belong to. */
export interface Account {
  user: UserRecord;
  organizations: MyOrganization[];
}

/** What a signed-in user does outside any one organization: see theirs, make one, delete one. */
export function accountsService(store: Store, defaultPlan: PlanName, onOrganizationInserted?: OrganizationInserted) {
  return {
    async account(signed: SignedIn): Promise<Account> {
      const memberships = await store.members.organizationsOf(signed.user.id);
      const organizations: MyOrganization[] = [];
      for (const { orgId, role } of memberships) {
        const organization = await store.organizations.find(orgId);
        if (organization) organizations.push({ organization, role });
      }
      return { user: signed.user, organizations };
    },

    /** A new organization with one inbox; its creator is its owner. */
    async createOrganization(signed: SignedIn, input: { name: string }): Promise<MyOrganization> {
      return store.transaction(async (tx) => {
        const { organization } = await insertOrganization(
          tx,
          { name: input.name, plan: defaultPlan },
          onOrganizationInserted,
        );
        const id = organization.id;
        await tx.members.insert(id, signed.user.id, 'owner', organization.createdAt);
        await recordAudit(tx, { orgId: id, actor: { type: 'user', id: signed.user.id } }, 'organization.created', id, {
          name: input.name,
        });
        return { organization, role: 'owner' as const };
      });
    },

    /**
     * The instance's first user becomes the owner of the organizations the operator made before
     * anyone signed up (`hearback init`, the first `serve`): those have no members yet.
     */
    async adoptUnownedOrganizations(userId: string): Promise<void> {
      await store.transaction(async (tx) => {
        for (const organization of await tx.organizations.list()) {
          if ((await tx.members.list(organization.id)).length > 0) continue;
          await tx.members.insert(organization.id, userId, 'owner', nowIso());
          const actor = { orgId: organization.id, actor: { type: 'user' as const, id: userId } };
          await recordAudit(tx, actor, 'member.joined', userId, { role: 'owner', via: 'first_user' });
        }
      });
    },

    /**
     * Deletes the organization and everything in it, when `confirm` is its slug (a typed
     * confirmation: nothing is recoverable).
     */
    async deleteOrganization(principal: Principal, confirm: string): Promise<void> {
      await store.transaction(async (tx) => {
        const organization = await tx.organizations.find(principal.orgId);
        if (!organization) throw notFound('Organization', principal.orgId);
        if (confirm !== organization.slug) {
          throw new ApiError(
            400,
            'validation_failed',
            `Type the organization's slug (${organization.slug}) in "confirm" to delete it.`,
            {
              errors: [{ path: 'confirm', message: `Must be the organization's slug: ${organization.slug}.` }],
            },
          );
        }
        await tx.deletions.organization(principal.orgId);
      });
    },
  };
}
