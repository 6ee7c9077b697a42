import { positionOfStreamEventId } from '../../domain/stream-event-id.js';
import { eventFrame, eventStreamResponse, HEARTBEAT_FRAME } from '../../http/event-stream.js';
import { defineOperation } from '../operation.js';
import { AUTHENTICATED_ERRORS, OrgParams } from '../shared.schemas.js';
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
    const { lastEventId, ...filters } = c.req.valid('query');
    const resumeAfter = c.req.valid('header')['last-event-id'] ?? lastEventId;
    const stream = c.var.services.feedbackStream;
    const subscription = await stream.open(
      c.var.principal,
      filters,
      resumeAfter === undefined ? undefined : positionOfStreamEventId(resumeAfter),
    );
    let hinted = false;
    return eventStreamResponse({
      async next() {
        if (!hinted) {
          hinted = true;
          return `retry: ${stream.retryMs}\n\n`;
        }
        const events = await subscription.next();
        if (events === null) return null;
        if (events.length === 0) return HEARTBEAT_FRAME;
        return events.map((event) => eventFrame({ event: event.type, id: event.id, data: event.json })).join('');
      },
      close: () => subscription.close(),
    });
  },
});
