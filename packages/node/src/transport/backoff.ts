export interface BackoffOptions {
  /** Wait before the first retry, before jitter. */
  initialDelayMs: number;
  /** The longest wait before any one retry. */
  maxDelayMs: number;
}

/**
 * Exponential backoff with "equal jitter": half of `initialDelayMs × 2^retry` (capped at
 * `maxDelayMs`) is fixed, the other half random, so concurrent clients spread out but none
 * retries immediately.
 *
 * @example
 * backoffDelay(0, { initialDelayMs: 500, maxDelayMs: 8000 }); // 250–500
 * backoffDelay(3, { initialDelayMs: 500, maxDelayMs: 8000 }); // 2000–4000
 */
export function backoffDelay(retry: number, options: BackoffOptions, random: () => number = Math.random): number {
  const ceiling = Math.min(options.maxDelayMs, options.initialDelayMs * 2 ** retry);
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/**
 * `Retry-After` in milliseconds: delta-seconds or an HTTP date; `undefined` when absent or unreadable.
 *
 * @example
 * parseRetryAfter('120'); // 120000
 * parseRetryAfter('Wed, 21 Oct 2026 07:28:00 GMT', Date.parse('Wed, 21 Oct 2026 07:27:00 GMT')); // 60000
 */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  // An HTTP date names its weekday and month; Date.parse alone would also take '-5' as a year.
  const date = /[a-z]/i.test(trimmed) ? Date.parse(trimmed) : Number.NaN;
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Resolves after `ms`, or rejects with the signal's reason once it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
