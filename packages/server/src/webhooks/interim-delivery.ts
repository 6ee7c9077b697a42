import type { AttemptOutcome, OutboundRequest, WebhookEventEnvelope, WebhookSender } from './contracts.js';
import type { PrepareRequest } from './delivery-worker.js';
import { RESPONSE_EXCERPT_LIMIT } from './retry-policy.js';

/**
 * INTERIM, until the outbound part lands (render.ts, sign.ts, sender.ts): what the runtime sends
 * with when it is given nothing else. The default envelope, unsigned, sent by plain fetch with no
 * SSRF guard. The merge replaces both in runtime.ts with the renderer and the guarded sender.
 */

/** The attempt timeout of the issue: 15 s. */
export const INTERIM_TIMEOUT_MS = 15_000;

/** The default body (`{type, timestamp, data}`) with the Standard Webhooks id and timestamp; unsigned. */
export const interimPrepare: PrepareRequest = async (automation, envelope: WebhookEventEnvelope) => ({
  url: automation.url,
  method: automation.method === 'PUT' || automation.method === 'PATCH' ? automation.method : 'POST',
  headers: {
    'content-type': 'application/json',
    'webhook-id': envelope.id,
    'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
  },
  body: JSON.stringify({ type: envelope.type, timestamp: envelope.timestamp, data: envelope.data }),
});

/** `Retry-After` in seconds or as an HTTP date, in milliseconds from `now`. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** One attempt by fetch: redirects not followed, `timeoutMs` for the whole answer. */
export function interimSender(timeoutMs = INTERIM_TIMEOUT_MS): WebhookSender {
  return {
    async send(request: OutboundRequest): Promise<AttemptOutcome> {
      const started = performance.now();
      const latencyMs = () => Math.round(performance.now() - started);
      try {
        const response = await fetch(request.url, {
          method: request.method,
          headers: request.headers,
          body: request.body,
          redirect: 'manual',
          signal: AbortSignal.timeout(timeoutMs),
        });
        const text = await response.text();
        const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
        return {
          kind: 'response',
          status: response.status,
          latencyMs: latencyMs(),
          bodyExcerpt: text.slice(0, RESPONSE_EXCERPT_LIMIT),
          ...(retryAfterMs !== undefined && { retryAfterMs }),
        };
      } catch (error) {
        const name = error instanceof Error ? error.name : '';
        const message =
          error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
        if (name === 'TimeoutError')
          return { kind: 'timeout', latencyMs: latencyMs(), error: `no answer within ${timeoutMs} ms` };
        return { kind: 'network_error', latencyMs: latencyMs(), error: message };
      }
    },
  };
}
