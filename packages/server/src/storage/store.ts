import type { Inbox } from '../domain/organization.js';
import { CompiledInserts } from './compiled-inserts.js';
import type { Database } from './database.js';
import type { DialectAdapter } from './dialect.js';
import type { VersionedCache } from './lookup-cache.js';
import { apiKeysRepository, type StoredApiKey } from './repositories/api-keys.js';
import { auditLogRepository } from './repositories/audit-log.js';
import { automationsRepository } from './repositories/automations.js';
import { brandsRepository } from './repositories/brands.js';
import { captchaChallengesRepository } from './repositories/captcha-challenges.js';
import type { CollectInsertRepository } from './repositories/collect-insert.js';
import type { CollectLookup } from './repositories/collect-lookup.js';
import { deletionsRepository } from './repositories/deletions.js';
import { embeddingBacklogRepository } from './repositories/embedding-backlog.js';
import { embeddingsRepository } from './repositories/embeddings.js';
import type { Executor } from './repositories/executor.js';
import { feedbackRepository } from './repositories/feedback.js';
import { feedbackPagesRepository } from './repositories/feedback-pages.js';
import { feedbackRollupReadsRepository } from './repositories/feedback-rollup-reads.js';
import { feedbackRollupsRepository } from './repositories/feedback-rollups.js';
import { feedbackStatsRepository } from './repositories/feedback-stats.js';
import { feedbackTagsRepository } from './repositories/feedback-tags.js';
import { feedbackTrendsRepository } from './repositories/feedback-trends.js';
import { fullTextRepository } from './repositories/full-text.js';
import { idempotencyRepository } from './repositories/idempotency.js';
import { inboxesRepository } from './repositories/inboxes.js';
import { invitesRepository } from './repositories/invites.js';
import { membersRepository } from './repositories/members.js';
import { notesRepository } from './repositories/notes.js';
import { organizationSecretsRepository } from './repositories/organization-secrets.js';
import { organizationsRepository } from './repositories/organizations.js';
import { outboxRepository } from './repositories/outbox.js';
import { pageAnalyticsRepository } from './repositories/page-analytics.js';
import { pageResponsesRepository } from './repositories/page-responses.js';
import { rateLimitsRepository } from './repositories/rate-limits.js';
import { restHooksRepository } from './repositories/rest-hooks.js';
import { savedViewsRepository } from './repositories/saved-views.js';
import { sealedValuesRepository } from './repositories/sealed-values.js';
import { searchModelsRepository } from './repositories/search-models.js';
import { ssoRepository } from './repositories/sso.js';
import { usageRepository } from './repositories/usage.js';
import { webhookDeliveriesRepository } from './repositories/webhook-deliveries.js';

/** Caches for the lookups every `/collect` makes; only outside transactions (see createStore). */
interface LookupCaches {
  apiKeys: VersionedCache<StoredApiKey> | undefined;
  inboxes: VersionedCache<Inbox> | undefined;
}

/** `caches` only for the store itself: inside a transaction every lookup must read. */
function repositories(db: Executor, dialect: DialectAdapter, inserts: CompiledInserts, caches?: LookupCaches) {
  return {
    organizations: organizationsRepository(db, dialect),
    brands: brandsRepository(db),
    inboxes: inboxesRepository(db, caches?.inboxes),
    apiKeys: apiKeysRepository(db, caches?.apiKeys),
    feedback: feedbackRepository(db, dialect, inserts),
    feedbackTags: feedbackTagsRepository(db),
    feedbackStats: feedbackStatsRepository(db),
    feedbackTrends: feedbackTrendsRepository(db, dialect),
    feedbackRollups: feedbackRollupsRepository(db, dialect.dailyCountLocks, inserts),
    feedbackRollupReads: feedbackRollupReadsRepository(db),
    notes: notesRepository(db),
    embeddings: embeddingsRepository(db, dialect),
    fullText: fullTextRepository(db, dialect),
    idempotency: idempotencyRepository(db),
    outbox: outboxRepository(db, dialect, inserts),
    usage: usageRepository(db, dialect),
    embeddingBacklog: embeddingBacklogRepository(db, dialect.vectorIndex),
    searchModels: searchModelsRepository(db),
    deletions: deletionsRepository(db, dialect),
    restHooks: restHooksRepository(db),
    organizationSecrets: organizationSecretsRepository(db),
    sealedValues: sealedValuesRepository(db),
    automations: automationsRepository(db),
    webhookDeliveries: webhookDeliveriesRepository(db, dialect),
    feedbackPages: feedbackPagesRepository(db, dialect),
    pageResponses: pageResponsesRepository(db, dialect),
    pageAnalytics: pageAnalyticsRepository(db, dialect),
    captchaChallenges: captchaChallengesRepository(db),
    auditLog: auditLogRepository(db),
    savedViews: savedViewsRepository(db),
    members: membersRepository(db),
    invites: invitesRepository(db),
    rateLimits: rateLimitsRepository(db),
    sso: ssoRepository(db),
  };
}

export type Repositories = ReturnType<typeof repositories>;

export interface Store extends Repositories {
  /** The key and inbox reads of every `/collect` (never part of a transaction). */
  readonly collectLookup: CollectLookup;
  /**
   * PostgreSQL only: `/collect` items of uncapped organizations in one statement, no transaction
   * around it (so never part of one; see collect-insert.ts).
   */
  readonly collectInsert?: CollectInsertRepository | undefined;
  /** Runs `work` in one transaction: every write in it commits together or not at all. */
  transaction<T>(work: (tx: Repositories) => Promise<T>): Promise<T>;
}

/** The services' only door to the database. */
export function createStore(database: Database): Store {
  const { db, dialect } = database;
  // Shared by the store and its transactions: the compiled SQL depends on the dialect alone.
  const inserts = new CompiledInserts();
  const own = repositories(db, dialect, inserts, {
    apiKeys: dialect.lookupCache<StoredApiKey>(),
    inboxes: dialect.lookupCache<Inbox>(),
  });
  return {
    ...own,
    collectLookup: dialect.collectLookup({
      findKey: (id) => own.apiKeys.findForAuthentication(id),
      findInbox: (inboxKey) => own.inboxes.findByKey(inboxKey),
    }),
    collectInsert: dialect.collectInsert,
    transaction: (work) => db.transaction().execute((trx) => work(repositories(trx, dialect, inserts))),
  };
}
