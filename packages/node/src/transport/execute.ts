import { createRequestId, REQUEST_ID_HEADER } from '@hearback/client';
import type { HearbackApiError } from '../errors/hearback-api-error.js';
import { backoffDelay, sleep } from './backoff.js';
import { errorFromFailure, errorFromResponse } from './errors.js';
import type { RequestOptions, RetrySettings } from './request-options.js';

/** What each attempt gets: its abort signal (timeout or caller) and headers to send. */
// A type alias rather than an interface: openapi-fetch wants request options with an index signature.
export type Attempt = {
  signal: AbortSignal;
  headers: Record<string, string>;
};

/** What an openapi-fetch call resolves to. */
export interface FetchResult<Data> {
  data?: Data;
  error?: unknown;
  response: Response;
}

export interface ExecuteOptions extends RequestOptions {
  /** Whether sending the request again is safe (idempotent, or carrying an `Idempotency-Key`). */
  retrySafe: boolean;
}

/**
 * Runs one API call: each attempt under its own timeout, a fresh request id, and, when the call is
 * retry-safe, retries with backoff after network errors, timeouts, 408, 429 and 5xx answers.
 * Resolves with the response data; rejects with a `HearbackApiError` (or the caller's abort reason).
 *
 * @example
 * const inbox = await execute((attempt) => client.GET('/organizations/{orgId}/inboxes/{inboxId}', {
 *   params: { path: { orgId, inboxId } }, ...attempt,
 * }), settings, { retrySafe: true });
 */
export async function execute<Data>(
  send: (attempt: Attempt) => Promise<FetchResult<Data>>,
  settings: RetrySettings,
  options: ExecuteOptions,
): Promise<Data> {
  const maxRetries = options.maxRetries ?? settings.maxRetries;
  const timeoutMs = options.timeoutMs ?? settings.timeoutMs;
  for (let attempts = 1; ; attempts++) {
    options.signal?.throwIfAborted();
    const sentRequestId = createRequestId();
    let failure: HearbackApiError;
    const timeout = attemptSignal(timeoutMs, options.signal);
    try {
      const result = await raceAbort(
        send({ signal: timeout.signal, headers: { [REQUEST_ID_HEADER]: sentRequestId } }),
        timeout.signal,
      );
      if (result.response.ok) return result.data as Data;
      failure = errorFromResponse(result, sentRequestId, attempts);
    } catch (error) {
      if (options.signal?.aborted) throw options.signal.reason;
      failure = errorFromFailure(error, { timedOut: timeout.timedOut(), timeoutMs, sentRequestId, attempts });
    } finally {
      timeout.dispose();
    }
    const wait = options.retrySafe && attempts <= maxRetries ? retryDelay(failure, attempts, settings) : undefined;
    if (wait === undefined) throw failure;
    await sleep(wait, options.signal);
  }
}

/**
 * How long to wait before retrying after `failure`, or `undefined` not to retry: only network errors,
 * timeouts, 408, 429 and 5xx are retried (never 409 or another 4xx), after `Retry-After` when the
 * server sent one, provided it is no longer than `maxRetryDelayMs`.
 */
export function retryDelay(failure: HearbackApiError, attempts: number, settings: RetrySettings): number | undefined {
  if (!failure.isRetryable || failure.status === 409) return undefined;
  if (failure.retryAfterMs !== undefined) {
    return failure.retryAfterMs <= settings.maxRetryDelayMs ? failure.retryAfterMs : undefined;
  }
  return backoffDelay(attempts - 1, {
    initialDelayMs: settings.initialRetryDelayMs,
    maxDelayMs: settings.maxRetryDelayMs,
  });
}

/** An abort signal for one attempt: fires after `timeoutMs` or when the caller's signal does. */
function attemptSignal(timeoutMs: number, callerSignal: AbortSignal | undefined) {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException(`No response within ${timeoutMs} ms`, 'TimeoutError'));
  }, timeoutMs);
  const forward = () => controller.abort(callerSignal?.reason);
  callerSignal?.addEventListener('abort', forward, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    dispose() {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', forward);
    },
  };
}

/**
 * Settles with `promise`, or rejects as soon as `signal` aborts, even when the fetch in use ignores
 * the signal (an in-process handler, a test double). The losing promise's rejection is swallowed.
 */
function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  promise.catch(() => {});
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
