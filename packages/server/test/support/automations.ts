import type { Kysely } from 'kysely';
import { newId } from '../../src/lib/ids.js';
import { nowIso } from '../../src/lib/time.js';
import type { Runtime } from '../../src/runtime.js';
import { newSigningSecret, sealSigningSecret } from '../../src/secrets/sealed-values.js';
import type { AutomationsTable, DatabaseSchema } from '../../src/storage/schema.js';
import { deliveryPreparer } from '../../src/webhooks/prepare-delivery.js';
import { GuardedWebhookSender } from '../../src/webhooks/sender.js';

/** A valid `POST …/automations` body; `overrides` replace members (undefined removes one). */
export function automationInput(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Detractors to Slack',
    events: ['feedback.created'],
    webhook: { url: 'https://hooks.example.com/hearback' },
    ...overrides,
  };
}

/**
 * Writes an automation row directly, as the automations API stores one (its plan gate and
 * validation aside): enabled, subscribed to `feedback.created`, the default envelope, unless
 * `overrides` say otherwise; with a real signing secret, sealed, and returned for verification.
 */
export async function insertAutomation(
  runtime: Pick<Runtime, 'database' | 'secrets'>,
  orgId: string,
  url: string,
  overrides: Partial<AutomationsTable> = {},
): Promise<AutomationsTable & { signingSecret: string }> {
  const now = nowIso();
  const id = overrides.id ?? newId('automation');
  const signingSecret = newSigningSecret();
  const row: AutomationsTable = {
    id,
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
    sealed_signing_secret: sealSigningSecret(runtime.secrets, id, signingSecret),
    disabled_reason: null,
    failing_since: null,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
  await runtime.database.db.insertInto('automations').values(row).execute();
  return { ...row, signingSecret };
}

/** Where tests let the SSRF guard through: their receivers listen on 127.0.0.1. */
export const TEST_ALLOWED_CIDRS = ['127.0.0.0/8'];

/** The runtime's own renderer and signer, and a guarded sender that lets 127.0.0.1 through. */
export function testDeliveryParts(runtime: Pick<Runtime, 'secrets' | 'services'>, timeoutMs?: number) {
  return {
    sender: new GuardedWebhookSender({ allowedCidrs: TEST_ALLOWED_CIDRS, timeoutMs }),
    prepare: deliveryPreparer({
      secrets: runtime.secrets,
      secretValues: (orgId) => runtime.services.organizationSecrets.valuesFor(orgId),
    }),
  };
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
