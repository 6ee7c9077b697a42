import type { OrganizationSecret } from '../../domain/organization-secret.js';
import type { OrganizationSecretsTable } from '../schema.js';
import type { Executor } from './executor.js';

/** A secret's row: its name and times, and its value as stored (sealed, never plaintext). */
export interface SealedOrganizationSecret extends OrganizationSecret {
  sealedValue: string;
}

function toSecret(row: Pick<OrganizationSecretsTable, 'name' | 'created_at' | 'updated_at'>): OrganizationSecret {
  return { name: row.name, createdAt: row.created_at, updatedAt: row.updated_at };
}

/**
 * The `organization_secrets` table. Callers hand it values already sealed: nothing here sees a
 * secret in plaintext, and reads that serve the API never select the sealed column.
 */
export function organizationSecretsRepository(db: Executor) {
  return {
    /** Adds a secret; false (and nothing written) when the organization has one of that name. */
    async insert(orgId: string, name: string, sealedValue: string, now: string): Promise<boolean> {
      const result = await db
        .insertInto('organization_secrets')
        .values({ org_id: orgId, name, sealed_value: sealedValue, created_at: now, updated_at: now })
        // The primary key decides a race between two creates of one name: one of them inserts.
        .onConflict((conflict) => conflict.columns(['org_id', 'name']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    /** Creates the secret or replaces its value (keeping its `createdAt`). */
    async upsert(orgId: string, name: string, sealedValue: string, now: string): Promise<OrganizationSecret> {
      const row = await db
        .insertInto('organization_secrets')
        .values({ org_id: orgId, name, sealed_value: sealedValue, created_at: now, updated_at: now })
        .onConflict((conflict) =>
          conflict.columns(['org_id', 'name']).doUpdateSet({ sealed_value: sealedValue, updated_at: now }),
        )
        .returning(['name', 'created_at', 'updated_at'])
        .executeTakeFirstOrThrow();
      return toSecret(row);
    },

    /** A page of the organization's secrets by name (keyset: names after `after`), values left out. */
    async list(orgId: string, page: { limit: number; after: string | null }) {
      let query = db
        .selectFrom('organization_secrets')
        .select(['name', 'created_at', 'updated_at'])
        .where('org_id', '=', orgId);
      if (page.after) query = query.where('name', '>', page.after);
      const rows = await query
        .orderBy('name')
        .limit(page.limit + 1)
        .execute();
      const items = rows.slice(0, page.limit).map(toSecret);
      const lastName = rows.length > page.limit ? (items[items.length - 1]?.name ?? null) : null;
      return { items, lastId: lastName };
    },

    async delete(orgId: string, name: string): Promise<boolean> {
      const result = await db
        .deleteFrom('organization_secrets')
        .where('org_id', '=', orgId)
        .where('name', '=', name)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Every secret of the organization with its sealed value: for rendering a webhook. */
    async sealedOf(orgId: string): Promise<SealedOrganizationSecret[]> {
      const rows = await db.selectFrom('organization_secrets').selectAll().where('org_id', '=', orgId).execute();
      return rows.map((row) => ({ ...toSecret(row), sealedValue: row.sealed_value }));
    },
  };
}
