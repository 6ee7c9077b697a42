import type { Principal } from '../domain/api-key.js';
import type { Store } from '../storage/store.js';
import { pageAnalytics } from './page-analytics.js';
import { type ExportRequest, exportResponses } from './page-export.js';

/** What a feedback page's responses add up to: its analytics, and its responses as a file. */
export function pageInsightsService(store: Store) {
  return {
    analytics: (principal: Principal, pageId: string, range: { from?: string | undefined; to?: string | undefined }) =>
      pageAnalytics(store, principal, pageId, range),
    export: (principal: Principal, pageId: string, request: ExportRequest) =>
      exportResponses(store, principal, pageId, request),
  };
}

export type PageInsightsService = ReturnType<typeof pageInsightsService>;
