/**
 * Hearback's vocabulary and the input rules that are pure functions, in one dependency-free
 * module: the server, the MCP tools and the widget import them instead of restating them.
 */
export { MIN_PASSWORD_LENGTH } from './accounts.js';
export { AUTH_ERROR_CODES, type AuthErrorCode } from './auth-errors.js';
export { contextViolation, MAX_CONTEXT_BYTES, MAX_CONTEXT_DEPTH, nestsDeeperThan } from './context.js';
export {
  FEEDBACK_STATUSES,
  FEEDBACK_TYPES,
  type FeedbackStatus,
  type FeedbackType,
  ISSUE_TRACKERS,
  type IssueTracker,
  isFeedbackType,
  isValidScore,
  MAX_COMMENT_LENGTH,
  MAX_TAG_LENGTH,
  MAX_TAGS_PER_ITEM,
  normalizeTag,
  SCORE_RANGES,
  type ScoreRange,
  tagProblem,
  tagSet,
} from './feedback.js';
export { hexColorOf, textColorOn } from './label-color.js';
export { keptUntilHandOver } from './membership.js';
export { OPERATION_SCOPES, ORGANIZATION_WIDE_OPERATIONS } from './operation-scopes.gen.js';
export {
  ASSIGNABLE_ROLES,
  type AssignableRole,
  KEY_SCOPES,
  type KeyScope,
  memberChangeRefusal,
  ROLE_SCOPES,
  ROLES,
  type Role,
  SCOPES,
  type Scope,
} from './roles.js';
export { SEARCH_MODES, type SearchMode } from './search.js';
export {
  findMalformedText,
  type InputPath,
  isWellFormedText,
  type MalformedText,
  NUL_NOT_ALLOWED,
  printableText,
} from './text.js';
export { alternatives, capitalized, counted, FEEDBACK_TYPE_NAMES, ISSUE_TRACKER_NAMES } from './wording.js';
