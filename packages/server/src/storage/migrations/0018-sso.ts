import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './context.js';

/**
 * Single sign-on per organization: its OpenID Connect provider (the client secret sealed with the
 * server secret, `secrets/sealed-values.ts`) and the email domains it vouches for, each pending
 * until a DNS TXT record proves it. A domain is verified by one organization at most (the partial
 * unique index), so an email address leads to one provider.
 */
export async function up(db: Kysely<unknown>, _context: MigrationContext): Promise<void> {
  await db.schema
    .createTable('sso_connections')
    .addColumn('org_id', 'text', (column) => column.primaryKey().references('organizations.id').onDelete('cascade'))
    .addColumn('issuer', 'text', (column) => column.notNull())
    .addColumn('client_id', 'text', (column) => column.notNull())
    .addColumn('sealed_client_secret', 'text', (column) => column.notNull())
    .addColumn('default_role', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('sso_domains')
    .addColumn('org_id', 'text', (column) => column.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('domain', 'text', (column) => column.notNull())
    // Published in DNS by the organization: not a secret.
    .addColumn('token', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('verified_at', 'text')
    .addPrimaryKeyConstraint('sso_domains_pk', ['org_id', 'domain'])
    .execute();
  await db.schema
    .createIndex('sso_domains_verified_idx')
    .on('sso_domains')
    .column('domain')
    .unique()
    .where(sql.ref('verified_at'), 'is not', null)
    .execute();
}
