export type {
  AutomationRecord,
  BrandRecord,
  DayRangeRequest,
  DeliveryRecord,
  DeliveryStatus,
  FeedbackChanges,
  FeedbackFilters,
  FeedbackPageRecord,
  FeedbackRecord,
  FeedbackStatsRecord,
  FeedbackStatus,
  FeedbackThemesRecord,
  FeedbackTrendsRecord,
  FeedbackType,
  HearbackBackend,
  InboxRecord,
  KeyAccess,
  Page,
  PageAnalyticsRecord,
  PageRequest,
  PageResponseRecord,
  QuestionBreakdownRecord,
  SearchMode,
  SearchRequest,
  SearchResults,
  ServerFeatures,
  StatsFilters,
  SubmitFeedbackInput,
  ThemeFeedbackRecord,
  ThemesQuery,
  TrendGroupBy,
  TrendInterval,
  TrendsQuery,
} from './backend.js';
export { HearbackToolError, type HearbackToolErrorInit } from './errors.js';
export {
  createHearbackMcpServer,
  type HearbackMcpServerOptions,
  PROBLEM_META_KEY,
  type RegisterOptions,
  registerHearbackTools,
  toolErrorResult,
} from './register.js';
export type { HearbackTool, ScopedOperationId, ToolContext, ToolScope } from './tools/define.js';
export { HEARBACK_TOOLS, toolsFor } from './tools/index.js';
export { DEFAULT_LIMIT, MAX_LIMIT } from './tools/schemas.js';
export {
  ACCEPTED_SCOPES_META_KEY,
  ORGANIZATION_WIDE_META_KEY,
  REQUIRED_SCOPE_META_KEY,
} from './tools/tool-scopes.js';
export { UNTRUSTED_NOTICE, UNTRUSTED_TAG, untrusted } from './untrusted.js';
export { MCP_PACKAGE_VERSION } from './version.js';
