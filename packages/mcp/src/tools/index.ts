import type { HearbackBackend, ServerFeatures } from '../backend.js';
import type { HearbackTool } from './define.js';
import { getFeedback } from './get-feedback.js';
import { getFeedbackActivity } from './get-feedback-activity.js';
import { getFeedbackStats } from './get-feedback-stats.js';
import { getFeedbackThemes } from './get-feedback-themes.js';
import { getFeedbackTrends } from './get-feedback-trends.js';
import { getPageAnalytics } from './get-page-analytics.js';
import { getThemeFeedback } from './get-theme-feedback.js';
import { listAutomations } from './list-automations.js';
import { listBrands } from './list-brands.js';
import { listFailedDeliveries } from './list-failed-deliveries.js';
import { listFeedbackPages } from './list-feedback-pages.js';
import { listInboxes } from './list-inboxes.js';
import { listPageResponses } from './list-page-responses.js';
import { searchFeedback } from './search-feedback.js';
import { submitFeedback } from './submit-feedback.js';
import { updateFeedbackStatus } from './update-feedback-status.js';

/** Every Hearback MCP tool, in the order agents see them. */
export const HEARBACK_TOOLS: readonly HearbackTool[] = [
  submitFeedback,
  getFeedbackStats,
  getFeedbackTrends,
  getFeedbackThemes,
  getThemeFeedback,
  getFeedback,
  getFeedbackActivity,
  searchFeedback,
  listInboxes,
  listBrands,
  listAutomations,
  listFailedDeliveries,
  listFeedbackPages,
  getPageAnalytics,
  listPageResponses,
  updateFeedbackStatus,
];

/**
 * Whether a server with these features can serve the tool: the one rule for `/mcp` (from the
 * server's own settings) and for the stdio binary (from `GET /me`'s `features`).
 *
 * @example
 * servedWith(getFeedbackThemes, { semanticSearch: false }); // false
 */
export function servedWith(tool: HearbackTool, features: ServerFeatures): boolean {
  return features.semanticSearch || !tool.needsSemanticSearch;
}

/**
 * The tools a backend can serve (search, automations and feedback pages only where it implements
 * their methods), less those its server's features rule out, when they are known.
 */
export function toolsFor(backend: HearbackBackend, features?: ServerFeatures): HearbackTool[] {
  return HEARBACK_TOOLS.filter((tool) => tool.isAvailable(backend) && (!features || servedWith(tool, features)));
}
