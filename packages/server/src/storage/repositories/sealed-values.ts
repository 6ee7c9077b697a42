import type { Executor } from './executor.js';

/** An organization secret's sealed value and what it is bound to. */
export interface SealedOrganizationSecretRow {
  orgId: string;
  name: string;
  sealed: string;
}

/** An automation's sealed signing secret and what it is bound to. */
export interface SealedSigningSecretRow {
  automationId: string;
  sealed: string;
}

/** An organization's sealed OpenID Connect client secret. */
export interface SealedSsoClientSecretRow {
  orgId: string;
  sealed: string;
}

/**
 * Every value the database holds sealed with the server master secret, across organizations: what
 * a master secret rotation re-seals (services/master-secret-rotation.ts). Nothing else reads them
 * all at once.
 */
export function sealedValuesRepository(db: Executor) {
  return {
    async organizationSecrets(): Promise<SealedOrganizationSecretRow[]> {
      const rows = await db
        .selectFrom('organization_secrets')
        .select(['org_id', 'name', 'sealed_value'])
        .orderBy('org_id')
        .orderBy('name')
        .execute();
      return rows.map((row) => ({ orgId: row.org_id, name: row.name, sealed: row.sealed_value }));
    },

    async setOrganizationSecret(orgId: string, name: string, sealed: string): Promise<void> {
      await db
        .updateTable('organization_secrets')
        .set({ sealed_value: sealed })
        .where('org_id', '=', orgId)
        .where('name', '=', name)
        .execute();
    },

    async signingSecrets(): Promise<SealedSigningSecretRow[]> {
      const rows = await db.selectFrom('automations').select(['id', 'sealed_signing_secret']).orderBy('id').execute();
      return rows.map((row) => ({ automationId: row.id, sealed: row.sealed_signing_secret }));
    },

    async setSigningSecret(automationId: string, sealed: string): Promise<void> {
      await db
        .updateTable('automations')
        .set({ sealed_signing_secret: sealed })
        .where('id', '=', automationId)
        .execute();
    },

    async ssoClientSecrets(): Promise<SealedSsoClientSecretRow[]> {
      const rows = await db
        .selectFrom('sso_connections')
        .select(['org_id', 'sealed_client_secret'])
        .orderBy('org_id')
        .execute();
      return rows.map((row) => ({ orgId: row.org_id, sealed: row.sealed_client_secret }));
    },

    async setSsoClientSecret(orgId: string, sealed: string): Promise<void> {
      await db
        .updateTable('sso_connections')
        .set({ sealed_client_secret: sealed })
        .where('org_id', '=', orgId)
        .execute();
    },

    /**
     * Deletes every idempotency record: their key hashes are MACs of the clients' keys and their
     * responses are sealed under those keys, which the database never holds, so they cannot be
     * re-sealed. How many were deleted.
     */
    async deleteIdempotencyRecords(): Promise<number> {
      const result = await db.deleteFrom('idempotency_records').executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
