/**
 * Why a submission or load failed. Stable: callers switch on these.
 * - `offline`: the browser is offline (the submission is queued).
 * - `blocked`: online, the request failed while the same server answered another one: something
 *   in the browser stopped it (an ad- or content blocker).
 * - `network_error`: online, the server could not be reached at all (down, DNS, a CSP `connect-src`).
 * - `timeout`, `rate_limited` (429), `server_error` (5xx, 408): retried from the queue.
 * - `rejected`: the server refused it for good; `apiCode` says why (`invalid_api_key`,
 *   `inbox_not_found`, `validation_failed`, …). `onSubmit` returning false also rejects, and so
 *   does an `onSubmit` that throws or rejects: nothing is sent, and `cause` is what it threw.
 * - `invalid_input`: a programmatic `submit()` with a score or comment its kind does not take, or
 *   a context JSON cannot carry (a cycle, a BigInt), from the option, `setContext`, `submit` or
 *   `onSubmit` alike (the message starts with `context:`).
 * - `load_failed`: the dialog script could not be loaded.
 */
export type WidgetErrorCode =
  | 'offline'
  | 'blocked'
  | 'network_error'
  | 'timeout'
  | 'rate_limited'
  | 'server_error'
  | 'rejected'
  | 'invalid_input'
  | 'load_failed';

const MARKER = Symbol.for('hearback.widget.error');
/** The codes not worth retrying: every other one is (offline, blocked, network_error, timeout, rate_limited, server_error). */
const FINAL: readonly WidgetErrorCode[] = ['rejected', 'invalid_input', 'load_failed'];

/**
 * The error every widget callback and promise carries.
 *
 * @example
 * onError(error) { if (error.code === 'blocked') showHint('Is an ad blocker on?'); }
 */
export class WidgetError extends Error {
  // `declare`: assigned in the constructor, so no class-field helper lands in the bundle.
  declare readonly code: WidgetErrorCode;
  /** HTTP status, when the server answered. */
  declare readonly status: number | undefined;
  /** The problem+json `code` the server sent (`event_limit_reached`, …). */
  declare readonly apiCode: string | undefined;
  /** True when the submission was saved in the offline queue and will be retried. */
  declare queued: boolean;
  /** Seconds the server asked to wait (`Retry-After`). */
  declare readonly retryAfter: number | undefined;
  /** What an `onSubmit` that failed threw or rejected with (`code` `rejected`). */
  declare readonly cause?: unknown;
  /** True for errors worth retrying later with the same idempotency key. */
  declare readonly retryable: boolean;

  constructor(
    code: WidgetErrorCode,
    message: string,
    details?: { status?: number; apiCode?: string; retryAfter?: number; queued?: boolean; cause?: unknown },
  ) {
    super(message);
    Object.assign(this, {
      name: 'WidgetError',
      code,
      queued: false,
      retryable: !FINAL.includes(code),
      ...details,
      [MARKER]: true,
    });
  }
}

/**
 * True for a `WidgetError` from any copy of the package, unlike `instanceof` (a function rather
 * than a static method, so widget.js, which never calls it, does not carry it).
 */
export function isWidgetError(value: unknown): value is WidgetError {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[MARKER] === true;
}
