import { type ColumnDataType, type Kysely, sql } from 'kysely';
import type { MigrationContext } from './context.js';

/**
 * People: users, their sessions, sign-in methods (password hash or SSO identity), one-time
 * verification values (reset and verification links, hashed) and sign-in rate-limit counters:
 * the tables better-auth reads and writes (`accounts/auth-tables.ts` maps its names onto
 * these). Then ours: memberships (a user's role in an organization) and invites.
 *
 * better-auth hands PostgreSQL `Date`s and booleans and SQLite ISO text and 0/1, so its tables'
 * time and flag columns take each dialect's native type; our own tables keep ISO text as
 * everywhere else.
 */
export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  const time: ColumnDataType = dialect === 'postgres' ? 'timestamptz' : 'text';
  const flag: ColumnDataType = dialect === 'postgres' ? 'boolean' : 'integer';

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('email', 'text', (column) => column.notNull().unique())
    .addColumn('email_verified', flag, (column) => column.notNull())
    .addColumn('image', 'text')
    .addColumn('instance_admin', flag, (column) => column.notNull())
    .addColumn('created_at', time, (column) => column.notNull())
    .addColumn('updated_at', time, (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('user_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token', 'text', (column) => column.notNull().unique())
    .addColumn('expires_at', time, (column) => column.notNull())
    .addColumn('ip_address', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', time, (column) => column.notNull())
    .addColumn('updated_at', time, (column) => column.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('accounts')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('user_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (column) => column.notNull())
    .addColumn('provider_id', 'text', (column) => column.notNull())
    .addColumn('access_token', 'text')
    .addColumn('refresh_token', 'text')
    .addColumn('id_token', 'text')
    .addColumn('access_token_expires_at', time)
    .addColumn('refresh_token_expires_at', time)
    .addColumn('scope', 'text')
    .addColumn('password', 'text')
    .addColumn('created_at', time, (column) => column.notNull())
    .addColumn('updated_at', time, (column) => column.notNull())
    .execute();
  await db.schema.createIndex('accounts_user_idx').on('accounts').column('user_id').execute();

  await db.schema
    .createTable('verifications')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('identifier', 'text', (column) => column.notNull())
    .addColumn('value', 'text', (column) => column.notNull())
    .addColumn('expires_at', time, (column) => column.notNull())
    .addColumn('created_at', time, (column) => column.notNull())
    .addColumn('updated_at', time, (column) => column.notNull())
    .execute();
  await db.schema.createIndex('verifications_identifier_idx').on('verifications').column('identifier').execute();

  await db.schema
    .createTable('rate_limits')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('key', 'text', (column) => column.notNull().unique())
    .addColumn('count', 'integer', (column) => column.notNull())
    .addColumn('last_request', 'bigint', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('memberships')
    .addColumn('org_id', 'text', (column) => column.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('memberships_pk', ['org_id', 'user_id'])
    .execute();
  // "My organizations": by user.
  await db.schema.createIndex('memberships_user_idx').on('memberships').column('user_id').execute();

  await db.schema
    .createTable('invites')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('org_id', 'text', (column) => column.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('email', 'text', (column) => column.notNull())
    .addColumn('role', 'text', (column) => column.notNull())
    // A MAC of the token under the server secret: the link is the only copy of the token.
    .addColumn('token_hash', 'text', (column) => column.notNull().unique())
    .addColumn('invited_by', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'text', (column) => column.notNull())
    .addColumn('accepted_at', 'text')
    .addColumn('accepted_by', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('invites_org_idx').on('invites').columns(['org_id', 'id']).execute();

  // Idempotency records belong to their caller, a key or now a person: no foreign key to keys, so
  // the table is made again (SQLite drops a foreign key no other way). Its rows are kept, a key's
  // id becoming the owner id the key's requests are sealed and found under: each is the answer to
  // a write a client may still be retrying (an API key creation's only copy of the new secret),
  // and without it the retry would write a second time. (This migration first dropped them; the
  // upgrade check caught it. A database past it is unchanged by the fix: the schema is the same.)
  await sql`create table idempotency_records_0016 as
    select key_id as owner_id, key_hash, fingerprint, status, response, started_at, expires_at
    from idempotency_records`.execute(db);
  await db.schema.dropTable('idempotency_records').execute();
  await db.schema
    .createTable('idempotency_records')
    .addColumn('owner_id', 'text', (column) => column.notNull())
    .addColumn('key_hash', 'text', (column) => column.notNull())
    .addColumn('fingerprint', 'text', (column) => column.notNull())
    .addColumn('status', 'integer')
    .addColumn('response', 'text')
    .addColumn('started_at', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('idempotency_records_pk', ['owner_id', 'key_hash'])
    .execute();
  await sql`insert into idempotency_records (owner_id, key_hash, fingerprint, status, response, started_at, expires_at)
    select owner_id, key_hash, fingerprint, status, response, started_at, expires_at from idempotency_records_0016`.execute(
    db,
  );
  await db.schema.dropTable('idempotency_records_0016').execute();
  await db.schema
    .createIndex('idempotency_records_expiry_idx')
    .on('idempotency_records')
    .column('expires_at')
    .execute();

  // A note written by a signed-in member names them; a key's names the key, as before.
  await db.schema.alterTable('notes').addColumn('author_user_id', 'text').execute();
}
