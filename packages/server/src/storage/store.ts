import type { Inbox } from '../domain/organization.js';
import { CompiledInserts } from './compiled-inserts.js';
import type { Database } from './database.js';
import { VersionedCache } from './lookup-cache.js';
import { apiKeysRepository, type StoredApiKey } from './repositories/api-keys.js';
import { brandsRepository } from './repositories/brands.js';
import type { Executor } from './repositories/executor.js';
import { feedbackRepository } from './repositories/feedback.js';
import { inboxesRepository } from './repositories/inboxes.js';
import { notesRepository } from './repositories/notes.js';
import { organizationsRepository } from './repositories/organizations.js';
import { outboxRepository } from './repositories/outbox.js';
import { usageRepository } from './repositories/usage.js';

/** Caches for the lookups every `/collect` makes; only outside transactions (see createStore). */
interface LookupCaches {
  apiKeys: VersionedCache<StoredApiKey>;
  inboxes: VersionedCache<Inbox>;
}

function repositories(db: Executor, database: Database, inserts: CompiledInserts, caches?: LookupCaches) {
  return {
    organizations: organizationsRepository(db),
    brands: brandsRepository(db),
    inboxes: inboxesRepository(db, caches?.inboxes),
    apiKeys: apiKeysRepository(db, caches?.apiKeys),
    feedback: feedbackRepository(db, inserts),
    notes: notesRepository(db),
    outbox: outboxRepository(db, database.dialect, inserts),
    usage: usageRepository(db, database.dialect),
  };
}

export type Repositories = ReturnType<typeof repositories>;

export interface Store extends Repositories {
  readonly dialect: Database['dialect'];
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
    ...repositories(database.db, database, inserts, caches),
    dialect: database.dialect,
    transaction: (work) => database.db.transaction().execute((trx) => work(repositories(trx, database, inserts))),
  };
}
