import { createHearbackClient, type FetchLike, isProblem } from '@hearback/client';
import type { PageState } from '@hearback/forms';
import type {
  AutomationRecord,
  BrandRecord,
  DayRangeRequest,
  DeliveryRecord,
  DeliveryStatus,
  FeedbackActivityRecord,
  FeedbackChanges,
  FeedbackFilters,
  FeedbackPageRecord,
  FeedbackRecord,
  FeedbackStatsRecord,
  FeedbackThemesRecord,
  FeedbackTrendsRecord,
  HearbackBackend,
  InboxRecord,
  KeyAccess,
  Page,
  PageAnalyticsRecord,
  PageRequest,
  PageResponseRecord,
  SearchRequest,
  SearchResults,
  StatsFilters,
  SubmitFeedbackInput,
  ThemeFeedbackRecord,
  ThemesQuery,
  TrendsQuery,
} from '../backend.js';
import { HearbackToolError } from '../errors.js';

export interface RemoteBackendOptions {
  /** Where the Hearback server answers, e.g. `https://feedback.example.com`. */
  baseUrl: string;
  apiKey: string;
  fetch?: FetchLike | undefined;
}

interface Outcome<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** A failed call as the refusal the tools show: the server's problem, or what went wrong instead. */
function refusalOf(error: unknown, response: Response): HearbackToolError {
  if (isProblem(error)) {
    const { status, code, detail, title, type: _type, requestId: _requestId, ...details } = error;
    return new HearbackToolError({ status, code, message: detail || title, details });
  }
  return new HearbackToolError({
    status: response.status,
    code: 'unexpected_response',
    message: `The server answered HTTP ${response.status} without a Hearback problem document.`,
  });
}

/**
 * A {@link HearbackBackend} that calls a Hearback server's REST API with `@hearback/client`: what
 * the `hearback-mcp` stdio binary serves. The server enforces the key's scopes and brand; its
 * problems come back as tool errors with the same codes. The organization is the key's own,
 * learned from `GET /me` on first use; `tools/list` shows the tools the key's scopes allow and the
 * server's features serve (no theme tools with semantic search off).
 *
 * @example
 * const backend = createRemoteBackend({ baseUrl: 'https://feedback.example.com', apiKey: 'hb_…' });
 */
export function createRemoteBackend(options: RemoteBackendOptions): HearbackBackend {
  const client = createHearbackClient({ baseUrl: options.baseUrl, apiKey: options.apiKey, fetch: options.fetch });
  let orgId: Promise<string> | undefined;

  async function call<T>(request: () => Promise<Outcome<T>>): Promise<T> {
    let outcome: Outcome<T>;
    try {
      outcome = await request();
    } catch (cause) {
      throw new HearbackToolError({
        status: 503,
        code: 'network_error',
        message: `Could not reach the Hearback server at ${options.baseUrl}.`,
        cause,
      });
    }
    if (outcome.error !== undefined || outcome.data === undefined) throw refusalOf(outcome.error, outcome.response);
    return outcome.data;
  }

  /** The calling key as `GET /me` shows it (its organization, brand and scopes). */
  const currentKey = () => call(() => client.GET('/me'));

  function organization(): Promise<string> {
    orgId ??= currentKey().then(
      (key) => key.orgId,
      (error: unknown) => {
        orgId = undefined; // A failed lookup (server down, key not yet valid) is retried next time.
        throw error;
      },
    );
    return orgId;
  }

  const path = async () => ({ orgId: await organization() });

  return {
    // Asked again at each `tools/list` (rare): a key's scopes may be changed while the binary runs,
    // and the server restarted with search off or on.
    async keyAccess(): Promise<KeyAccess> {
      const { scopes, brandId, features } = await currentKey();
      return { scopes, brandId, features };
    },
    async listInboxes(page: PageRequest): Promise<Page<InboxRecord>> {
      const params = { path: await path(), query: page };
      return call(() => client.GET('/organizations/{orgId}/inboxes', { params }));
    },
    async getInbox(id: string): Promise<InboxRecord> {
      const params = { path: { ...(await path()), inboxId: id } };
      return call(() => client.GET('/organizations/{orgId}/inboxes/{inboxId}', { params }));
    },
    async listBrands(page: PageRequest): Promise<Page<BrandRecord>> {
      const params = { path: await path(), query: page };
      return call(() => client.GET('/organizations/{orgId}/brands', { params }));
    },
    async listFeedback(filters: FeedbackFilters, page: PageRequest): Promise<Page<FeedbackRecord>> {
      const params = { path: await path(), query: { ...filters, ...page } };
      return call(() => client.GET('/organizations/{orgId}/feedback', { params }));
    },
    async getFeedback(id: string): Promise<FeedbackRecord> {
      const params = { path: { ...(await path()), id } };
      return call(() => client.GET('/organizations/{orgId}/feedback/{id}', { params }));
    },
    async getFeedbackStats(filters: StatsFilters): Promise<FeedbackStatsRecord> {
      const params = { path: await path(), query: filters };
      return call(() => client.GET('/organizations/{orgId}/feedback/stats', { params }));
    },
    async getFeedbackTrends(query: TrendsQuery): Promise<FeedbackTrendsRecord> {
      const params = { path: await path(), query };
      return call(() => client.GET('/organizations/{orgId}/feedback/trends', { params }));
    },
    async getFeedbackThemes(query: ThemesQuery): Promise<FeedbackThemesRecord> {
      const params = { path: await path(), query };
      return call(() => client.GET('/organizations/{orgId}/feedback/themes', { params }));
    },
    async listThemeFeedback(themeId: string, filters: StatsFilters, page: PageRequest): Promise<ThemeFeedbackRecord> {
      const params = { path: { ...(await path()), themeId }, query: { ...filters, ...page } };
      return call(() => client.GET('/organizations/{orgId}/feedback/themes/{themeId}/feedback', { params }));
    },
    async submitFeedback(input: SubmitFeedbackInput): Promise<{ id: string }> {
      return call(() => client.POST('/collect', { body: input }));
    },
    async getFeedbackActivity(id: string, page: PageRequest): Promise<Page<FeedbackActivityRecord>> {
      const params = { path: { ...(await path()), id }, query: page };
      return call(() => client.GET('/organizations/{orgId}/feedback/{id}/activity', { params }));
    },
    async updateFeedback(id: string, changes: FeedbackChanges): Promise<FeedbackRecord> {
      const params = { path: { ...(await path()), id } };
      return call(() => client.PATCH('/organizations/{orgId}/feedback/{id}', { params, body: changes }));
    },
    async searchFeedback(request: SearchRequest): Promise<SearchResults> {
      const params = { path: await path() };
      const { data, unindexed } = await call(() =>
        client.POST('/organizations/{orgId}/search', { params, body: request }),
      );
      return { results: data, unindexed };
    },
    async listAutomations(page: PageRequest): Promise<Page<AutomationRecord>> {
      const params = { path: await path(), query: page };
      return call(() => client.GET('/organizations/{orgId}/automations', { params }));
    },
    async listDeliveries(
      automationId: string,
      status: DeliveryStatus | undefined,
      page: PageRequest,
    ): Promise<Page<DeliveryRecord>> {
      const params = { path: { ...(await path()), automationId }, query: { ...page, status } };
      return call(() => client.GET('/organizations/{orgId}/automations/{automationId}/deliveries', { params }));
    },
    async listFeedbackPages(
      filters: { state?: PageState | undefined },
      page: PageRequest,
    ): Promise<Page<FeedbackPageRecord>> {
      const params = { path: await path(), query: { ...filters, ...page } };
      return call(() => client.GET('/organizations/{orgId}/feedback-pages', { params }));
    },
    async getPageAnalytics(pageId: string, range: DayRangeRequest): Promise<PageAnalyticsRecord> {
      const params = { path: { ...(await path()), pageId }, query: range };
      return call(() => client.GET('/organizations/{orgId}/feedback-pages/{pageId}/analytics', { params }));
    },
    async listPageResponses(
      pageId: string,
      filters: { from?: string | undefined; to?: string | undefined },
      page: PageRequest,
    ): Promise<Page<PageResponseRecord>> {
      const params = { path: { ...(await path()), pageId }, query: { ...filters, ...page } };
      return call(() => client.GET('/organizations/{orgId}/feedback-pages/{pageId}/responses', { params }));
    },
  };
}
