import type { Principal } from '../domain/api-key.js';
import { KEY_SCOPES } from '../domain/api-key.js';
import { changedFields } from '../domain/audit.js';
import type { Inbox, Organization } from '../domain/organization.js';
import { organizationSlugFor, slugify } from '../domain/organization-slug.js';
import { canonicalTimeZone, DEFAULT_TIME_ZONE } from '../domain/time-zone.js';
import { notFound, slugTaken } from '../errors/api-error.js';
import { newId } from '../lib/ids.js';
import { nowIso, usagePeriod } from '../lib/time.js';
import type { UserRecord } from '../storage/repositories/members.js';
import type { Repositories, Store } from '../storage/store.js';
import { isUniqueViolation } from '../storage/unique-violation.js';
import { insertApiKey } from './api-keys.js';
import { recordAudit } from './audit.js';
import type { SignedIn } from './callers.js';
import { newInbox } from './inboxes.js';
import { PLANS, type PlanName } from './plans.js';
import type { UsageTally } from './usage-tally.js';

export interface BootstrappedOrganization {
  organization: Organization;
  inbox: Inbox;
  adminKey: string;
  collectKey: string;
  /** Its owner: the instance's administrator, once someone signed up; before, nobody yet. */
  owner: UserRecord | undefined;
}

/**
 * What else a new organization needs, in the transaction that makes it (with search on: its search
 * model record, services/index.ts).
 */
export type OrganizationInserted = (tx: Repositories, orgId: string) => Promise<void>;

/**
 * Inserts a new organization with its default inbox, inside the caller's transaction: what every
 * way of making one shares (the operator's bootstrap, a person's `POST /organizations`).
 */
export async function insertOrganization(
  tx: Repositories,
  input: { name: string; plan: PlanName },
  onInserted?: OrganizationInserted,
): Promise<{ organization: Organization; inbox: Inbox }> {
  const now = nowIso();
  const id = newId('organization');
  const taken = await tx.organizations.slugTaken(slugify(input.name, 'org'));
  const organization: Organization = {
    id,
    name: input.name,
    slug: organizationSlugFor(input.name, id, () => taken),
    plan: input.plan,
    timezone: DEFAULT_TIME_ZONE,
    createdAt: now,
    updatedAt: now,
  };
  await tx.organizations.insert(organization);
  const inbox = newInbox(organization.id, { name: 'Default inbox' });
  await tx.inboxes.insert(inbox);
  await onInserted?.(tx, organization.id);
  return { organization, inbox };
}

export function organizationsService(
  store: Store,
  defaultPlan: PlanName,
  usageTally: UsageTally,
  onInserted?: OrganizationInserted,
) {
  /** {@link bootstrap}'s work, in the caller's transaction. */
  async function bootstrapIn(
    tx: Repositories,
    input: { name: string; plan?: PlanName | undefined },
  ): Promise<BootstrappedOrganization> {
    const { organization, inbox } = await insertOrganization(
      tx,
      { name: input.name, plan: input.plan ?? defaultPlan },
      onInserted,
    );
    const admin = await insertApiKey(tx, organization.id, { name: 'Admin key', scopes: [...KEY_SCOPES] });
    const collect = await insertApiKey(tx, organization.id, { name: 'Collect key (widgets)', scopes: ['collect'] });
    const owner = await tx.members.instanceAdministrator();
    if (owner) {
      await tx.members.insert(organization.id, owner.id, 'owner', organization.createdAt);
      const actor = { orgId: organization.id, actor: { type: 'user' as const, id: owner.id } };
      await recordAudit(tx, actor, 'member.joined', owner.id, { role: 'owner', via: 'instance_admin' });
    }
    return { organization, inbox, adminKey: admin.secret, collectKey: collect.secret, owner };
  }

  return {
    /**
     * A ready-to-use organization: one inbox, an admin key with every scope and a collect-only
     * key for widgets. What `hearback init` and the first `serve` print. Once someone signed up,
     * the instance's administrator owns it: no key holds `members`, so an organization without
     * a member could never get one. (Before, the first user adopts it: accounts.ts.)
     */
    async bootstrap(input: { name: string; plan?: PlanName | undefined }): Promise<BootstrappedOrganization> {
      return store.transaction((tx) => bootstrapIn(tx, input));
    },

    /**
     * The first start's organization ({@link bootstrap}), made only when the instance has none:
     * undefined when it has one, or when another process starting on the same database at the
     * same moment made it first (the check and the creation are one transaction, under a lock
     * the other's waits for).
     */
    async bootstrapIfEmpty(input: { name: string }): Promise<BootstrappedOrganization | undefined> {
      return store.transaction(async (tx) =>
        (await tx.organizations.noneExclusively()) ? bootstrapIn(tx, input) : undefined,
      );
    },

    async list(): Promise<Organization[]> {
      return store.organizations.list();
    },

    /**
     * The organization with this month's usage; `usage` is null for a brand-scoped key: the counts
     * are the whole organization's, and such a key must not learn the other brands' volume.
     */
    async get(principal: Principal, orgId: string): Promise<Organization & { usage: OrganizationUsage | null }> {
      const organization = await store.organizations.find(orgId);
      if (!organization || organization.id !== principal.orgId) throw notFound('Organization', orgId);
      const usage = principal.brandId ? null : await usageOf(store, usageTally, organization);
      return { ...organization, usage };
    },

    /**
     * Renames it, changes its slug (which moves its public page URLs: old links stop working) or
     * its time zone (stored by its canonical IANA name).
     */
    async update(
      principal: Principal,
      orgId: string,
      changes: { name?: string | undefined; slug?: string | undefined; timezone?: string | undefined },
    ) {
      const existing = await store.organizations.find(orgId);
      if (!existing || existing.id !== principal.orgId) throw notFound('Organization', orgId);
      const timezone = changes.timezone === undefined ? undefined : canonicalTimeZone(changes.timezone);
      const updated = await store
        .transaction(async (tx) => {
          const saved = await tx.organizations.update(orgId, { ...changes, timezone }, nowIso());
          if (!saved) throw notFound('Organization', orgId);
          // Trends count days in the zone: its daily counts are counted again, in this transaction.
          if (timezone !== undefined && timezone !== existing.timezone)
            await tx.feedbackRollups.recount(orgId, timezone);
          await recordAudit(tx, principal, 'organization.updated', orgId, { changed: changedFields(changes) });
          return saved;
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error, ORGANIZATION_SLUG_INDEX)) throw slugTaken('organization', changes.slug);
          throw error;
        });
      return { ...updated, usage: await usageOf(store, usageTally, updated) };
    },

    /** Operator action (CLI): plans are not self-service through an API key. */
    /** The operator's command (`hearback orgs set-plan`): no one signed in, nothing audited. */
    async setPlan(orgId: string, plan: PlanName): Promise<Organization> {
      const updated = await store.organizations.update(orgId, { plan }, nowIso());
      if (!updated) throw notFound('Organization', orgId);
      return updated;
    },

    /** An instance administrator sets any organization's plan; the organization's log records who. */
    async setPlanAsAdmin(
      signed: SignedIn,
      orgId: string,
      plan: PlanName,
    ): Promise<Organization & { usage: OrganizationUsage | null }> {
      const updated = await store.transaction(async (tx) => {
        const before = await tx.organizations.find(orgId);
        if (!before) throw notFound('Organization', orgId);
        const organization = await tx.organizations.update(orgId, { plan }, nowIso());
        if (!organization) throw notFound('Organization', orgId);
        await recordAudit(
          tx,
          { orgId, actor: { type: 'user', id: signed.user.id } },
          'organization.plan_changed',
          orgId,
          {
            from: before.plan,
            to: plan,
          },
        );
        return organization;
      });
      return { ...updated, usage: await usageOf(store, usageTally, updated) };
    },
  };
}

export interface OrganizationUsage {
  period: string;
  events: number;
  eventsLimit: number | null;
  searches: number;
  searchesLimit: number | null;
  inboxes: number;
  inboxesLimit: number | null;
}

async function usageOf(store: Store, tally: UsageTally, organization: Organization): Promise<OrganizationUsage> {
  // This process's counts written apart are in the database first: a client sees its own events.
  await tally.settled();
  const period = usagePeriod();
  const usage = await store.usage.read(organization.id, period);
  const limits = PLANS[organization.plan];
  return {
    period,
    events: usage.events,
    eventsLimit: limits.eventsPerMonth,
    searches: usage.searches,
    searchesLimit: limits.searchesPerMonth,
    inboxes: await store.inboxes.count(organization.id),
    inboxesLimit: limits.inboxes,
  };
}

/** The unique index of organization slugs (migration 0013). */
const ORGANIZATION_SLUG_INDEX = { index: 'organizations_slug_idx', table: 'organizations', columns: ['slug'] };

export type OrganizationsService = ReturnType<typeof organizationsService>;
