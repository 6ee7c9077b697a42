import type {
  FeedbackActivity,
  FeedbackThemes,
  FeedbackTrends,
  PageAnalytics,
  PageQuestionBreakdown,
  ServerFeatures,
  ThemeFeedbackPage,
} from '@hearback/client';
import type { AnswerValue, PageState, QuestionType } from '@hearback/forms';
import type { FeedbackStatus, FeedbackType, SearchMode } from '@hearback/spec';

/** What a Hearback server offers that another may not (`GET /me`'s `features`: `semanticSearch`). */
export type { ServerFeatures };

/** The key a backend acts for, as `GET /me` shows it: its scopes, and its brand when it is brand-scoped. */
export interface KeyAccess {
  scopes: readonly string[];
  brandId: string | null;
  /**
   * The server's features, when the backend knows them: `tools/list` then leaves out the tools the
   * server cannot serve (the theme tools with semantic search off).
   */
  features?: ServerFeatures | undefined;
}

/**
 * What the Hearback MCP tools need from a Hearback server. The server implements it with its
 * services (bound to the caller's API key); the `hearback-mcp` stdio binary implements it over
 * HTTP with `@hearback/client`. Implementations enforce the key's scopes and brand exactly as the
 * REST API does, and signal refusals by throwing a {@link HearbackToolError}.
 */
export interface HearbackBackend {
  /**
   * The scopes and brand of the key the backend acts for (`GET /me`'s `scopes` and `brandId`):
   * `tools/list` then lists only the tools the key may call (one of its scopes lets it, and a
   * brand-scoped key is not shown organization-wide ones). Optional: without it every tool is
   * listed, and when it fails (the server unreachable) too. Calls are checked as always, listed or not.
   */
  keyAccess?(): Promise<KeyAccess>;
  listInboxes(page: PageRequest): Promise<Page<InboxRecord>>;
  /** One inbox by id (`read` scope). */
  getInbox(id: string): Promise<InboxRecord>;
  listBrands(page: PageRequest): Promise<Page<BrandRecord>>;
  /** Newest first, with the filters of `GET /organizations/{orgId}/feedback` (`read` scope). */
  listFeedback(filters: FeedbackFilters, page: PageRequest): Promise<Page<FeedbackRecord>>;
  getFeedback(id: string): Promise<FeedbackRecord>;
  /** `GET /organizations/{orgId}/feedback/stats` (`read` scope). */
  getFeedbackStats(filters: StatsFilters): Promise<FeedbackStatsRecord>;
  /** `GET /organizations/{orgId}/feedback/trends` (`read` scope), in the organization's time zone. */
  getFeedbackTrends(query: TrendsQuery): Promise<FeedbackTrendsRecord>;
  /**
   * `GET /organizations/{orgId}/feedback/themes` (`read` scope): the period's recurring topics.
   * Optional: the `get_feedback_themes` tool is offered only by backends that implement it (the
   * server's needs semantic search on).
   */
  getFeedbackThemes?(query: ThemesQuery): Promise<FeedbackThemesRecord>;
  /**
   * `GET /organizations/{orgId}/feedback/themes/{themeId}/feedback` (`read` scope): a page of one
   * theme's items, newest first, the period's themes found anew with the same period and filters.
   * Optional, like {@link getFeedbackThemes}: the `get_theme_feedback` tool is offered only by
   * backends that implement it.
   */
  listThemeFeedback?(themeId: string, filters: StatsFilters, page: PageRequest): Promise<ThemeFeedbackRecord>;
  /** `POST /collect` (`collect` scope); counts against the plan's monthly events. */
  submitFeedback(input: SubmitFeedbackInput): Promise<{ id: string }>;
  /**
   * `GET /organizations/{orgId}/feedback/{id}/activity` (`read` scope): the item's changes, oldest
   * first, by whom. Optional: the `get_feedback_activity` tool is offered only by backends that
   * implement it.
   */
  getFeedbackActivity?(id: string, page: PageRequest): Promise<Page<FeedbackActivityRecord>>;
  /** `PATCH /organizations/{orgId}/feedback/{id}` with a status, tags or both (`write` or `triage` scope). */
  updateFeedback(id: string, changes: FeedbackChanges): Promise<FeedbackRecord>;
  /**
   * `POST /organizations/{orgId}/search` (`read` scope): by meaning and words, best first; counts
   * against the plan's monthly search queries. Optional: the `search_feedback` tool is offered
   * only by backends that implement it.
   */
  searchFeedback?(request: SearchRequest): Promise<SearchResults>;
  /**
   * `GET /organizations/{orgId}/automations` (`read` scope; organization-wide keys only), oldest
   * first. Optional: the `list_automations` tool is offered only by backends that implement it.
   */
  listAutomations?(page: PageRequest): Promise<Page<AutomationRecord>>;
  /**
   * `GET /organizations/{orgId}/automations/{automationId}/deliveries` (`read` scope; organization-wide
   * keys only), newest first, `status` narrowing them. Optional, like {@link listAutomations}.
   */
  listDeliveries?(
    automationId: string,
    status: DeliveryStatus | undefined,
    page: PageRequest,
  ): Promise<Page<DeliveryRecord>>;
  /**
   * `GET /organizations/{orgId}/feedback-pages` (`read` or `forms` scope), oldest first, `state`
   * narrowing them. Optional: the feedback-page tools are offered only by backends that implement
   * their methods.
   */
  listFeedbackPages?(filters: { state?: PageState | undefined }, page: PageRequest): Promise<Page<FeedbackPageRecord>>;
  /** `GET …/feedback-pages/{pageId}/analytics` (`read` or `forms` scope); days as `YYYY-MM-DD`, both included. */
  getPageAnalytics?(pageId: string, range: DayRangeRequest): Promise<PageAnalyticsRecord>;
  /** `GET …/feedback-pages/{pageId}/responses` (`read` or `forms` scope), newest first. */
  listPageResponses?(
    pageId: string,
    filters: { from?: string | undefined; to?: string | undefined },
    page: PageRequest,
  ): Promise<Page<PageResponseRecord>>;
}

/** Days in the organization's time zone, `YYYY-MM-DD`, both included; the server's defaults when left out (the last 30 days). */
export interface DayRangeRequest {
  from?: string | undefined;
  to?: string | undefined;
}

/** A feedback page as the REST API shows it (the members the tools read). */
export interface FeedbackPageRecord {
  id: string;
  brandId: string | null;
  slug: string;
  title: string;
  state: PageState;
  version: number;
  questions: {
    id: string;
    type: QuestionType;
    title: string;
    required?: boolean | undefined;
    options?: { value: string; label: string }[] | undefined;
  }[];
  publishedAt: string | null;
  closedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A response to a feedback page (the members the tools read: nothing of the respondent's address or browser). */
export interface PageResponseRecord {
  id: string;
  pageId: string;
  pageVersion: number;
  answers: Record<string, AnswerValue>;
  contact: { name?: string | undefined; email?: string | undefined } | null;
  channel: string;
  createdAt: string;
}

/** One question's figures in {@link PageAnalyticsRecord}. */
export type QuestionBreakdownRecord = PageQuestionBreakdown;

/** `GET …/feedback-pages/{pageId}/analytics`. */
export type PageAnalyticsRecord = PageAnalytics;

/** Where a webhook delivery stands. */
export type DeliveryStatus = 'pending' | 'delivering' | 'succeeded' | 'failed';

/** One automation's delivery of one event, as the delivery log shows it (the members the tools read). */
export interface DeliveryRecord {
  id: string;
  eventId: string;
  eventType: string;
  status: DeliveryStatus;
  attempts: {
    at: string;
    statusCode: number | null;
    latencyMs: number;
    outcome: string;
    error: string | null;
    responseExcerpt: string | null;
  }[];
  nextAttemptAt: string | null;
  createdAt: string;
}

export type { FeedbackStatus, FeedbackType, SearchMode } from '@hearback/spec';

export interface PageRequest {
  limit: number;
  cursor?: string | undefined;
}

export interface Page<T> {
  data: T[];
  nextCursor: string | null;
}

export interface StatsFilters {
  type?: FeedbackType | undefined;
  /**
   * As given (the server reads them): a date-time with offset is an instant, a date (`2026-11-01`)
   * that day in the organization's time zone, `from` from its start and `to` to its end.
   */
  from?: string | undefined;
  to?: string | undefined;
  inboxId?: string | undefined;
  /** Only feedback of this brand's inboxes. */
  brandId?: string | undefined;
  source?: string | undefined;
  status?: FeedbackStatus | undefined;
}

/** What `update_feedback_status` changes: the members given. */
export interface FeedbackChanges {
  status?: FeedbackStatus | undefined;
  /** The whole set of tags: replaces the item's (`[]` clears them). */
  tags?: string[] | undefined;
}

export interface FeedbackFilters extends StatsFilters {
  scoreMin?: number | undefined;
  scoreMax?: number | undefined;
  /** Case-insensitive substring of the comment. */
  q?: string | undefined;
  /** Items assigned to this member (a user id). */
  assigneeId?: string | undefined;
  /** `true`: items assigned to nobody. */
  unassigned?: boolean | undefined;
  /** Items carrying every one of these tags. */
  tag?: string[] | undefined;
}

export interface InboxRecord {
  id: string;
  brandId: string | null;
  name: string;
  inboxKey: string;
  createdAt: string;
}

export interface BrandRecord {
  id: string;
  name: string;
  createdAt: string;
}

/** An automation as the REST API shows it (the members the tools read). */
export interface AutomationRecord {
  id: string;
  /** `automation` (made through the API) or `rest_hook` (an automation platform's subscription). */
  kind: string;
  name: string;
  events: string[];
  enabled: boolean;
  /** Why the server disabled it (`endpoint_gone`, `failing_for_5_days`); null when it did not. */
  disabledReason: string | null;
  /** Since when every delivery has failed; null while the endpoint answers. */
  failingSince: string | null;
  webhook: { url: string; method: string };
  createdAt: string;
  updatedAt: string;
}

export interface FeedbackRecord {
  id: string;
  inboxId: string;
  brandId: string | null;
  type: FeedbackType;
  score: number | null;
  comment: string | null;
  context: Record<string, unknown>;
  source: string | null;
  status: FeedbackStatus;
  issueLink: { tracker: string; url: string; key: string } | null;
  /** The member (user id) the item is assigned to; null when unassigned. */
  assigneeId: string | null;
  /** Its tags for triage, normalized (lower-case), sorted. */
  tags: string[];
  createdAt: string;
  updatedAt: string;
}

export interface FeedbackStatsRecord {
  range: { from: string | null; to: string | null };
  total: number;
  byType: { type: FeedbackType; count: number; averageScore: number | null }[];
  bySource: { source: string | null; count: number }[];
  byInbox: { inboxId: string; inboxName: string | null; count: number }[];
  byStatus: { status: FeedbackStatus; count: number }[];
  nps: { score: number | null; responses: number; promoters: number; passives: number; detractors: number };
  csat: { score: number | null; responses: number; satisfied: number };
}

export type TrendInterval = 'day' | 'week' | 'month';
export type TrendGroupBy = 'type' | 'inbox' | 'source' | 'brand';

export interface TrendsQuery extends Omit<StatsFilters, 'from' | 'to'> {
  interval: TrendInterval;
  /**
   * As given: a date (`2026-11-01`) is that day in the organization's time zone, a date-time with
   * offset an instant; the range is widened to whole buckets.
   */
  from?: string | undefined;
  to?: string | undefined;
  groupBy?: TrendGroupBy | undefined;
}

export type FeedbackTrendsRecord = FeedbackTrends;

/** The list filters (`from` and `to` as given, read as {@link StatsFilters} says: the last 7 days when absent) and how many themes. */
export interface ThemesQuery extends StatsFilters {
  limit?: number | undefined;
}

export type FeedbackThemesRecord = FeedbackThemes;

/** A page of one theme's items, with the theme (its summary) and the period it was found in. */
export type ThemeFeedbackRecord = ThemeFeedbackPage;

export interface SubmitFeedbackInput {
  inboxKey: string;
  type: FeedbackType;
  score?: number | null | undefined;
  comment?: string | undefined;
  context: Record<string, unknown>;
  /** Deduplicates retries, like `Idempotency-Key`. */
  eventId?: string | undefined;
}

export interface SearchRequest {
  query: string;
  limit: number;
  filters: FeedbackFilters;
  /** The server's default (`hybrid`) when absent. */
  mode?: SearchMode | undefined;
}

export interface SearchResults {
  /** Best first. */
  results: {
    feedback: FeedbackRecord;
    /** Relevance from 0 to 1. */
    score: number;
    /** Cosine similarity of the comment to the query; null when only its words matched. */
    similarity: number | null;
  }[];
  /**
   * Items not yet indexed by meaning, found by their words alone until they are (results may
   * improve); null where meaning plays no part. Absent when the backend cannot tell.
   */
  unindexed?: number | null | undefined;
}

/** One change in an item's history, as `GET …/feedback/{id}/activity` answers it. */
export type FeedbackActivityRecord = FeedbackActivity;
