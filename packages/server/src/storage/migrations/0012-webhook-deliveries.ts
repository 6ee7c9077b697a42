import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

/**
 * Webhook deliveries (one per automation and event) and their attempts. Owned by the delivery
 * pipeline (`src/webhooks/`); see its README for the invariants.
 */
export async function up(_db: Kysely<unknown>, _context: MigrationContext): Promise<void> {
  // Filled in by the delivery pipeline.
}
