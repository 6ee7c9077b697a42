import type { SearchFilters, SearchRequest } from '@hearback/client';

/** Per-call options of every `Hearback` method. */
export interface RequestOptions {
  /** Cancels the call, pending retries included; the promise then rejects with the signal's reason. */
  signal?: AbortSignal | undefined;
  /** Time allowed for each attempt in milliseconds; overrides the client's `timeoutMs`. */
  timeoutMs?: number | undefined;
  /** Retries after the first attempt; overrides the client's `maxRetries`. `0` disables retries. */
  maxRetries?: number | undefined;
  /**
   * Writes only (reads ignore it): the `Idempotency-Key` every attempt of this call carries, so the
   * server acts once and answers repeats with the first result. Default: a random UUID made once
   * per call. Pass your own to deduplicate across process restarts (e.g. a job id).
   */
  idempotencyKey?: string | undefined;
}

/** Options of `collect()`; its idempotency key defaults to the body's `eventId`. */
export interface CollectOptions extends RequestOptions {}

/** Options of `search()`: those of every call, plus the size and filters of the search. */
export interface SearchOptions extends RequestOptions {
  /** Results to return (1–50, default 10). */
  limit?: number | undefined;
  /** The list filters (`type`, `from`, `to`, `inboxId`, `source`, `status`, scores, `q`). */
  filters?: SearchFilters | undefined;
  /** `hybrid` (default): meaning and words; `semantic`: meaning alone; `keyword`: the exact words alone. */
  mode?: SearchRequest['mode'];
}

/** Options of `feedback.similar()`: those of every call, plus the number of results. */
export interface SimilarOptions extends RequestOptions {
  /** Results to return (1–50, default 10). */
  limit?: number | undefined;
}

/** How a client retries, from the `Hearback` constructor options. */
export interface RetrySettings {
  timeoutMs: number;
  maxRetries: number;
  initialRetryDelayMs: number;
  maxRetryDelayMs: number;
}
