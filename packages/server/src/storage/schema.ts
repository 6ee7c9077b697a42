import type { Generated } from 'kysely';

/**
 * Table shapes shared by both dialects. Timestamps are ISO-8601 UTC text and JSON is text,
 * so one migration history and one query layer serve SQLite and PostgreSQL alike.
 */
export interface OrganizationsTable {
  id: string;
  name: string;
  /** Unique; names the organization in public page URLs (`/f/:orgSlug/:pageSlug`). */
  slug: string;
  plan: string;
  /** IANA time zone name; trends count calendar days, weeks and months in it. */
  timezone: string;
  created_at: string;
  updated_at: string;
}

export interface FeedbackPagesTable {
  id: string;
  org_id: string;
  brand_id: string | null;
  slug: string;
  title: string;
  description: string | null;
  /** JSON array of questions. */
  questions: string;
  /** JSON object of settings. */
  settings: string;
  state: string;
  version: number;
  published_at: string | null;
  closed_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface FeedbackPageVersionsTable {
  page_id: string;
  version: number;
  questions: string;
  created_at: string;
}

export interface PageResponsesTable {
  id: string;
  org_id: string;
  page_id: string;
  brand_id: string | null;
  page_version: number;
  /** JSON object: question id → normalised answer. */
  answers: string;
  contact: string | null;
  context: string | null;
  channel: string;
  ip_address: string | null;
  user_agent: string | null;
  respondent_hash: string | null;
  created_at: string;
}

export interface PageDailyCountsTable {
  page_id: string;
  day: string;
  views: number;
  starts: number;
}

/**
 * Feedback counted per day in the organization's time zone, by every dimension trends filter or
 * group on (migration 0019; kept by storage/repositories/feedback-rollups.ts). Key columns are
 * never null, so an upsert finds its row on both dialects.
 */
export interface FeedbackDailyCountsTable {
  org_id: string;
  /** `YYYY-MM-DD` in the organization's time zone. */
  day: string;
  inbox_id: string;
  type: string;
  /** The items' score; -1 for items without one (scores are never negative). */
  score: number;
  /** 1 when the items have a source, 0 when not (then `source` is ''). */
  has_source: number;
  source: string;
  count: number;
}

/**
 * {@link FeedbackDailyCountsTable} summed over scores and sources: the few rows a day that trends
 * without score or source filters read (migration 0019). The figures are the stats' (TypeAggregate).
 */
export interface FeedbackDailyTotalsTable {
  org_id: string;
  day: string;
  inbox_id: string;
  type: string;
  count: number;
  scored: number;
  score_sum: number;
  at_least_9: number;
  at_most_6: number;
  at_least_4: number;
}

/** A visit whose start was counted (migration 0021): once per visit, on the view's day. */
export interface PageStartedVisitsTable {
  visit: string;
  page_id: string;
  day: string;
}

export interface CaptchaSpentChallengesTable {
  challenge: string;
  expires_at: string;
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
  /** The member the item is assigned to (0017); null when unassigned. */
  assignee_id: string | null;
  idempotency_key: string | null;
  /** What was submitted under `idempotency_key`, to tell a retry from a reuse; null before 0007. */
  idempotency_fingerprint: string | null;
  created_at: string;
  updated_at: string;
}

/** A feedback item's tag (0025), normalized; an item's rows go with it (foreign key, cascade). */
export interface FeedbackTagsTable {
  feedback_id: string;
  org_id: string;
  tag: string;
  created_at: string;
}

export interface NotesTable {
  id: string;
  org_id: string;
  feedback_id: string;
  body: string;
  author_key_id: string | null;
  /** Set when a signed-in member wrote it (migration 0016). */
  author_user_id: string | null;
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
  /** PostgreSQL only: the writing transaction's id (xid8, as text); see migration 0006. */
  tx?: Generated<string>;
}

/** Where each consumer of the outbox stands; see migration 0006. */
export interface OutboxConsumersTable {
  consumer: string;
  position_tx: string;
  position_seq: number;
  attempts: number;
  leased_until: string | null;
  lease_token: string | null;
  updated_at: string;
}

/** Events a consumer failed to handle, due again at `available_at`. */
export interface OutboxRetriesTable {
  consumer: string;
  event_seq: number;
  attempts: number;
  available_at: string;
  locked_until: string | null;
  last_error: string | null;
}

export interface UsageTable {
  org_id: string;
  period: string;
  events: number;
  searches: number;
}

export interface IdempotencyRecordsTable {
  /** The caller the record belongs to: an API key's id or a user's (migration 0016). */
  owner_id: string;
  key_hash: string;
  fingerprint: string;
  status: number | null;
  response: string | null;
  started_at: string;
  expires_at: string;
}

/** See migration 0010. */
export interface OrganizationSecretsTable {
  org_id: string;
  name: string;
  sealed_value: string;
  created_at: string;
  updated_at: string;
}

/** See migration 0011. */
export interface AutomationsTable {
  id: string;
  org_id: string;
  /** `automation` (made through the automations API) or `rest_hook` (an automation platform's subscription). */
  kind: string;
  name: string;
  /** JSON array of event types. */
  events: string;
  /** JSON object of the filter. */
  filter: string;
  /** 0 or 1. */
  enabled: number;
  url: string;
  method: string;
  /** JSON object of header templates. */
  headers: string;
  /** JSON text of the body template; null sends the default envelope. */
  body_template: string | null;
  sealed_signing_secret: string;
  disabled_reason: string | null;
  failing_since: string | null;
  created_at: string;
  updated_at: string;
}

/** See migration 0012: one automation's delivery of one event. */
export interface WebhookDeliveriesTable {
  id: string;
  org_id: string;
  automation_id: string;
  event_id: string;
  event_type: string;
  /** The event's place in the outbox log as sortable text (see deliveryOrderKey). */
  event_position: string;
  event_timestamp: string;
  /** JSON text of the event's `data`. */
  payload: string;
  status: string;
  attempts: number;
  round_attempts: number;
  next_attempt_at: string | null;
  leased_until: string | null;
  lease_token: string | null;
  last_outcome: string | null;
  last_status_code: number | null;
  created_at: string;
  updated_at: string;
}

/** See migration 0012: one HTTP attempt of a delivery. */
export interface WebhookAttemptsTable {
  delivery_id: string;
  number: number;
  attempted_at: string;
  outcome: string;
  status_code: number | null;
  latency_ms: number;
  error: string | null;
  response_excerpt: string | null;
}

/** One change to an organization's resources: who, what, which, when (migration 0015). */
export interface AuditLogTable {
  id: string;
  org_id: string;
  at: string;
  /** api_key | user | system */
  actor_type: string;
  actor_id: string;
  action: string;
  resource_type: string;
  resource_id: string;
  /** JSON object: the fields changed and plain facts, never secret values. */
  details: string;
  /** The feedback item the entry is about, for its activity (0017); null for other resources. */
  subject_id: string | null;
}

/** A named set of feedback list filters (migration 0015). */
export interface SavedViewsTable {
  id: string;
  org_id: string;
  /** A brand-scoped key's views belong to its brand; null: the organization's. */
  brand_id: string | null;
  name: string;
  /** JSON object: the feedback list's filters. */
  filters: string;
  created_at: string;
  updated_at: string;
}

/**
 * A person (migration 0016); better-auth writes it (`accounts/auth-tables.ts`), we read it. Its
 * flags are booleans on PostgreSQL and 0/1 on SQLite, its times `Date`s or ISO text.
 */
export interface UsersTable {
  id: string;
  name: string;
  email: string;
  email_verified: boolean | number;
  image: string | null;
  instance_admin: boolean | number;
  created_at: Date | string;
  updated_at: Date | string;
}

/** A user's sessions (better-auth's); we read them only to end a stream whose session ended. */
export interface SessionsTable {
  id: string;
  user_id: string;
  token: string;
  expires_at: Date | string;
}

/**
 * Request counters by client (better-auth's, migration 0016), shared with our own public token
 * endpoints under keys of their own (`repositories/rate-limits.ts`).
 */
export interface RateLimitsTable {
  id: string;
  key: string;
  count: number;
  /** Milliseconds since the epoch (bigint: PostgreSQL answers it as text). */
  last_request: number | string;
}

/** A user's role in an organization (migration 0016). */
export interface MembershipsTable {
  org_id: string;
  user_id: string;
  role: string;
  created_at: string;
  updated_at: string;
}

/** An invitation to an organization (migration 0016); its token is only in the link. */
export interface InvitesTable {
  id: string;
  org_id: string;
  email: string;
  role: string;
  token_hash: string;
  /** The user who invited. */
  invited_by: string;
  created_at: string;
  expires_at: string;
  accepted_at: string | null;
  accepted_by: string | null;
  revoked_at: string | null;
}

/** An organization's OpenID Connect provider (migration 0018); the client secret sealed. */
export interface SsoConnectionsTable {
  org_id: string;
  issuer: string;
  client_id: string;
  sealed_client_secret: string;
  default_role: string;
  created_at: string;
  updated_at: string;
}

/** An email domain an organization's SSO vouches for, once its DNS record proves it (migration 0018). */
export interface SsoDomainsTable {
  org_id: string;
  domain: string;
  token: string;
  created_at: string;
  verified_at: string | null;
}

export interface DatabaseSchema {
  sso_connections: SsoConnectionsTable;
  sso_domains: SsoDomainsTable;
  users: UsersTable;
  sessions: SessionsTable;
  rate_limits: RateLimitsTable;
  memberships: MembershipsTable;
  invites: InvitesTable;
  organizations: OrganizationsTable;
  feedback_pages: FeedbackPagesTable;
  feedback_page_versions: FeedbackPageVersionsTable;
  page_responses: PageResponsesTable;
  page_daily_counts: PageDailyCountsTable;
  feedback_daily_counts: FeedbackDailyCountsTable;
  feedback_daily_totals: FeedbackDailyTotalsTable;
  captcha_spent_challenges: CaptchaSpentChallengesTable;
  page_started_visits: PageStartedVisitsTable;
  brands: BrandsTable;
  inboxes: InboxesTable;
  api_keys: ApiKeysTable;
  feedback: FeedbackTable;
  feedback_tags: FeedbackTagsTable;
  notes: NotesTable;
  outbox: OutboxTable;
  outbox_consumers: OutboxConsumersTable;
  outbox_retries: OutboxRetriesTable;
  usage: UsageTable;
  idempotency_records: IdempotencyRecordsTable;
  organization_secrets: OrganizationSecretsTable;
  automations: AutomationsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  audit_log: AuditLogTable;
  saved_views: SavedViewsTable;
}
