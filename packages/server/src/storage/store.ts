import type { Database } from './database.js';
import { apiKeysRepository } from './repositories/api-keys.js';
import { brandsRepository } from './repositories/brands.js';
import type { Executor } from './repositories/executor.js';
import { feedbackRepository } from './repositories/feedback.js';
import { inboxesRepository } from './repositories/inboxes.js';
import { notesRepository } from './repositories/notes.js';
import { organizationsRepository } from './repositories/organizations.js';
import { outboxRepository } from './repositories/outbox.js';
import { usageRepository } from './repositories/usage.js';

function repositories(db: Executor, database: Database) {
  return {
    organizations: organizationsRepository(db),
    brands: brandsRepository(db),
    inboxes: inboxesRepository(db),
    apiKeys: apiKeysRepository(db),
    feedback: feedbackRepository(db),
    notes: notesRepository(db),
    outbox: outboxRepository(db, database.dialect),
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
  return {
    ...repositories(database.db, database),
    dialect: database.dialect,
    transaction: (work) => database.db.transaction().execute((trx) => work(repositories(trx, database))),
  };
}
