import type { HearbackBackend } from '../backend.js';
import type { HearbackTool } from './define.js';
import { getFeedback } from './get-feedback.js';
import { getFeedbackStats } from './get-feedback-stats.js';
import { getFeedbackTrends } from './get-feedback-trends.js';
import { listAutomations } from './list-automations.js';
import { listBrands } from './list-brands.js';
import { listFailedDeliveries } from './list-failed-deliveries.js';
import { listInboxes } from './list-inboxes.js';
import { searchFeedback } from './search-feedback.js';
import { submitFeedback } from './submit-feedback.js';
import { updateFeedbackStatus } from './update-feedback-status.js';

/** Every Hearback MCP tool, in the order agents see them. */
export const HEARBACK_TOOLS: readonly HearbackTool[] = [
  submitFeedback,
  getFeedbackStats,
  getFeedbackTrends,
  getFeedback,
  searchFeedback,
  listInboxes,
  listBrands,
  listAutomations,
  listFailedDeliveries,
  updateFeedbackStatus,
];

/** The tools a backend can serve (search and automations only where it implements their methods). */
export function toolsFor(backend: HearbackBackend): HearbackTool[] {
  return HEARBACK_TOOLS.filter((tool) => tool.isAvailable(backend));
}
