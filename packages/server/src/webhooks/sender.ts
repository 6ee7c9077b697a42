import { StringDecoder } from 'node:string_decoder';
import { isWebhookProtocol } from '@hearback/inputs';
import type { Agent, request as undiciRequest } from 'undici';
import { AddressPolicy } from './address-policy.js';
import { AddressRefusedError } from './address-refused-error.js';
import type { AttemptOutcome, OutboundRequest, WebhookSender } from './contracts.js';
import { wireHeaderValue } from './headers.js';
import { retryAfterMs } from './retry-after.js';

/** How long one attempt may take, from connecting to the end of the response (issue 15: 15 s). */
export const ATTEMPT_TIMEOUT_MS = 15_000;

/** How much of a response body is kept for the delivery log; the rest is never read. */
export const RESPONSE_EXCERPT_BYTES = 2048;

export interface GuardedSenderOptions {
  /** Normalised CIDRs the SSRF guard lets through (`Config.webhookAllowedCidrs`). */
  allowedCidrs?: readonly string[] | undefined;
  /** Default {@link ATTEMPT_TIMEOUT_MS}; shorter in tests. */
  timeoutMs?: number | undefined;
}

/** The attempt ran out of time; recognised when the request is aborted with it. */
class AttemptTimeoutError extends Error {
  override name = 'AttemptTimeoutError';
}

const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

/**
 * Sends webhook attempts over HTTP with undici, one attempt per call: redirects are not followed
 * (a 3xx is an answer like any other), the whole attempt has one deadline, at most
 * {@link RESPONSE_EXCERPT_BYTES} of the answer are read before the connection is dropped, and
 * every connection passes the SSRF guard after DNS resolution. Never throws.
 *
 * @example
 * const sender = new GuardedWebhookSender({ allowedCidrs: config.webhookAllowedCidrs });
 * const outcome = await sender.send(signRequest(request, { id: envelope.id, secret }));
 * await sender.close();
 */
export class GuardedWebhookSender implements WebhookSender {
  readonly #policy: AddressPolicy;
  readonly #timeoutMs: number;
  /** Made by the first attempt (see guarded-agent.ts): most servers start and stop without one. */
  #agent: Promise<{ agent: Agent; request: typeof undiciRequest }> | undefined;
  #closed: Promise<void> | undefined;

  constructor(options: GuardedSenderOptions = {}) {
    this.#timeoutMs = options.timeoutMs ?? ATTEMPT_TIMEOUT_MS;
    this.#policy = new AddressPolicy(options.allowedCidrs);
  }

  #undici(): Promise<{ agent: Agent; request: typeof undiciRequest }> {
    if (!this.#agent) {
      // Closed before any attempt: the agent is closed as it is made, so this attempt is refused
      // as one after close always was (close() had no agent to close).
      const closedAlready = this.#closed !== undefined;
      this.#agent = import('./guarded-agent.js').then(async ({ guardedAgent, request }) => {
        const agent = guardedAgent(this.#policy, { timeoutMs: this.#timeoutMs, maxRedirections: 0 });
        if (closedAlready) await agent.close();
        return { agent, request };
      });
    }
    return this.#agent;
  }

  async send(request: OutboundRequest): Promise<AttemptOutcome> {
    const started = performance.now();
    const latencyMs = () => Math.round(performance.now() - started);
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(new AttemptTimeoutError()), this.#timeoutMs);
    let status: number | undefined;
    try {
      if (!isWebhookProtocol(new URL(request.url))) {
        return { kind: 'address_refused', latencyMs: latencyMs(), error: 'Only http and https URLs are sent.' };
      }
      const undici = await this.#undici();
      const response = await undici.request(request.url, {
        dispatcher: undici.agent,
        method: request.method,
        headers: Object.fromEntries(
          Object.entries(request.headers).map(([name, value]) => [name, wireHeaderValue(value)]),
        ),
        body: request.body,
        signal: deadline.signal,
      });
      status = response.statusCode;
      const bodyExcerpt = await readExcerpt(response.body);
      const retryAfter = retryAfterMs(firstHeader(response.headers['retry-after']));
      return {
        kind: 'response',
        status,
        latencyMs: latencyMs(),
        ...(retryAfter === undefined ? {} : { retryAfterMs: retryAfter }),
        bodyExcerpt,
      };
    } catch (error) {
      return failedOutcome(error, deadline.signal, latencyMs(), status, this.#timeoutMs);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * For shutdown: refuses new attempts, lets those in flight end (each within its deadline), closes
   * connections. Closing again waits for the same close (undici refuses a second one).
   */
  close(): Promise<void> {
    this.#closed ??= this.#agent ? this.#agent.then(({ agent }) => agent.close()) : Promise.resolve();
    return this.#closed;
  }
}

/**
 * Reads up to {@link RESPONSE_EXCERPT_BYTES} and stops: leaving the loop early destroys the body,
 * and undici drops the connection, so a receiver streaming without end costs nothing more.
 */
async function readExcerpt(body: AsyncIterable<Buffer>): Promise<string> {
  const decoder = new StringDecoder('utf8');
  let text = '';
  let remaining = RESPONSE_EXCERPT_BYTES;
  for await (const chunk of body) {
    // A character cut at the limit is held back by the decoder, not turned into U+FFFD.
    text += decoder.write(chunk.subarray(0, remaining));
    remaining -= Math.min(remaining, chunk.length);
    if (remaining === 0) break;
  }
  return remaining === 0 ? text : text + decoder.end();
}

function failedOutcome(
  error: unknown,
  signal: AbortSignal,
  latencyMs: number,
  status: number | undefined,
  timeoutMs: number,
): AttemptOutcome {
  const refused = findCause(error, (cause) => cause instanceof AddressRefusedError);
  if (refused) return { kind: 'address_refused', latencyMs, error: (refused as Error).message };
  const code = (error as { code?: unknown } | null)?.code;
  const afterStatus = status === undefined ? '' : ` after status ${status}`;
  if (signal.reason instanceof AttemptTimeoutError || (typeof code === 'string' && TIMEOUT_CODES.has(code))) {
    return { kind: 'timeout', latencyMs, error: `No complete answer within ${timeoutMs} ms${afterStatus}.` };
  }
  const message = error instanceof Error ? error.message : String(error);
  const prefix = typeof code === 'string' ? `${code}: ` : '';
  return { kind: 'network_error', latencyMs, error: `${prefix}${message}${afterStatus}` };
}

function findCause(error: unknown, test: (cause: unknown) => boolean): unknown {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (test(current)) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
