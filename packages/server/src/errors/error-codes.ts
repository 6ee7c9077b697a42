import { AUTH_ERROR_CODES } from '@hearback/spec';

/**
 * Every `code` a problem body can carry. Stable: clients switch on these, so add, never rename.
 * Published as an enum in the OpenAPI document. The account endpoints' own codes are
 * `AUTH_ERROR_CODES` (@hearback/spec), which the dashboard compares against too.
 */
export const ERROR_CODES = [
  'validation_failed',
  'malformed_json',
  'bad_request',
  'headers_too_large',
  'request_timeout',
  'unsupported_media_type',
  'payload_too_large',
  'missing_api_key',
  'sign_in_required',
  'invalid_api_key',
  'expired_api_key',
  'revoked_api_key',
  'insufficient_scope',
  'forbidden',
  'origin_not_allowed',
  'csrf_failed',
  'not_found',
  'inbox_not_found',
  'conflict',
  'secret_in_use',
  'automation_disabled',
  'slug_taken',
  'page_not_accepting_responses',
  'captcha_required',
  'captcha_failed',
  'already_submitted',
  'idempotency_key_reused',
  'idempotency_key_in_use',
  'event_limit_reached',
  'inbox_limit_reached',
  'search_limit_reached',
  'plan_upgrade_required',
  'domain_claimed',
  'domain_verification_failed',
  'sso_not_configured',
  'sso_state_mismatch',
  'sso_sign_in_failed',
  'search_unavailable',
  'theme_not_found',
  'internal_error',
  ...AUTH_ERROR_CODES,
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];
