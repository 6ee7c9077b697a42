import { z } from '@hono/zod-openapi';
import { DELIVERY_STATUSES } from '../../domain/webhook-delivery.js';
import { idOf, OrgParams, PageQuery, pageOf, Timestamp } from '../shared.schemas.js';

export const DeliveryStatusSchema = z.enum(DELIVERY_STATUSES).openapi('DeliveryStatus', {
  description:
    '`pending` (waiting for its first attempt or a retry), `delivering` (an attempt in flight), `succeeded` (2xx) or `failed` (retries exhausted, or an answer not worth retrying).',
});

export const AutomationParams = OrgParams.extend({
  automationId: idOf('automation', 'auto_01jd3x2k9v6c4h8m2n5p7q1r3s').openapi({
    param: { name: 'automationId', in: 'path' },
  }),
});

export const DeliveryParams = AutomationParams.extend({
  deliveryId: idOf('delivery', 'dlv_01jd3x2k9v6c4h8m2n5p7q1r3s').openapi({
    param: { name: 'deliveryId', in: 'path' },
  }),
});

export const DeliveryAttemptSchema = z
  .object({
    at: Timestamp.openapi({ description: 'When the attempt started.' }),
    statusCode: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "The receiver's HTTP status; null without an answer." }),
    latencyMs: z.number().openapi({ description: 'From the request to the end of the answer (or the failure).' }),
    outcome: z.string().openapi({
      description:
        '`response` (the receiver answered), `network_error`, `timeout` (15 s), `address_refused` (the SSRF guard) or `render_error` (the template could not be rendered).',
      example: 'response',
    }),
    error: z.string().nullable(),
    responseExcerpt: z.string().nullable().openapi({ description: 'The first 2 KB of the response body.' }),
  })
  .openapi('DeliveryAttempt');

export const DeliverySchema = z
  .object({
    id: z.string().openapi({ example: 'dlv_01jd3x2k9v6c4h8m2n5p7q1r3s' }),
    automationId: z.string(),
    eventId: z.string().openapi({
      description: 'The event delivered: the `webhook-id` header of every attempt.',
      example: 'evt_01jd3x2k9v6c4h8m2n5p7q1r3s',
    }),
    eventType: z.string().openapi({ example: 'feedback.created' }),
    status: DeliveryStatusSchema,
    attempts: z.array(DeliveryAttemptSchema).openapi({ description: 'Every attempt, oldest first.' }),
    nextAttemptAt: Timestamp.nullable().openapi({ description: 'When a pending delivery is next attempted.' }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .openapi('Delivery');

export const DeliveryPageSchema = pageOf(DeliverySchema, 'DeliveryPage');

export const DeliveryListQuery = PageQuery.extend({
  // Inline, not the component: a query parameter's schema is plain (clients and fuzzers read it so).
  status: z
    .enum(DELIVERY_STATUSES)
    .optional()
    .openapi({
      param: { name: 'status', in: 'query' },
      description: 'Only deliveries in this state (say `failed`, for what needs attention).',
    }),
});

export const RedeliverFailedQuery = z.object({
  since: z.iso
    .datetime({ offset: true })
    .optional()
    .openapi({
      param: { name: 'since', in: 'query' },
      description: 'Only deliveries created at or after this time (ISO-8601 with offset); all failed ones without it.',
      example: '2026-11-01T00:00:00Z',
    }),
});

export const RedeliverFailedResultSchema = z
  .object({ queued: z.number().int().openapi({ description: 'How many failed deliveries were queued again.' }) })
  .openapi('RedeliverFailedResult');
