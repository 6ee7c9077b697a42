import type { Generated } from 'kysely';

/**
 * Table shapes shared by both dialects. Timestamps are ISO-8601 UTC text and JSON is text,
 * so one migration history and one query layer serve SQLite and PostgreSQL alike.
 */
export interface OrganizationsTable {
  id: string;
  name: string;
  plan: string;
  created_at: string;
  updated_at: string;
}

export interface BrandsTable {
  id: string;
  org_id: string;
  name: string;
  created_at: string;
  updated_at: string;
}

export interface InboxesTable {
  id: string;
  org_id: string;
  brand_id: string | null;
  name: string;
  inbox_key: string;
  created_at: string;
  updated_at: string;
}

export interface ApiKeysTable {
  id: string;
  org_id: string;
  brand_id: string | null;
  name: string;
  /** Comma-separated scopes, e.g. `collect,read`. */
  scopes: string;
  secret_hash: string;
  /** Last four characters of the secret, so people can tell keys apart. */
  secret_hint: string;
  expires_at: string | null;
  revoked_at: string | null;
  last_used_at: string | null;
  created_at: string;
}

export interface FeedbackTable {
  id: string;
  org_id: string;
  inbox_id: string;
  /** Copied from the inbox at collection so brand-scoped reads need no join. */
  brand_id: string | null;
  type: string;
  score: number | null;
  comment: string | null;
  /** JSON object text. */
  context: string;
  source: string | null;
  status: string;
  /** JSON `{tracker, url, key}` text, or null when unlinked. */
  issue_link: string | null;
  idempotency_key: string | null;
  created_at: string;
  updated_at: string;
}

export interface NotesTable {
  id: string;
  org_id: string;
  feedback_id: string;
  body: string;
  author_key_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface OutboxTable {
  seq: Generated<number>;
  id: string;
  org_id: string;
  type: string;
  /** JSON text of the event's `data`. */
  payload: string;
  created_at: string;
  available_at: string;
  attempts: number;
  locked_until: string | null;
  processed_at: string | null;
  last_error: string | null;
}

export interface UsageTable {
  org_id: string;
  period: string;
  events: number;
  searches: number;
}

export interface IdempotencyRecordsTable {
  key_id: string;
  key_hash: string;
  fingerprint: string;
  status: number | null;
  response: string | null;
  started_at: string;
  expires_at: string;
}

export interface DatabaseSchema {
  organizations: OrganizationsTable;
  brands: BrandsTable;
  inboxes: InboxesTable;
  api_keys: ApiKeysTable;
  feedback: FeedbackTable;
  notes: NotesTable;
  outbox: OutboxTable;
  usage: UsageTable;
  idempotency_records: IdempotencyRecordsTable;
}
