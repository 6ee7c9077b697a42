import { WebhookUrlSchema } from '@hearback/inputs';
import { z } from '@hono/zod-openapi';
import { PageResponseResourceSchema } from '../../domain/feedback-page-resource.js';
import { writeInput } from '../../domain/write-input.js';
import { EVENT_TYPES } from '../../services/events.js';
import { SigningSecretSchema } from '../automations/automations.schemas.js';
import { FeedbackSchema } from '../feedback/feedback.schemas.js';
import { documentable, OrgParams, Timestamp } from '../shared.schemas.js';

const EventType = z.enum(EVENT_TYPES).openapi({ example: 'feedback.created' });

export const RestHookSchema = z
  .object({
    id: z.string().openapi({ example: 'auto_01jd3x2k9v6c4h8m2n5p7q1r3s' }),
    orgId: z.string(),
    event: EventType,
    targetUrl: z.string().openapi({ example: 'https://hooks.zapier.com/hooks/standard/123/abc/' }),
    createdAt: Timestamp,
  })
  .openapi('RestHook');

export const RestHookWithSecretSchema = RestHookSchema.extend({ signingSecret: SigningSecretSchema }).openapi(
  'RestHookWithSecret',
);

export const RestHookInputSchema = writeInput({
  event: EventType,
  targetUrl: documentable(WebhookUrlSchema).openapi({ example: 'https://hooks.zapier.com/hooks/standard/123/abc/' }),
}).openapi('RestHookInput');

export const RestHookParams = OrgParams.extend({
  hookId: z.string().openapi({ param: { name: 'hookId', in: 'path' }, example: 'auto_01jd3x2k9v6c4h8m2n5p7q1r3s' }),
});

export const RestHookSampleQuery = z.object({
  event: EventType.openapi({ param: { name: 'event', in: 'query' } }),
});

export const RestHookSampleSchema = z
  .object({
    data: z.array(z.union([FeedbackSchema, PageResponseResourceSchema])).openapi({
      description:
        'Up to 3 recent items, newest first, each exactly as a hook for this event receives it: the resource itself, not wrapped in an envelope (feedback for `feedback.*`, page responses for `page_response.created`). Empty until the organization has one.',
    }),
  })
  .openapi('RestHookSample');
