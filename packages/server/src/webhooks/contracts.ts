/**
 * The seams between the parts of outbound webhooks, so each can be built and tested alone:
 * rendering (an automation + an event → an unsigned request), signing (Standard Webhooks), sending
 * (SSRF-guarded HTTP, one attempt) and the delivery pipeline (rows, retries, the log).
 */

import type { WebhookMethod } from '@hearback/inputs';

/** What a delivery sends: the event as Standard Webhooks recommends (`webhook-id` = `id`). */
export interface WebhookEventEnvelope {
  /** The outbox event's id (`evt_…`): stable across retries and redeliveries. */
  id: string;
  type: string;
  /** ISO-8601 time the event happened. */
  timestamp: string;
  /** The resource as the API returns it. */
  data: unknown;
}

/** One HTTP request ready to send (after rendering and signing). */
export interface OutboundRequest {
  url: string;
  method: WebhookMethod;
  /** Lower-case names. */
  headers: Record<string, string>;
  body: string;
}

/** How one attempt ended. Every kind carries how long it took. */
export type AttemptOutcome =
  | {
      kind: 'response';
      status: number;
      latencyMs: number;
      /** From `Retry-After` (seconds or an HTTP date), when the receiver sent one. */
      retryAfterMs?: number;
      /** The first 2 KB of the response body, as text. */
      bodyExcerpt: string;
    }
  /** Connection refused or reset, DNS failure, TLS error: retried. */
  | { kind: 'network_error'; latencyMs: number; error: string }
  /** No complete answer within the timeout (15 s): retried. */
  | { kind: 'timeout'; latencyMs: number; error: string }
  /** The SSRF guard refused every address the host resolved to: not retried. */
  | { kind: 'address_refused'; latencyMs: number; error: string };

/** Every kind of {@link AttemptOutcome}, for schemas (the `satisfies` keeps it to real kinds). */
export const ATTEMPT_OUTCOME_KINDS = [
  'response',
  'network_error',
  'timeout',
  'address_refused',
] as const satisfies readonly AttemptOutcome['kind'][];

/** Sends one attempt; never throws for anything the receiver or the network does. */
export interface WebhookSender {
  send(request: OutboundRequest): Promise<AttemptOutcome>;
  /** Lets attempts in flight end and closes connections (on shutdown). */
  close?(): Promise<void>;
}
