import { FeedbackUpdateInputSchema } from '@hearback/inputs';
import {
  type HearbackBackend,
  type HearbackTool,
  HearbackToolError,
  type PageRequest,
  type StatsFilters,
  type ThemesQuery,
  toolsFor,
} from '@hearback/mcp/tools';
import type { Principal } from '../domain/api-key.js';
import { CollectInputSchema } from '../domain/collect-input.js';
import { parseInput } from '../domain/parse-input.js';
import { SearchInputSchema } from '../domain/search-input.js';
import { asApiError } from '../errors/as-api-error.js';
import { type OperationId, operationAccessOf } from '../routes/index.js';
import { requireOperationAccess } from '../services/access.js';
import type { Services } from '../services/index.js';

export interface ServerBackendOptions {
  /** Where unexpected errors go (with their cause); the agent sees `internal_error` only. */
  logError?: ((error: unknown) => void) | undefined;
}

/** A service error as the refusal a tool shows: the REST problem's status, code, detail and extras. */
function toToolError(error: unknown, logError: ServerBackendOptions['logError']): HearbackToolError {
  const apiError = asApiError(error);
  if (apiError.status >= 500) logError?.(apiError.cause ?? error);
  return new HearbackToolError({
    status: apiError.status,
    code: apiError.code,
    message: apiError.message,
    details: { ...apiError.extensions, ...(apiError.errors && { errors: apiError.errors }) },
  });
}

/**
 * The MCP tools' backend inside the server: the services, acting for the caller's key. Each method
 * names the REST operation it stands for and checks what the operation table says of it (its scope,
 * and that a brand-scoped key is refused an organization-wide one); the services apply the key's tenancy and brand, so a tool sees and changes exactly what the same
 * key could through the REST API.
 *
 * @example
 * const server = createHearbackMcpServer(createServerBackend(services, principal));
 */
export function createServerBackend(
  services: Services,
  principal: Principal,
  options: ServerBackendOptions = {},
): HearbackBackend {
  async function as<T>(operationId: OperationId, work: () => Promise<T>): Promise<T> {
    try {
      requireOperationAccess(principal, operationAccessOf(operationId));
      return await work();
    } catch (error) {
      throw toToolError(error, options.logError);
    }
  }

  return {
    keyAccess: async () => ({ scopes: [...principal.scopes], brandId: principal.brandId, features: services.features }),
    listInboxes: (page) => as('listInboxes', () => services.inboxes.list(principal, page)),
    getInbox: (id) => as('getInbox', () => services.inboxes.get(principal, id)),
    listBrands: (page) => as('listBrands', () => services.brands.list(principal, page)),
    listFeedback: (filters, page) => as('listFeedback', () => services.feedback.list(principal, filters, page)),
    getFeedback: (id) => as('getFeedback', () => services.feedback.get(principal, id)),
    getFeedbackStats: (filters) => as('getFeedbackStats', () => services.feedback.stats(principal, filters)),
    getFeedbackTrends: ({ interval, from, to, groupBy, ...filters }) =>
      as('getFeedbackTrends', () =>
        services.feedback.trends(principal, {
          interval,
          groupBy,
          from,
          to,
          filters,
        }),
      ),
    submitFeedback: (input) =>
      as('collectFeedback', async () => {
        // The rules of `POST /collect` (score ranges, sizes, depth, text) in the same words.
        const { id } = await services.collect.submit(principal, parseInput(CollectInputSchema, input, 'json'));
        return { id };
      }),
    getFeedbackActivity: (id, page) => as('getFeedbackActivity', () => services.feedback.activity(principal, id, page)),
    updateFeedback: (id, changes) =>
      // The rules of `PATCH …/feedback/{id}` (the tags' normalization and limits) in the same words.
      as('updateFeedback', () =>
        services.feedback.update(principal, id, parseInput(FeedbackUpdateInputSchema, changes, 'json')),
      ),
    // Served only with search on (`needsSemanticSearch`): themes cluster the vectors search makes.
    getFeedbackThemes: ({ from, to, limit, ...filters }: ThemesQuery) =>
      as('getFeedbackThemes', () => services.feedbackThemes.themes(principal, { from, to, limit, filters })),
    listThemeFeedback: (themeId: string, { from, to, ...filters }: StatsFilters, page: PageRequest) =>
      as('listThemeFeedback', () => services.feedbackThemes.feedback(principal, themeId, { from, to, filters }, page)),
    searchFeedback: (request) =>
      as('searchFeedback', async () => {
        // The rules of `POST /search` (a query that is not blank, the filters' formats) in the same words.
        const { data, unindexed } = await services.search.search(
          principal,
          parseInput(SearchInputSchema, request, 'json'),
        );
        return { results: data, unindexed };
      }),
    listAutomations: (page) => as('listAutomations', () => services.automations.list(principal, page)),
    listDeliveries: (automationId, status, page) =>
      as('listDeliveries', () => services.webhookDeliveries.list(principal, automationId, { ...page, status })),
    listFeedbackPages: (filters, page) =>
      as('listFeedbackPages', () => services.feedbackPages.list(principal, { ...filters, ...page })),
    getPageAnalytics: (pageId, range) =>
      as('getPageAnalytics', () => services.pageInsights.analytics(principal, pageId, range)),
    listPageResponses: (pageId, filters, page) =>
      as('listPageResponses', () => services.pageResponses.list(principal, pageId, { ...filters, ...page })),
  };
}

/**
 * The tools `/mcp` offers: those its features serve (no theme tools with `HEARBACK_SEARCH=off`),
 * `search_feedback` included (full-text ranking alone when the server runs without semantic search).
 */
export function servedTools(services: Services): HearbackTool[] {
  // Which tools a backend serves depends on the methods it has, not on who calls.
  const nobody: Principal = { actor: { type: 'api_key', id: '' }, orgId: '', brandId: null, scopes: new Set() };
  return toolsFor(createServerBackend(services, nobody), services.features);
}
