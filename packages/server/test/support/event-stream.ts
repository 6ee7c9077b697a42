import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { within } from './async.js';

/** A Server-Sent Events response being read: its events and comments as they arrive. */
export interface EventStreamReader {
  response: Response;
  /** The next event (comments aside), failing after `ms` without one. */
  next(ms?: number): Promise<EventSourceMessage>;
  /** The next `n` events. */
  take(n: number, ms?: number): Promise<EventSourceMessage[]>;
  /** Resolves at the next comment line (`: ping`), with its text. */
  nextComment(ms?: number): Promise<string>;
  /** The `retry:` hint, once received. */
  retry(ms?: number): Promise<number>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  /** Stops reading (the client goes away). */
  close(): Promise<void>;
}

const SOON_MS = 10_000;

/**
 * Reads an SSE response with eventsource-parser, the parser the SDK uses.
 *
 * @example
 * const stream = readEventStream(await fetch(url));
 * const event = await stream.next();
 */
export function readEventStream(response: Response): EventStreamReader {
  if (!response.body) throw new Error(`No body (status ${response.status})`);
  const events: EventSourceMessage[] = [];
  const comments: string[] = [];
  let retryMs: number | undefined;
  let notify: () => void = () => {};
  const changed = () =>
    new Promise<void>((resolve) => {
      notify = resolve;
    });
  const parser = createParser({
    onEvent: (event) => {
      events.push(event);
      notify();
    },
    onComment: (comment) => {
      comments.push(comment.trim());
      notify();
    },
    onRetry: (ms) => {
      retryMs = ms;
      notify();
    },
  });
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let done = false;
  const ended = (async () => {
    try {
      for (;;) {
        const chunk = await reader.read();
        if (chunk.done) break;
        parser.feed(decoder.decode(chunk.value, { stream: true }));
      }
    } catch {
      // Cancelled by close().
    } finally {
      done = true;
      notify();
    }
  })();

  async function until<T>(take: () => T | undefined, ms: number, what: string): Promise<T> {
    const wait = async () => {
      for (;;) {
        const next = changed();
        const value = take();
        if (value !== undefined) return value;
        if (done) throw new Error(`The stream ended before ${what}`);
        await next;
      }
    };
    return within(wait(), ms, `no ${what}`);
  }

  return {
    response,
    next: (ms = SOON_MS) => until(() => events.shift(), ms, 'event'),
    async take(n, ms = SOON_MS) {
      const taken: EventSourceMessage[] = [];
      for (let i = 0; i < n; i += 1) taken.push(await this.next(ms));
      return taken;
    },
    nextComment: (ms = SOON_MS) => until(() => comments.shift(), ms, 'comment'),
    retry: (ms = SOON_MS) => until(() => retryMs, ms, 'retry hint'),
    ended,
    async close() {
      await reader.cancel().catch(() => {});
      await ended;
    },
  };
}

/**
 * The body of a response that ends; an event stream never does, so it is cancelled (the client
 * leaves) and reads as ''. For suites that send every operation (the scope matrix, the fuzzer).
 */
export async function finiteBodyText(response: Response): Promise<string> {
  if (response.headers.get('content-type')?.startsWith('text/event-stream')) {
    await response.body?.cancel();
    return '';
  }
  return response.text();
}
