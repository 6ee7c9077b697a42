import type { Kysely } from 'kysely';
import { newId } from '../../src/lib/ids.js';
import { nowIso } from '../../src/lib/time.js';
import type { AutomationsTable, DatabaseSchema } from '../../src/storage/schema.js';

/**
 * Writes an automation row directly (the automations API is another part of the work): enabled,
 * subscribed to `feedback.created`, the default envelope, unless `overrides` say otherwise. The
 * signing secret is a placeholder: the interim request is unsigned.
 */
export async function insertAutomation(
  db: Kysely<DatabaseSchema>,
  orgId: string,
  url: string,
  overrides: Partial<AutomationsTable> = {},
): Promise<AutomationsTable> {
  const now = nowIso();
  const row: AutomationsTable = {
    id: newId('automation'),
    org_id: orgId,
    kind: 'automation',
    name: 'Test automation',
    events: JSON.stringify(['feedback.created']),
    filter: '{}',
    enabled: 1,
    url,
    method: 'POST',
    headers: '{}',
    body_template: null,
    sealed_signing_secret: 'unused-by-the-interim-request',
    disabled_reason: null,
    failing_since: null,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
  await db.insertInto('automations').values(row).execute();
  return row;
}

/** The automation row as stored now. */
export function automationRow(db: Kysely<DatabaseSchema>, id: string) {
  return db.selectFrom('automations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** The deliveries of an automation in event order, with their attempts. */
export async function deliveriesOf(db: Kysely<DatabaseSchema>, automationId: string) {
  const deliveries = await db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('automation_id', '=', automationId)
    .orderBy('event_position')
    .execute();
  const attempts = await db
    .selectFrom('webhook_attempts')
    .selectAll()
    .where('delivery_id', 'in', deliveries.map((delivery) => delivery.id).concat(['none']))
    .orderBy('number')
    .execute();
  return deliveries.map((delivery) => ({
    ...delivery,
    attemptRows: attempts.filter((attempt) => attempt.delivery_id === delivery.id),
  }));
}
