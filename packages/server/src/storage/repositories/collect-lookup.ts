import type { Inbox } from '../../domain/organization.js';
import type { RunPrepared } from '../postgres/run-prepared.js';
import type { ApiKeysTable, InboxesTable } from '../schema.js';
import { type StoredApiKey, toApiKey } from './api-keys.js';
import type { Executor } from './executor.js';
import { toInbox } from './inboxes.js';

export interface KeyAndInbox {
  key: StoredApiKey | undefined;
  /** Looked up whatever the key's organization: the caller decides whether the key may see it. */
  inbox: Inbox | undefined;
}

/** The cached repository lookups (see DialectAdapter.lookupCache). */
export interface CollectFinders {
  findKey(id: string): Promise<StoredApiKey | undefined>;
  findInbox(inboxKey: string): Promise<Inbox | undefined>;
}

const INBOX_COLUMNS = ['id', 'org_id', 'brand_id', 'name', 'inbox_key', 'created_at', 'updated_at'] as const;
const STATEMENT_NAME = 'hearback_collect_lookup';

/**
 * The two reads every `POST /collect` makes before its batch: the API key (read afresh every time,
 * so a revocation holds from the next request on) and the inbox.
 *
 * @example
 * const { key, inbox } = await store.collectLookup.keyAndInbox('key_01J…', 'ibx_…');
 */
export interface CollectLookup {
  keyAndInbox(keyId: string, inboxKey: string): Promise<KeyAndInbox>;
}

/** SQLite's: the two repository lookups, which are served from the version-checked caches. */
export function collectLookupByFinders(finders: CollectFinders): CollectLookup {
  return {
    async keyAndInbox(keyId, inboxKey) {
      const key = await finders.findKey(keyId);
      return { key, inbox: key && (await finders.findInbox(inboxKey)) };
    },
  };
}

/**
 * PostgreSQL's: one round trip, a single prepared statement, the inbox left-joined to the key by
 * its inbox key. Never inside a transaction (the statement runs on any connection of the pool).
 */
export function preparedCollectLookup(db: Executor, runPrepared: RunPrepared): CollectLookup {
  let statement: { sql: string; order: ('key' | 'inbox')[] } | undefined;
  // Lookups of one event-loop turn, by key id and inbox key. Every request handled in a turn had
  // arrived before the turn began, and a query sent during it reads a state at least that new:
  // so requests of one turn may share one query (a revocation still holds from the next request
  // on), and under load one round trip serves the many requests a client sends with one key.
  let turn: Map<string, Promise<KeyAndInbox>> | undefined;
  const lookup = async (keyId: string, inboxKey: string): Promise<KeyAndInbox> => {
    statement ??= compileLookup(db);
    const values = statement.order.map((which) => (which === 'key' ? keyId : inboxKey));
    const [row] = await runPrepared(STATEMENT_NAME, statement.sql, values);
    if (!row) return { key: undefined, inbox: undefined };
    const inbox =
      row.inbox_id === null || row.inbox_id === undefined
        ? undefined
        : toInbox(
            Object.fromEntries(
              INBOX_COLUMNS.map((column) => [column, row[`inbox_${column}`]]),
            ) as unknown as InboxesTable,
          );
    return { key: toApiKey(row as unknown as ApiKeysTable), inbox };
  };
  return {
    keyAndInbox(keyId, inboxKey) {
      if (!turn) {
        turn = new Map();
        setImmediate(() => {
          turn = undefined;
        });
      }
      const id = `${keyId} ${inboxKey}`;
      let found = turn.get(id);
      if (!found) {
        found = lookup(keyId, inboxKey);
        turn.set(id, found);
      }
      return found;
    },
  };
}

function compileLookup(db: Executor): { sql: string; order: ('key' | 'inbox')[] } {
  const KEY_SENTINEL = '\u0000key';
  const INBOX_SENTINEL = '\u0000inbox';
  const compiled = db
    .selectFrom('api_keys as k')
    .leftJoin('inboxes as i', (join) => join.on('i.inbox_key', '=', INBOX_SENTINEL))
    .selectAll('k')
    .select(INBOX_COLUMNS.map((column) => `i.${column} as inbox_${column}` as const))
    .where('k.id', '=', KEY_SENTINEL)
    .compile();
  // The parameters' order is fixed by the SQL text; each call's values are mapped onto it.
  const order = compiled.parameters.map((parameter) => {
    if (parameter === KEY_SENTINEL) return 'key' as const;
    if (parameter === INBOX_SENTINEL) return 'inbox' as const;
    throw new Error('collect lookup: unexpected parameter in the compiled SQL');
  });
  return { sql: compiled.sql, order };
}
