import type { NonSdkOperationId } from './non-sdk-operations.gen.js';
import type { components, operations } from './schema.gen.js';

type Schemas = components['schemas'];

/**
 * Every operation of the REST API by `operationId` (`listFeedback`, `collectFeedback` …): the
 * document's operations but those no SDK method performs (`x-sdk: false`: MCP, the accounts, the
 * public pages), whose types are still in `paths`.
 */
export type OperationId = Exclude<keyof operations, NonSdkOperationId>;

/** The query parameters of an operation, e.g. `QueryOf<'listFeedback'>`. */
export type QueryOf<Id extends OperationId> = NonNullable<operations[Id]['parameters']['query']>;

// Problems (errors)
/** The `application/problem+json` body of every error response. */
export type Problem = Schemas['Problem'];
/** The stable, machine-readable error codes (`not_found`, `event_limit_reached` …). */
export type ErrorCode = Problem['code'];
/** One invalid field of a `validation_failed` problem. */
export type FieldError = NonNullable<Problem['errors']>[number];

// Health
export type Health = Schemas['Health'];

// Collect
export type CollectRequest = Schemas['CollectRequest'];
export type CollectResponse = Schemas['CollectResponse'];

// Organizations
export type Organization = Schemas['Organization'];
export type OrganizationUsage = Schemas['OrganizationUsage'];
export type OrganizationUpdate = Schemas['OrganizationUpdate'];
export type Plan = Organization['plan'];

// Feedback
export type Feedback = Schemas['Feedback'];
/** A page of `GET /organizations/{orgId}/feedback`. */
export type FeedbackList = Schemas['FeedbackList'];
export type FeedbackUpdate = Schemas['FeedbackUpdate'];
/** The answer to deleting a feedback item: how many notes went with it. */
export type FeedbackDeletion = Schemas['FeedbackDeletion'];
/** Which items an erasure deletes: one top-level context member and its text value. */
export type FeedbackErasureInput = Schemas['FeedbackErasureInput'];
/** The answer to an erasure: how many items went. */
export type FeedbackErasure = Schemas['FeedbackErasure'];
/** One of the organization's feedback tags, with how many items carry it (`GET …/tags`). */
export type TagCount = Schemas['TagCount'];
/** One change in an item's history: a status change, (un)assignment, issue (un)link, tags or note, by whom. */
export type FeedbackActivity = Schemas['FeedbackActivity'];
export type FeedbackActivityKind = FeedbackActivity['kind'];
/** Who made a change: an API key, a signed-in user or the operator (`system`), with a current name. */
export type AuditActor = Schemas['AuditActor'];
/** `thumbs` (0 down, 1 up), `stars` 1–5, `nps` 0–10, `csat` 1–5, `emoji` 1–5, `text` (no score). */
export type FeedbackType = Feedback['type'];
export type FeedbackStatus = Feedback['status'];
/** Filters and paging of `GET /organizations/{orgId}/feedback`. */
export type FeedbackListQuery = QueryOf<'listFeedback'>;
export type IssueLink = NonNullable<Schemas['IssueLink']>;
export type IssueTracker = IssueLink['tracker'];
/** Totals, averages, NPS, CSAT and breakdowns of the feedback matching the list filters. */
export type FeedbackStats = Schemas['FeedbackStats'];
/** Filters of `GET /organizations/{orgId}/feedback/stats`: those of the list, without paging. */
export type FeedbackStatsQuery = QueryOf<'getFeedbackStats'>;
/** Count, average score, NPS and CSAT per day, week or month in the organization's time zone. */
export type FeedbackTrends = Schemas['FeedbackTrends'];
/** One bucket of a trend series. */
export type FeedbackTrendPoint = Schemas['FeedbackTrendPoint'];
/** `interval`, `from`, `to`, `groupBy` and the list filters of `GET /organizations/{orgId}/feedback/trends`. */
export type FeedbackTrendsQuery = QueryOf<'getFeedbackTrends'>;
/** The recurring topics of a period's comments, each with its change against the period before. */
export type FeedbackThemes = Schemas['FeedbackThemes'];
/** One recurring topic: label, terms, size, change, sentiment and its most central items. */
export type FeedbackTheme = Schemas['FeedbackTheme'];
/** `from`, `to`, `limit` and the list filters of `GET /organizations/{orgId}/feedback/themes`. */
export type FeedbackThemesQuery = QueryOf<'getFeedbackThemes'>;
/** A theme without its items: label, terms, size, change and sentiment. */
export type FeedbackThemeSummary = Schemas['FeedbackThemeSummary'];
/** A page of one theme's items, newest first, with the theme and its period. */
export type ThemeFeedbackPage = Schemas['ThemeFeedbackPage'];
/** `from`, `to`, the list filters and paging of `GET /organizations/{orgId}/feedback/themes/{themeId}/feedback`. */
export type ThemeFeedbackQuery = QueryOf<'listThemeFeedback'>;
/** `format` (`csv`, `json` or `ndjson`) and the list's filters of a feedback export. */
export type FeedbackExportQuery = QueryOf<'exportFeedback'>;

// Search
export type SearchRequest = Schemas['SearchRequest'];
/** The list filters, as the `filters` object of a search. */
export type SearchFilters = Schemas['SearchFilters'];
/** Ranked results of `searchFeedback` and `similarFeedback`, most relevant first. */
export type SearchResults = Schemas['SearchResults'];
/** One result: the feedback, its relevance `score` (0–1) and its `similarity` by meaning. */
export type SearchHit = Schemas['SearchHit'];
/** Options of `GET /organizations/{orgId}/feedback/{id}/similar`. */
export type SimilarFeedbackQuery = QueryOf<'similarFeedback'>;

// Notes
export type Note = Schemas['Note'];
export type NoteInput = Schemas['NoteInput'];
export type NotePage = Schemas['NotePage'];

// Inboxes
export type Inbox = Schemas['Inbox'];
export type InboxCreate = Schemas['InboxCreate'];
export type InboxUpdate = Schemas['InboxUpdate'];
export type InboxPage = Schemas['InboxPage'];
/** The answer to deleting an inbox: how many feedback items went with it. */
export type InboxDeletion = Schemas['InboxDeletion'];

// Saved views
/** A named set of feedback list filters, shared by the organization. */
export type View = Schemas['View'];
export type ViewInput = Schemas['ViewInput'];
export type ViewUpdate = Schemas['ViewUpdate'];
export type ViewPage = Schemas['ViewPage'];
export type ViewDeletion = Schemas['ViewDeletion'];
/** The filters of `GET /organizations/{orgId}/feedback` (without paging), as a view keeps them. */
export type FeedbackFilters = Schemas['FeedbackFilters'];

// Audit log
/** One change: who (`actor`) did what (`action`) to which resource, when, with the fields changed. */
export type AuditEntry = Schemas['AuditEntry'];
export type AuditAction = AuditEntry['action'];
export type AuditLogPage = Schemas['AuditLogPage'];
/** Filters and paging of `GET /organizations/{orgId}/audit-log`. */
export type AuditLogQuery = QueryOf<'listAuditLog'>;

// Brands
export type Brand = Schemas['Brand'];
export type BrandInput = Schemas['BrandInput'];
export type BrandPage = Schemas['BrandPage'];
/** The answer to deleting a brand: how many API keys scoped to it went with it. */
export type BrandDeletion = Schemas['BrandDeletion'];

// REST hooks
/** An automation platform's subscription of a URL to one event type. */
export type RestHook = Schemas['RestHook'];
/** A new subscription with its `signingSecret`, which the server shows only once. */
export type RestHookWithSecret = Schemas['RestHookWithSecret'];
export type RestHookInput = Schemas['RestHookInput'];
/** Recent items of an event, in the shape a REST hook receives (the bare resource). */
export type RestHookSample = Schemas['RestHookSample'];

// API keys
export type ApiKey = Schemas['ApiKey'];
/** A new key with its `secret`, which the server shows only once. */
export type CreatedApiKey = Schemas['CreatedApiKey'];
export type ApiKeyCreate = Schemas['ApiKeyCreate'];
export type ApiKeyUpdate = Schemas['ApiKeyUpdate'];
export type ApiKeyPage = Schemas['ApiKeyPage'];
/** `collect | read | write | forms`. */
export type Scope = ApiKey['scopes'][number];
/** The calling key as `GET /me` answers it, with the server's `features`. */
export type CurrentApiKey = Schemas['CurrentApiKey'];
/** What this server offers that another may not (`semanticSearch`): in `GET /me` and `GET /account`. */
export type ServerFeatures = Schemas['ServerFeatures'];

// Secrets
/** An organization secret: its name and times; the server never returns its value. */
export type Secret = Schemas['Secret'];
export type SecretInput = Schemas['SecretInput'];
export type SecretValueInput = Schemas['SecretValueInput'];
export type SecretPage = Schemas['SecretPage'];
// Automations
export type Automation = Schemas['Automation'];
/** A new automation, or one whose secret was rotated, with its `signingSecret`: shown only once. */
export type AutomationWithSecret = Schemas['AutomationWithSecret'];
export type AutomationInput = Schemas['AutomationInput'];
export type AutomationUpdate = Schemas['AutomationUpdate'];
export type AutomationPage = Schemas['AutomationPage'];
export type AutomationDeletion = Schemas['AutomationDeletion'];
/** One event's delivery to an automation's webhook, with its attempts. */
export type Delivery = Schemas['Delivery'];
export type DeliveryPage = Schemas['DeliveryPage'];
export type RedeliverFailedResult = Schemas['RedeliverFailedResult'];
/** An automation as create takes it (name optional) and the `event` whose sample to render. */
export type AutomationPreviewInput = Schemas['AutomationPreviewInput'];
/** The request an automation would send (secrets masked, a placeholder signature) and render warnings. */
export type AutomationPreview = Schemas['AutomationPreview'];
export type AutomationTestInput = Schemas['AutomationTestInput'];
/** The test request sent (secrets masked) and its `outcome`: whatever the receiver answered. */
export type AutomationTestResult = Schemas['AutomationTestResult'];
/** A rendered webhook request: `method`, `url`, lower-case `headers`, `body` as JSON text. */
export type WebhookRequest = Schemas['WebhookRequest'];
export type RenderWarning = Schemas['RenderWarning'];
export type WebhookTestOutcome = Schemas['WebhookTestOutcome'];
/** `feedback.created | feedback.updated | page_response.created`. */
export type EventType = Schemas['EventType'];

// Feedback pages
/** A standalone form: questions of 16 types, settings, and a state (`draft | published | closed`). */
export type FeedbackPage = Schemas['FeedbackPage'];
export type FeedbackPageInput = Schemas['FeedbackPageInput'];
export type FeedbackPageUpdate = Schemas['FeedbackPageUpdate'];
export type FeedbackPageList = Schemas['FeedbackPageList'];
/** A page as lists show it: the page and its `responseCount`. */
export type FeedbackPageSummary = Schemas['FeedbackPageSummary'];
export type FeedbackPageDeletion = Schemas['FeedbackPageDeletion'];
export type PageResponseDeletion = Schemas['PageResponseDeletion'];
/** Whose responses an erasure deletes: exactly one of a top-level context member or the contact's email. */
export type PageResponseErasureInput = Schemas['PageResponseErasureInput'];
/** The answer to a responses erasure: how many responses went, of every page. */
export type PageResponseErasure = Schemas['PageResponseErasure'];
export type FeedbackPageListQuery = QueryOf<'listFeedbackPages'>;
/** Every way to share a page: link, QR code and flyer URLs, email-signature and iframe snippets. */
export type FeedbackPageShare = Schemas['FeedbackPageShare'];
/** One question of a page: its `id` keys its answer. */
export type Question = Schemas['Question'];
export type QuestionType = Question['type'];
export type PageSettings = Schemas['PageSettings'];
/** A response to a page, with the `pageVersion` it answered. */
export type PageResponse = Schemas['PageResponse'];
export type PageResponseInput = Schemas['PageResponseInput'];
export type PageResponseList = Schemas['PageResponseList'];
export type PageResponseListQuery = QueryOf<'listPageResponses'>;
/** Views, starts, completions, conversion, their daily series and per-question breakdowns. */
export type PageAnalytics = Schemas['PageAnalytics'];
/** One question's figures: distribution, average, NPS, CSAT, choice counts, ranks or recent text answers. */
export type PageQuestionBreakdown = Schemas['PageQuestionBreakdown'];
export type PageAnalyticsQuery = QueryOf<'getPageAnalytics'>;
/** `format` (`csv` or `ndjson`) and the `from`/`to` bounds of an export. */
export type PageResponseExportQuery = QueryOf<'exportPageResponses'>;

/** A member's role: `viewer` reads, `member` also triages, `admin` also manages, `owner` also deletes and transfers. */
export type Role = Schemas['Role'];
export type AssignableRole = Schemas['AssignableRole'];
/** The signed-in user and every organization they belong to, with their role in each. */
export type Account = Schemas['Account'];
export type User = Schemas['User'];
export type MyOrganization = Schemas['MyOrganization'];
export type OrganizationSummary = Schemas['OrganizationSummary'];
export type OrganizationCreate = Schemas['OrganizationCreate'];
export type OrganizationDeletion = Schemas['OrganizationDeletion'];
export type Member = Schemas['Member'];
export type MemberList = Schemas['MemberList'];
export type MemberRemoval = Schemas['MemberRemoval'];
/** The answer to leaving an organization: its id and the person's. */
export type OrganizationLeave = Schemas['OrganizationLeave'];
export type Invite = Schemas['Invite'];
/** A new or resent invitation with its `acceptUrl` (shown once). */
export type IssuedInvite = Schemas['IssuedInvite'];
export type InviteInput = Schemas['InviteInput'];
export type InvitePage = Schemas['InvitePage'];
export type InviteAcceptance = Schemas['InviteAcceptance'];
/** What an invitation's link shows before it is accepted: organization name, role, address, inviter, expiry. */
export type InvitePreview = Schemas['InvitePreview'];
/** An organization's single sign-on (OpenID Connect) provider and its email domains; never its client secret. */
export type SsoConnection = Schemas['SsoConnection'];
/** What an admin sends to set up single sign-on (`clientSecret` is write-only). */
export type SsoInput = Schemas['SsoInput'];
/** An email domain and the DNS TXT record that proves it. */
export type SsoDomain = Schemas['SsoDomain'];

/** Paging of every list operation: `?limit=&cursor=`. */
export interface PageQuery {
  /** Page size (1–200, default 50). */
  limit?: number;
  /** The `nextCursor` of the previous page. */
  cursor?: string;
}

/** One page of any list operation. */
export interface Page<Item> {
  data: Item[];
  /** Pass as `cursor` for the next page; `null` on the last. */
  nextCursor: string | null;
}
