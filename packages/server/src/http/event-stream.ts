/** What an event stream response writes: the next text (frames, a comment), or null at its end. */
export interface EventStreamSource {
  next(): Promise<string | null>;
  /** The client went away (or the response was cancelled): stop producing. */
  close(): void;
}

/**
 * A `text/event-stream` response pulling its text from `source` as the connection takes it: one
 * stream between the source and the socket (Hono's streamSSE adds a TransformStream and a writer,
 * which cost as much as the rest of the fan-out with hundreds of streams open), backpressure for
 * free, and `close` on cancel. `Connection: close`: nothing reuses the connection of an ended
 * stream, and left idle it would hold a stopping server for the keep-alive timeout.
 *
 * @example
 * return eventStreamResponse({ next: async () => ': ping\n\n', close: () => {} });
 */
export function eventStreamResponse(source: EventStreamSource): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const text = await source.next();
          if (text === null) controller.close();
          else controller.enqueue(encoder.encode(text));
        } catch (error) {
          source.close();
          controller.error(error);
        }
      },
      cancel: () => source.close(),
    },
    { highWaterMark: 0 },
  );
  return new Response(body, {
    status: 200,
    headers: {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      connection: 'close',
      // Proxies that buffer responses (nginx) would hold events back.
      'x-accel-buffering': 'no',
    },
  });
}

/**
 * One event in the wire format. `data` must hold no line break (JSON from JSON.stringify does not):
 * it is written as one `data:` line.
 *
 * @example
 * eventFrame({ event: 'feedback.created', id: '0-42', data: '{"id":"fb_…"}' });
 */
export function eventFrame(message: { event: string; id: string; data: string }): string {
  return `event: ${message.event}\nid: ${message.id}\ndata: ${message.data}\n\n`;
}

/** A comment line: keeps an idle connection open through proxies; clients ignore it. */
export const HEARTBEAT_FRAME = ': ping\n\n';
