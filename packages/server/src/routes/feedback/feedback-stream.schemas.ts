import { z } from '@hono/zod-openapi';
import { STREAM_EVENT_ID_PATTERN } from '../../domain/stream-event-id.js';
import { FeedbackStatsQuery } from './feedback.schemas.js';

const eventIdDescription =
  'Resume after this event: the `id:` of the last event received. Events after it are sent first (those still kept; see `HEARBACK_EVENT_RETENTION_DAYS`), then new ones. Without it the stream starts at the present.';

/** The list's filters (without paging), and where to resume for EventSource polyfills that cannot set headers. */
export const FeedbackStreamQuery = FeedbackStatsQuery.extend({
  lastEventId: z
    .string()
    .regex(STREAM_EVENT_ID_PATTERN, 'Not an event id of this stream.')
    .optional()
    .openapi({
      param: { name: 'lastEventId', in: 'query' },
      description: `${eventIdDescription} The \`Last-Event-ID\` header takes precedence.`,
      example: '0-1042',
    }),
});

export const FeedbackStreamHeaders = z.object({
  // Lower-case: Hono validates lower-cased header names; clients send `Last-Event-ID`.
  'last-event-id': z
    .string()
    .regex(STREAM_EVENT_ID_PATTERN, 'Not an event id of this stream.')
    .optional()
    .openapi({ param: { name: 'last-event-id', in: 'header' }, description: eventIdDescription, example: '0-1042' }),
});

export const FeedbackStreamSchema = z.string().openapi({
  description:
    'Server-Sent Events. Each event is `event: feedback.created` or `event: feedback.updated`, `id:` its place in the log (send it back as `Last-Event-ID` to resume), and `data:` the feedback item as the API returns it (`Feedback`; after the change, for `feedback.updated`). Comments (`: ping`) keep the connection alive; `retry:` says how long to wait before reconnecting.',
  example:
    'retry: 2000\n\nevent: feedback.created\ndata: {"id":"fb_01jd3x2k9v6c4h8m2n5p7q1r3s","type":"nps","score":9,…}\nid: 0-1042\n\n: ping\n\n',
});
