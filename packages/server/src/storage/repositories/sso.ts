import type { AssignableRole } from '../../domain/roles.js';
import type { Executor } from './executor.js';

/** An organization's SSO provider as stored (its client secret sealed). */
export interface StoredSsoConnection {
  orgId: string;
  issuer: string;
  clientId: string;
  sealedClientSecret: string;
  defaultRole: AssignableRole;
  createdAt: string;
  updatedAt: string;
}

/** An email domain as stored, with its verification token. */
export interface StoredSsoDomain {
  orgId: string;
  domain: string;
  token: string;
  createdAt: string;
  verifiedAt: string | null;
}

/** Unique index that keeps a domain verified by one organization at most. */
export const VERIFIED_DOMAIN_INDEX = {
  index: 'sso_domains_verified_idx',
  table: 'sso_domains',
  columns: ['domain'],
} as const;

/** SSO connections and their email domains (migration 0018). */
export function ssoRepository(db: Executor) {
  return {
    async find(orgId: string): Promise<StoredSsoConnection | undefined> {
      const row = await db.selectFrom('sso_connections').selectAll().where('org_id', '=', orgId).executeTakeFirst();
      return (
        row && {
          orgId: row.org_id,
          issuer: row.issuer,
          clientId: row.client_id,
          sealedClientSecret: row.sealed_client_secret,
          defaultRole: row.default_role as AssignableRole,
          createdAt: row.created_at,
          updatedAt: row.updated_at,
        }
      );
    },

    async upsert(connection: StoredSsoConnection): Promise<void> {
      const values = {
        org_id: connection.orgId,
        issuer: connection.issuer,
        client_id: connection.clientId,
        sealed_client_secret: connection.sealedClientSecret,
        default_role: connection.defaultRole,
        created_at: connection.createdAt,
        updated_at: connection.updatedAt,
      };
      await db
        .insertInto('sso_connections')
        .values(values)
        .onConflict((conflict) =>
          conflict.column('org_id').doUpdateSet({
            issuer: values.issuer,
            client_id: values.client_id,
            sealed_client_secret: values.sealed_client_secret,
            default_role: values.default_role,
            updated_at: values.updated_at,
          }),
        )
        .execute();
    },

    /** Deletes the connection and its domains. */
    async remove(orgId: string): Promise<boolean> {
      await db.deleteFrom('sso_domains').where('org_id', '=', orgId).execute();
      const result = await db.deleteFrom('sso_connections').where('org_id', '=', orgId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async domains(orgId: string): Promise<StoredSsoDomain[]> {
      const rows = await db
        .selectFrom('sso_domains')
        .selectAll()
        .where('org_id', '=', orgId)
        .orderBy('domain')
        .execute();
      return rows.map((row) => ({
        orgId: row.org_id,
        domain: row.domain,
        token: row.token,
        createdAt: row.created_at,
        verifiedAt: row.verified_at,
      }));
    },

    async insertDomain(domain: StoredSsoDomain): Promise<void> {
      await db
        .insertInto('sso_domains')
        .values({
          org_id: domain.orgId,
          domain: domain.domain,
          token: domain.token,
          created_at: domain.createdAt,
          verified_at: domain.verifiedAt,
        })
        .execute();
    },

    async removeDomain(orgId: string, domain: string): Promise<void> {
      await db.deleteFrom('sso_domains').where('org_id', '=', orgId).where('domain', '=', domain).execute();
    },

    async markVerified(orgId: string, domain: string, at: string): Promise<void> {
      await db
        .updateTable('sso_domains')
        .set({ verified_at: at })
        .where('org_id', '=', orgId)
        .where('domain', '=', domain)
        .execute();
    },

    /** The organization that verified `domain`, if one has. */
    async verifiedOwner(domain: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('sso_domains')
        .select('org_id')
        .where('domain', '=', domain)
        .where('verified_at', 'is not', null)
        .executeTakeFirst();
      return row?.org_id;
    },
  };
}
