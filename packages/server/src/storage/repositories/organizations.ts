import type { Organization } from '../../domain/organization.js';
import type { PlanName } from '../../services/plans.js';
import type { DialectAdapter } from '../dialect.js';
import type { OrganizationsTable } from '../schema.js';
import type { Executor } from './executor.js';

export function toOrganization(row: OrganizationsTable): Organization {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    plan: row.plan as PlanName,
    timezone: row.timezone,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function organizationsRepository(db: Executor, dialect: DialectAdapter) {
  return {
    /**
     * Whether the instance has no organization, read under a lock held until the transaction
     * ends: two transactions asking it (two processes' first starts) run one after the other, so
     * only the first finds it empty. Inside a transaction.
     */
    async noneExclusively(): Promise<boolean> {
      await dialect.transactionLock(db, 'hearback.first-organization');
      return (await db.selectFrom('organizations').select('id').limit(1).executeTakeFirst()) === undefined;
    },
    async insert(organization: Organization): Promise<void> {
      await db
        .insertInto('organizations')
        .values({
          id: organization.id,
          name: organization.name,
          slug: organization.slug,
          plan: organization.plan,
          timezone: organization.timezone,
          created_at: organization.createdAt,
          updated_at: organization.updatedAt,
        })
        .execute();
    },
    async find(id: string): Promise<Organization | undefined> {
      const row = await db.selectFrom('organizations').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toOrganization(row);
    },
    async findBySlug(slug: string): Promise<Organization | undefined> {
      const row = await db.selectFrom('organizations').selectAll().where('slug', '=', slug).executeTakeFirst();
      return row && toOrganization(row);
    },
    async slugTaken(slug: string): Promise<boolean> {
      const row = await db.selectFrom('organizations').select('id').where('slug', '=', slug).executeTakeFirst();
      return row !== undefined;
    },
    async list(): Promise<Organization[]> {
      const rows = await db.selectFrom('organizations').selectAll().orderBy('id').execute();
      return rows.map(toOrganization);
    },
    async update(
      id: string,
      changes: { name?: string | undefined; slug?: string | undefined; timezone?: string | undefined; plan?: PlanName },
      updatedAt: string,
    ): Promise<Organization | undefined> {
      const row = await db
        .updateTable('organizations')
        .set({ ...withoutUndefined(changes), updated_at: updatedAt })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      return row && toOrganization(row);
    },
  };
}

function withoutUndefined<T extends object>(changes: T): Partial<T> {
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) as Partial<T>;
}
