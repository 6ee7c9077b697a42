import type { Kysely, Migration, MigrationProvider } from 'kysely';
import * as initial from './0001-initial.js';
import * as outboxPendingOrder from './0002-outbox-pending-order.js';
import * as search from './0003-search.js';
import * as searchModels from './0004-search-models.js';
import * as idempotency from './0005-idempotency.js';
import * as outboxConsumers from './0006-outbox-consumers.js';
import * as feedbackIdempotencyFingerprint from './0007-feedback-idempotency-fingerprint.js';
import * as idempotencyServerSecret from './0008-idempotency-server-secret.js';
import * as embeddingsByModel from './0009-embeddings-by-model.js';
import * as organizationSecrets from './0010-organization-secrets.js';
import * as automations from './0011-automations.js';
import * as webhookDeliveries from './0012-webhook-deliveries.js';
import * as feedbackPages from './0013-feedback-pages.js';
import * as organizationTimezone from './0014-organization-timezone.js';
import * as auditLog from './0015-audit-log.js';
import * as accounts from './0016-accounts.js';
import * as feedbackAssignee from './0017-feedback-assignee.js';
import * as sso from './0018-sso.js';
import * as feedbackDailyCounts from './0019-feedback-daily-counts.js';
import * as feedbackBrandIndex from './0020-feedback-brand-index.js';
import * as pageStartedVisits from './0021-page-started-visits.js';
import * as invitesOneOpenPerEmail from './0022-invites-one-open-per-email.js';
import * as webhookDeliveriesFinishedIndex from './0023-webhook-deliveries-finished-index.js';
import * as vectorIndexOrphans from './0024-vector-index-orphans.js';
import * as feedbackTags from './0025-feedback-tags.js';
import type { MigrationContext } from './context.js';

interface DialectAwareMigration {
  up(db: Kysely<unknown>, context: MigrationContext): Promise<void>;
}

/** One history for both dialects; a migration may branch on the dialect where SQL differs. */
const MIGRATIONS: Record<string, DialectAwareMigration> = {
  '0001-initial': initial,
  '0002-outbox-pending-order': outboxPendingOrder,
  '0003-search': search,
  '0004-search-models': searchModels,
  '0005-idempotency': idempotency,
  '0006-outbox-consumers': outboxConsumers,
  '0007-feedback-idempotency-fingerprint': feedbackIdempotencyFingerprint,
  '0008-idempotency-server-secret': idempotencyServerSecret,
  '0009-embeddings-by-model': embeddingsByModel,
  '0010-organization-secrets': organizationSecrets,
  '0011-automations': automations,
  '0012-webhook-deliveries': webhookDeliveries,
  '0013-feedback-pages': feedbackPages,
  '0014-organization-timezone': organizationTimezone,
  '0015-audit-log': auditLog,
  '0016-accounts': accounts,
  '0017-feedback-assignee': feedbackAssignee,
  '0018-sso': sso,
  '0019-feedback-daily-counts': feedbackDailyCounts,
  '0020-feedback-brand-index': feedbackBrandIndex,
  '0021-page-started-visits': pageStartedVisits,
  '0022-invites-one-open-per-email': invitesOneOpenPerEmail,
  '0023-webhook-deliveries-finished-index': webhookDeliveriesFinishedIndex,
  '0024-vector-index-orphans': vectorIndexOrphans,
  '0025-feedback-tags': feedbackTags,
};

/** Migrations are bundled in code (not read from disk), so the built CLI finds them anywhere. */
export function migrationProvider(context: MigrationContext): MigrationProvider {
  return {
    async getMigrations() {
      const entries = Object.entries(MIGRATIONS).map(([name, migration]): [string, Migration] => [
        name,
        { up: (db) => migration.up(db, context) },
      ]);
      return Object.fromEntries(entries);
    },
  };
}
