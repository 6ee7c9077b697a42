import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './context.js';

/**
 * Named secrets an organization's automations interpolate (`{{secrets.NAME}}`). Only the sealed
 * value is stored: AES-256-GCM under the server master secret, bound to the organization and the
 * name, so a database copy alone reveals none, and a value moved to another row does not open.
 */
export async function up(db: Kysely<unknown>, _context: MigrationContext): Promise<void> {
  await db.schema
    .createTable('organization_secrets')
    .addColumn('org_id', 'text', (column) => column.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('sealed_value', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('organization_secrets_pk', ['org_id', 'name'])
    .execute();
  // A write's idempotency record kept a plain SHA-256 of the request body as its fingerprint, which
  // confirms a guessed secret value sent to these routes; fingerprints are now MACs under the server
  // secret (lib/idempotency-crypto.ts). The old records would not match their retries, so they go:
  // they live a day, and a retry that finds none runs again (as in 0008).
  await sql`delete from idempotency_records`.execute(db);
}
