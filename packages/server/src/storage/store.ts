import type { Inbox } from '../domain/organization.js';
import { CompiledInserts } from './compiled-inserts.js';
import type { Database } from './database.js';
import { VersionedCache } from './lookup-cache.js';
import { apiKeysRepository, type StoredApiKey } from './repositories/api-keys.js';
import { brandsRepository } from './repositories/brands.js';
import { type CollectInsertRepository, collectInsertRepository } from './repositories/collect-insert.js';
import { collectLookupRepository } from './repositories/collect-lookup.js';
import { deletionsRepository } from './repositories/deletions.js';
import { embeddingBacklogRepository } from './repositories/embedding-backlog.js';
import { embeddingsRepository, vecTablesFor } from './repositories/embeddings.js';
import type { Executor } from './repositories/executor.js';
import { feedbackRepository } from './repositories/feedback.js';
import { feedbackStatsRepository } from './repositories/feedback-stats.js';
import { fullTextRepository } from './repositories/full-text.js';
import { idempotencyRepository } from './repositories/idempotency.js';
import { inboxesRepository } from './repositories/inboxes.js';
import { notesRepository } from './repositories/notes.js';
import { organizationsRepository } from './repositories/organizations.js';
import { outboxRepository, type RelayWrites } from './repositories/outbox.js';
import { searchModelsRepository } from './repositories/search-models.js';
import { usageRepository } from './repositories/usage.js';

/** Caches for the lookups every `/collect` makes; only outside transactions (see createStore). */
interface LookupCaches {
  apiKeys: VersionedCache<StoredApiKey>;
  inboxes: VersionedCache<Inbox>;
}

/** `caches` and `relayWrites` only for the store itself: both would be wrong inside a transaction. */
function repositories(
  db: Executor,
  database: Database,
  inserts: CompiledInserts,
  caches?: LookupCaches,
  relayWrites?: RelayWrites,
) {
  const inboxes = inboxesRepository(db, caches?.inboxes);
  const apiKeys = apiKeysRepository(db, caches?.apiKeys);
  return {
    organizations: organizationsRepository(db),
    brands: brandsRepository(db),
    inboxes,
    apiKeys,
    // Prepared statements run on the pool, so never inside a transaction (it has its connection).
    collectLookup: collectLookupRepository(db, db === database.db ? database : {}, {
      findKey: (id) => apiKeys.findForAuthentication(id),
      findInbox: (inboxKey) => inboxes.findByKey(inboxKey),
    }),
    feedback: feedbackRepository(db, inserts),
    feedbackStats: feedbackStatsRepository(db),
    notes: notesRepository(db),
    embeddings: embeddingsRepository(db, database.dialect, vecTablesFor(database)),
    fullText: fullTextRepository(db, database.dialect),
    idempotency: idempotencyRepository(db),
    outbox: outboxRepository(db, database.dialect, inserts, relayWrites),
    usage: usageRepository(db, database.dialect, relayWrites),
    embeddingBacklog: embeddingBacklogRepository(db, database.dialect, vecTablesFor(database)),
    searchModels: searchModelsRepository(db),
    deletions: deletionsRepository(db, database.dialect),
  };
}

export type Repositories = ReturnType<typeof repositories>;

export interface Store extends Repositories {
  readonly dialect: Database['dialect'];
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
  // Shared by the store and its transactions: the compiled SQL depends on the dialect alone.
  const inserts = new CompiledInserts();
  const { changeVersion } = database;
  const caches = changeVersion && {
    apiKeys: new VersionedCache<StoredApiKey>(changeVersion),
    inboxes: new VersionedCache<Inbox>(changeVersion),
  };
  return {
    ...repositories(database.db, database, inserts, caches, database.unsynced),
    dialect: database.dialect,
    collectInsert: collectInsertRepository(database),
    transaction: (work) => database.db.transaction().execute((trx) => work(repositories(trx, database, inserts))),
  };
}
