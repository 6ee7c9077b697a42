import { streamSSE } from 'hono/streaming';
import { positionOfStreamEventId } from '../../domain/stream-event-id.js';
import { defineOperation } from '../operation.js';
import { AUTHENTICATED_ERRORS, instantOf, OrgParams } from '../shared.schemas.js';
import { FeedbackStreamHeaders, FeedbackStreamQuery, FeedbackStreamSchema } from './feedback-stream.schemas.js';

export const streamFeedback = defineOperation({
  scope: 'read',
  route: {
    method: 'get',
    path: '/organizations/{orgId}/feedback/stream',
    tags: ['Feedback'],
    operationId: 'streamFeedback',
    summary: 'Stream feedback as it arrives and changes (Server-Sent Events)',
    description:
      'Sends `feedback.created` and `feedback.updated` events for the items matching the filters (those of the list), as they are committed, from every server process on the database. Resumable: `Last-Event-ID` replays what came after it. Requires the `read` scope; brand-scoped keys receive their brand only.',
    request: { params: OrgParams, query: FeedbackStreamQuery, headers: FeedbackStreamHeaders },
    responses: {
      200: { description: 'The event stream.', content: { 'text/event-stream': { schema: FeedbackStreamSchema } } },
      ...AUTHENTICATED_ERRORS,
    },
  },
  handler: async (c) => {
    const { lastEventId, from, to, ...filters } = c.req.valid('query');
    const resumeAfter = c.req.valid('header')['last-event-id'] ?? lastEventId;
    const stream = c.var.services.feedbackStream;
    const subscription = await stream.open(
      c.var.principal,
      { ...filters, from: instantOf(from), to: instantOf(to) },
      resumeAfter === undefined ? undefined : positionOfStreamEventId(resumeAfter),
    );
    // Proxies that buffer responses (nginx) would hold events back.
    c.header('X-Accel-Buffering', 'no');
    const response = streamSSE(c, async (sse) => {
      sse.onAbort(() => subscription.close());
      try {
        await sse.write(`retry: ${stream.retryMs}\n\n`);
        for (;;) {
          const events = await subscription.next();
          if (events === null || sse.aborted) break;
          if (events.length === 0) await sse.write(': ping\n\n');
          for (const event of events) {
            await sse.writeSSE({ event: event.type, id: event.id, data: JSON.stringify(event.feedback) });
          }
        }
      } finally {
        // A failed read ends the stream too: the client reconnects with the last id it received.
        subscription.close();
      }
    });
    // After streamSSE, which says keep-alive (and on the context, whose headers win): an ended
    // stream's connection is not reused, and left idle it would hold a stopping server.
    c.header('Connection', 'close');
    return response;
  },
});
