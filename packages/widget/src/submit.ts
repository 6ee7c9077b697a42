import { WidgetError } from './errors.js';
import type { FeedbackContext, FeedbackKind } from './types.js';

/** The JSON body of `POST /collect`. */
export interface CollectBody {
  inboxKey: string;
  type: FeedbackKind;
  score: number | null;
  comment: string | null;
  context: FeedbackContext;
}

/** One delivery attempt: where, with which key, and the idempotency key that makes retries safe. */
export interface CollectRequest {
  apiUrl: string;
  apiKey: string;
  idempotencyKey: string;
  body: CollectBody;
}

export type SendResult = { ok: true; id: string } | { ok: false; error: WidgetError };

const TIMEOUT_MS = 15_000;

/** A random idempotency key; `crypto.getRandomValues` also works outside secure contexts. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `hbw_${Array.from(bytes, (byte) => (byte | 256).toString(16).slice(1)).join('')}`;
}

/**
 * Sends one submission to `POST /collect`. Never throws: failures come back as a `WidgetError`,
 * told apart as offline, blocked in the browser, server unreachable, timeout, the server's refusal,
 * or a body that cannot become JSON (`invalid_input`: every context, however given, ends here).
 *
 * @example
 * const result = await sendFeedback({ apiUrl, apiKey, idempotencyKey: newIdempotencyKey(), body });
 * if (result.ok) console.log(result.id);
 */
export async function sendFeedback(request: CollectRequest, fetchImpl: typeof fetch = fetch): Promise<SendResult> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  let body: string | undefined;
  try {
    body = JSON.stringify(request.body);
    const response = await fetchImpl(`${request.apiUrl}/collect`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Service-Key': request.apiKey,
        'Idempotency-Key': request.idempotencyKey,
      },
      body,
      signal: controller.signal,
    });
    const payload = (await response.json().catch(() => ({}))) as { id?: string; code?: string; detail?: string };
    if (response.ok && typeof payload.id === 'string') return { ok: true, id: payload.id };
    const { status } = response;
    const code = status === 429 ? 'rate_limited' : status > 499 || status === 408 ? 'server_error' : 'rejected';
    const retryAfter = Number(response.headers.get('Retry-After')) || undefined;
    return {
      ok: false,
      error: new WidgetError(code, payload.detail ?? `HTTP ${status}`, { status, apiCode: payload.code, retryAfter }),
    };
  } catch (cause) {
    // No body: the context (the widget's option, setContext's, submit's or onSubmit's) cannot
    // become JSON (a cycle, a BigInt): bad input, sent nowhere. Else, online, yet no response.
    // Blame the browser (an extension) only when the same server answers another request at
    // once; else it is down or unreachable. `no-cors`: reaching it is enough.
    const code = !body
      ? 'invalid_input'
      : controller.signal.aborted
        ? 'timeout'
        : !navigator.onLine
          ? 'offline'
          : await fetchImpl(`${request.apiUrl}/healthz`, { mode: 'no-cors', signal: controller.signal }).then(
              () => 'blocked' as const,
              () => 'network_error' as const,
            );
    return { ok: false, error: new WidgetError(code, body ? `${cause}` : `context: ${cause}`) };
  } finally {
    clearTimeout(timer);
  }
}
