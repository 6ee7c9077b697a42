import type { AttemptResult } from '../storage/repositories/webhook-deliveries.js';
import type { AttemptOutcome } from './contracts.js';

/** How an attempt ended: the sender's outcome, or a request that could not be rendered. */
export type DeliveryOutcome = AttemptOutcome | { kind: 'render_error'; latencyMs: number; error: string };

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** Waits before the retries of a failed delivery: 8 attempts over about 28 hours, then `failed`. */
export const RETRY_SCHEDULE_MS = [
  5 * SECOND_MS,
  5 * MINUTE_MS,
  30 * MINUTE_MS,
  2 * HOUR_MS,
  5 * HOUR_MS,
  10 * HOUR_MS,
  10 * HOUR_MS,
] as const;

/** Each wait is stretched or shrunk by up to this fraction, so retries of many deliveries spread out. */
export const RETRY_JITTER = 0.15;

/** A `Retry-After` is honoured up to the longest wait of the schedule: a receiver cannot park deliveries forever. */
export const MAX_RETRY_AFTER_MS = Math.max(...RETRY_SCHEDULE_MS);

/** An automation whose deliveries have failed without a success for this long is disabled. */
export const FAILING_DISABLES_AFTER_MS = 5 * DAY_MS;

/** Statuses worth another attempt besides 5xx: the receiver asks to come back later. */
const RETRYABLE_STATUSES = new Set([408, 429]);

export interface AttemptContext {
  /** Attempts of this round so far, this one included (1 on the first). */
  roundAttempts: number;
  /** When the automation started failing (ISO), or null while it succeeds. */
  failingSince: string | null;
  /** When the attempt started (ms since the epoch). */
  attemptedAt: number;
  /** When it finished (ms since the epoch): the base of the next wait. */
  now: number;
  /** In [0, 1): draws the jitter. */
  random: () => number;
}

function retryable(outcome: DeliveryOutcome): boolean {
  switch (outcome.kind) {
    case 'network_error':
    case 'timeout':
      return true;
    case 'address_refused':
    case 'render_error':
      return false;
    case 'response':
      return outcome.status >= 500 || RETRYABLE_STATUSES.has(outcome.status);
  }
}

/** The wait before retry `retryIndex` (0-based), with jitter, or the receiver's `Retry-After` (capped). */
export function retryDelayMs(retryIndex: number, random: () => number, retryAfterMs?: number): number {
  if (retryAfterMs !== undefined) return Math.min(Math.max(retryAfterMs, 0), MAX_RETRY_AFTER_MS);
  const base = RETRY_SCHEDULE_MS[retryIndex] ?? MAX_RETRY_AFTER_MS;
  return Math.round(base * (1 + (random() * 2 - 1) * RETRY_JITTER));
}

/**
 * What an attempt's outcome does to its delivery and automation: 2xx succeeds and clears the
 * automation's failing streak; network errors, timeouts, 408, 429 (after its `Retry-After`) and
 * 5xx retry on {@link RETRY_SCHEDULE_MS}, then fail; any other answer and a refused address fail at
 * once; 410 also disables the automation, and so does failing for {@link FAILING_DISABLES_AFTER_MS}.
 *
 * @example
 * const result = attemptResult({ kind: 'response', status: 503, latencyMs: 3, bodyExcerpt: '' }, context);
 * result.status; // 'pending' (retried in about 5 s)
 */
export function attemptResult(outcome: DeliveryOutcome, context: AttemptContext): AttemptResult {
  const attempt = {
    attempted_at: new Date(context.attemptedAt).toISOString(),
    outcome: outcome.kind,
    status_code: outcome.kind === 'response' ? outcome.status : null,
    latency_ms: outcome.latencyMs,
    error: outcome.kind === 'response' ? null : outcome.error,
    response_excerpt: outcome.kind === 'response' ? outcome.bodyExcerpt : null,
  };
  if (outcome.kind === 'response' && outcome.status >= 200 && outcome.status < 300) {
    return {
      attempt,
      status: 'succeeded',
      nextAttemptAt: null,
      automation: { failingSince: null, disabledReason: null },
    };
  }
  const failingSince = context.failingSince ?? new Date(context.now).toISOString();
  if (outcome.kind === 'response' && outcome.status === 410) {
    return {
      attempt,
      status: 'failed',
      nextAttemptAt: null,
      automation: { failingSince, disabledReason: 'endpoint_gone' },
    };
  }
  if (context.now - Date.parse(failingSince) >= FAILING_DISABLES_AFTER_MS) {
    return {
      attempt,
      status: 'failed',
      nextAttemptAt: null,
      automation: { failingSince, disabledReason: 'failing_for_5_days' },
    };
  }
  const retryIndex = context.roundAttempts - 1;
  if (!retryable(outcome) || retryIndex >= RETRY_SCHEDULE_MS.length) {
    return { attempt, status: 'failed', nextAttemptAt: null, automation: { failingSince, disabledReason: null } };
  }
  const retryAfterMs = outcome.kind === 'response' ? outcome.retryAfterMs : undefined;
  const delay = retryDelayMs(retryIndex, context.random, retryAfterMs);
  return {
    attempt,
    status: 'pending',
    nextAttemptAt: new Date(context.now + delay).toISOString(),
    automation: { failingSince, disabledReason: null },
  };
}
