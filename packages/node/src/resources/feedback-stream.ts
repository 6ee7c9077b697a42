import type { Feedback, QueryOf } from '@hearback/client';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { RequestOptions } from '../transport/request-options.js';
import type { ResourceContext } from './context.js';

/** The list filters a stream applies (`type`, scores, `from`, `to`, `inboxId`, `brandId`, `source`, `status`, `q`). */
export type FeedbackStreamQuery = Omit<QueryOf<'streamFeedback'>, 'lastEventId'>;

/** One event of the realtime feedback stream. */
export interface FeedbackStreamEvent {
  type: 'feedback.created' | 'feedback.updated';
  /** Its place in the stream: pass it as `lastEventId` to resume after it later. */
  id: string;
  /** The item as the API returns it (after the change, for `feedback.updated`). */
  feedback: Feedback;
}

/** Options of `feedback.stream()`. */
export interface FeedbackStreamOptions extends Omit<RequestOptions, 'idempotencyKey'> {
  /** Resume after this event id (from an earlier stream) instead of starting at the present. */
  lastEventId?: string | undefined;
  /**
   * Connect again, resuming after the last event received, when the server ends the stream (a
   * restart, a client that fell behind) or the connection drops. Default `true`; stop the
   * iteration with `break` or the `signal`.
   */
  reconnect?: boolean | undefined;
}

const EVENT_TYPES: ReadonlySet<string> = new Set(['feedback.created', 'feedback.updated']);
const DEFAULT_RETRY_MS = 2000;

/**
 * The events of `GET /organizations/{orgId}/feedback/stream`, read with eventsource-parser (the
 * wire format has corners a hand-rolled reader gets wrong: split chunks, CRLF, multi-line data).
 * Connection errors are retried as for any read; a 4xx (a revoked key, say) ends the iteration with
 * a `HearbackApiError`.
 */
export async function* feedbackStream(
  context: ResourceContext,
  query: FeedbackStreamQuery,
  options: FeedbackStreamOptions,
): AsyncGenerator<FeedbackStreamEvent, void, undefined> {
  const { lastEventId: resumeAfter, reconnect = true, signal, ...requestOptions } = options;
  let lastEventId = resumeAfter;
  let retryMs = DEFAULT_RETRY_MS;
  const path = { orgId: context.orgId };
  for (;;) {
    const body = await context.call(
      'streamFeedback',
      (attempt) =>
        context.client.GET('/organizations/{orgId}/feedback/stream', {
          params: { path, query, header: lastEventId === undefined ? {} : { 'last-event-id': lastEventId } },
          parseAs: 'stream',
          ...attempt,
        }),
      { ...requestOptions, signal },
    );
    if (!body) throw new TypeError('The feedback stream answered without a body');
    const received: EventSourceMessage[] = [];
    const parser = createParser({
      onEvent: (message) => received.push(message),
      onRetry: (ms) => {
        retryMs = ms;
      },
    });
    const reader = body.getReader();
    const stop = () => void reader.cancel().catch(() => {});
    signal?.addEventListener('abort', stop, { once: true });
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const chunk = await reader.read().catch(() => ({ done: true as const, value: undefined }));
        if (chunk.done) break;
        parser.feed(decoder.decode(chunk.value, { stream: true }));
        for (const message of received.splice(0)) {
          if (!message.event || !EVENT_TYPES.has(message.event) || message.id === undefined) continue;
          lastEventId = message.id;
          yield {
            type: message.event as FeedbackStreamEvent['type'],
            id: message.id,
            feedback: JSON.parse(message.data) as Feedback,
          };
        }
      }
    } finally {
      signal?.removeEventListener('abort', stop);
      // Also when the caller stops iterating (`break`): the connection closes.
      stop();
    }
    signal?.throwIfAborted();
    if (!reconnect) return;
    await new Promise((resolve) => setTimeout(resolve, retryMs));
    signal?.throwIfAborted();
  }
}
