import type { ErrorCode, FieldError, Problem } from '@hearback/client';

const MARKER = Symbol.for('hearback.node.api-error');

/**
 * The `code` of a {@link HearbackApiError}: the server's stable problem codes, plus
 * `network_error` (no response), `timeout` (no response in time) and `unexpected_response`
 * (a response that is not a Hearback problem, such as a proxy's 502 page).
 */
export type HearbackErrorCode = ErrorCode | 'network_error' | 'timeout' | 'unexpected_response';

/** Problem codes that a later identical request cannot cure, whatever their status says. */
const PERMANENT_CODES: ReadonlySet<string> = new Set(['idempotency_key_reused', 'inbox_limit_reached']);

export interface HearbackApiErrorInit {
  code: HearbackErrorCode;
  message: string;
  /** HTTP status; `undefined` when no response arrived. */
  status?: number | undefined;
  requestId?: string | undefined;
  problem?: Problem | undefined;
  /** `Retry-After` in milliseconds, when the response carried one. */
  retryAfterMs?: number | undefined;
  /** How many attempts were made before giving up (1 when none was retried). */
  attempts?: number | undefined;
  cause?: unknown;
}

/**
 * The one error every `Hearback` method throws: an HTTP error answer, a network failure or a
 * timeout. Branch on the stable `code`; `isRetryable` tells whether the same request may succeed
 * later (the SDK already retried what it safely could).
 *
 * @example
 * try {
 *   await hearback.feedback.get('fb_…');
 * } catch (error) {
 *   if (HearbackApiError.isInstance(error) && error.code === 'not_found') return null;
 *   throw error;
 * }
 */
export class HearbackApiError extends Error {
  readonly [MARKER] = true;
  override readonly name = 'HearbackApiError';
  readonly code: HearbackErrorCode;
  readonly status: number | undefined;
  /** The server's request id (also in its logs), or the one sent when no response arrived. */
  readonly requestId: string | undefined;
  /** The problem document as received, when the server sent one. */
  readonly problem: Problem | undefined;
  /** One entry per invalid field of a `validation_failed` error. */
  readonly errors: FieldError[] | undefined;
  /** On 429: the plan allowance that was reached. */
  readonly limit: number | undefined;
  /** On 429: the organization's plan. */
  readonly plan: string | undefined;
  /** On 429: when the allowance resets (ISO-8601); `null` when it does not reset by itself. */
  readonly resetAt: string | null | undefined;
  readonly retryAfterMs: number | undefined;
  readonly attempts: number;

  constructor(init: HearbackApiErrorInit) {
    super(init.message, { cause: init.cause });
    this.code = init.code;
    this.status = init.status;
    this.requestId = init.requestId ?? init.problem?.requestId;
    this.problem = init.problem;
    this.errors = init.problem?.errors;
    this.limit = init.problem?.limit;
    this.plan = init.problem?.plan;
    this.resetAt = init.problem?.resetAt;
    this.retryAfterMs = init.retryAfterMs;
    this.attempts = init.attempts ?? 1;
  }

  /**
   * Whether the same request may succeed if made again later: no response at all, or status 408,
   * 409, 429 or ≥ 500, except codes no wait can cure (`idempotency_key_reused`,
   * `inbox_limit_reached`). A 429 for a monthly allowance is retryable, but only after `resetAt`.
   */
  get isRetryable(): boolean {
    if (PERMANENT_CODES.has(this.code)) return false;
    if (this.status === undefined) return this.code === 'network_error' || this.code === 'timeout';
    return this.status === 408 || this.status === 409 || this.status === 429 || this.status >= 500;
  }

  /** `instanceof` that also holds across duplicate copies of this package. */
  static isInstance(value: unknown): value is HearbackApiError {
    return typeof value === 'object' && value !== null && MARKER in value;
  }
}
