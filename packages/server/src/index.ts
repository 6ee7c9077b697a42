/**
 * `@hearback/server` for programs: run a Hearback server in-process (tests, embedding it in another
 * Node server) with the configuration, the runtime and its listener, plus the vocabulary of the API.
 * The `hearback` command (src/cli.ts, its commands in src/cli/) is the other way in. Everything not exported here is internal.
 */

export { FEEDBACK_STATUSES, FEEDBACK_TYPES, SCORE_RANGES } from '@hearback/spec';
export { type Config, ConfigError, loadConfig } from './config.js';
export type { Scope } from './domain/api-key.js';
export { KEY_SCOPES, SCOPES } from './domain/api-key.js';
export type { Feedback, FeedbackStatus, FeedbackType, IssueLink, IssueTracker } from './domain/feedback.js';
export { ISSUE_TRACKERS } from './domain/feedback.js';
export type { Brand, Inbox, Note, Organization, Page } from './domain/organization.js';
export { ROLES } from './domain/roles.js';
export { ERROR_CODES, type ErrorCode } from './errors/error-codes.js';
export type { Logger } from './logger.js';
export {
  type BootstrapInput,
  type BootstrappedOrganization,
  createRuntime,
  type HearbackRuntime,
  listen,
  type RunningServer,
} from './public-runtime.js';
export { PLAN_NAMES, PLANS, type PlanName } from './services/plans.js';
export { SERVER_VERSION } from './version.js';
