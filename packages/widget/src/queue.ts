import type { WidgetError } from './errors.js';
import type { CollectRequest, SendResult } from './submit.js';

/** A submission waiting in localStorage for another try, with the idempotency key it was first sent with. */
export interface QueuedSubmission extends CollectRequest {
  attempts: number;
  /** Epoch ms of the first attempt. */
  createdAt: number;
  /** Epoch ms before which it is not retried (backoff or `Retry-After`). */
  notBefore: number;
}

export const QUEUE_STORAGE_KEY = 'hearback:queue';
/** Past these, an entry is dropped: a blocker that never lets it through must not grow storage forever. */
export const MAX_ATTEMPTS = 20;
export const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
const MAX_ENTRIES = 50;
/** The soonest a timer retries, so an entry due now cannot spin the page. */
export const MIN_RETRY_MS = 1000;

/** The slice of `Storage` the queue uses (so tests pass a Map-backed fake). */
export type QueueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The queue as stored. Storage can throw (private mode, sandboxed frames, quota): then it is empty. */
export function readQueue(storage: QueueStorage | undefined): QueuedSubmission[] {
  try {
    // No storage throws here too, and so does anything parsed but an array (null, a number, an
    // object: JSON has no callable `filter`).
    const parsed = JSON.parse((storage as QueueStorage).getItem(QUEUE_STORAGE_KEY) as string) as QueuedSubmission[];
    return parsed.filter((entry) => typeof entry?.idempotencyKey === 'string');
  } catch {
    return [];
  }
}

/** Replaces (or, with `entry` undefined, removes) the entry under `key`; false when nothing could be stored. */
function save(storage: QueueStorage | undefined, key: string, entry?: QueuedSubmission): boolean {
  const entries = readQueue(storage).filter((item) => item.idempotencyKey !== key);
  if (entry) entries.push(entry);
  try {
    // Without storage this throws as well.
    if (entries.length)
      (storage as QueueStorage).setItem(QUEUE_STORAGE_KEY, JSON.stringify(entries.slice(-MAX_ENTRIES)));
    else (storage as QueueStorage).removeItem(QUEUE_STORAGE_KEY);
    return true;
  } catch {
    return false;
  }
}

/**
 * Delay before the next try: `Retry-After` when the server gave one, else exponential from 5 s
 * (2.5 s × 2^attempts, attempts counting from 1), capped at 1 h.
 */
export function backoffMs(attempts: number, error: WidgetError): number {
  return error.retryAfter ? error.retryAfter * 1000 : Math.min(2500 * 2 ** attempts, 3_600_000);
}

/**
 * Saves a failed submission for a later try, counting the attempt; an entry with the same
 * idempotency key is replaced. Offline entries are due at once (they go when the browser is back
 * online); others wait their backoff. Returns false when storage is unavailable, or when the wait
 * outlasts `MAX_AGE_MS` (a plan's monthly allowance spent, `Retry-After` weeks away: the entry
 * would be dropped, unsent, when due), so the caller does not claim it will be sent.
 */
export function enqueue(
  storage: QueueStorage | undefined,
  request: CollectRequest,
  error: WidgetError,
  now = Date.now(),
): boolean {
  const existing = readQueue(storage).find((entry) => entry.idempotencyKey === request.idempotencyKey);
  const attempts = (existing?.attempts ?? 0) + 1;
  const createdAt = existing?.createdAt ?? now;
  const notBefore = error.code === 'offline' ? now : now + backoffMs(attempts, error);
  return (
    notBefore - createdAt <= MAX_AGE_MS &&
    save(storage, request.idempotencyKey, { ...request, attempts, createdAt, notBefore })
  );
}

/**
 * Milliseconds until the earliest queued entry is due (at least `MIN_RETRY_MS`, at most an hour,
 * so a far `Retry-After` cannot overflow a timer); undefined when the queue is empty.
 */
export function nextRetryMs(storage: QueueStorage | undefined, now = Date.now()): number | undefined {
  const due = Math.min(...readQueue(storage).map((entry) => entry.notBefore));
  return due < Infinity ? Math.min(Math.max(due - now, MIN_RETRY_MS), 3_600_000) : undefined;
}

/**
 * Retries every due entry once, in order, with its original idempotency key: delivered and
 * permanently refused entries leave the queue and are handed to `settled` with the server's
 * answer; retryable failures wait their backoff, unless it would outlast `MAX_AGE_MS` (then they
 * leave and are handed over as refused); entries past `MAX_ATTEMPTS` or `MAX_AGE_MS` leave unsent,
 * unreported. Stops at the first `offline` failure.
 */
export async function flushQueue(
  storage: QueueStorage | undefined,
  send: (request: CollectRequest) => Promise<SendResult>,
  settled: (entry: QueuedSubmission, result: SendResult) => void,
  now: () => number = Date.now,
): Promise<void> {
  // An entry is a request with the queue's fields, which `send` ignores and `enqueue` replaces.
  for (const entry of readQueue(storage)) {
    if (entry.notBefore > now()) continue;
    // Past its limits an entry goes unsent, like one the server refused, but unreported.
    const withinLimits = entry.attempts < MAX_ATTEMPTS && now() - entry.createdAt <= MAX_AGE_MS;
    const result = withinLimits ? await send(entry) : undefined;
    // One that cannot wait that long (below) leaves the queue and is reported as refused.
    if (result && !result.ok && result.error.retryable && enqueue(storage, entry, result.error, now())) {
      if (result.error.code === 'offline') break;
      continue;
    }
    save(storage, entry.idempotencyKey);
    if (result) settled(entry, result);
  }
}
