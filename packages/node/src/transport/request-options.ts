import type { SearchFilters, SearchRequest } from '@hearback/client';

/** Per-call options of every `Hearback` method. */
export interface RequestOptions {
  /** Cancels the call, pending retries included; the promise then rejects with the signal's reason. */
  signal?: AbortSignal | undefined;
  /** Time allowed for each attempt in milliseconds; overrides the client's `timeoutMs`. */
  timeoutMs?: number | undefined;
  /** Retries after the first attempt; overrides the client's `maxRetries`. `0` disables retries. */
  maxRetries?: number | undefined;
}

/** Options of `collect()`: those of every call, plus the idempotency key. */
export interface CollectOptions extends RequestOptions {
  /**
   * Deduplicates retries: the server stores one row per key and answers repeats with the first
   * result. Defaults to the body's `eventId`, else a random UUID made once per `collect()` call.
   */
  idempotencyKey?: string | undefined;
}

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
