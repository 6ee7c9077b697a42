import { createRoute } from '@hono/zod-openapi';
import { requireKey } from '../../http/auth.js';
import { AUTHENTICATED_ERRORS, errorResponse, jsonBody, jsonContent, SECURITY } from '../shared.schemas.js';
import { CollectRequestSchema, CollectResponseSchema, IdempotencyHeaders } from './collect.schemas.js';

export const collect = createRoute({
  method: 'post',
  path: '/collect',
  tags: ['Collect'],
  operationId: 'collectFeedback',
  summary: 'Submit feedback',
  description:
    'Stores one feedback event in the inbox named by `inboxKey`. Answers 201 only once the event is durably committed. Requires the `collect` scope.',
  security: SECURITY,
  middleware: [requireKey('collect')] as const,
  request: { headers: IdempotencyHeaders, body: jsonBody(CollectRequestSchema) },
  responses: {
    201: jsonContent(CollectResponseSchema, 'Stored (or, for a repeated idempotency key, stored before).'),
    ...AUTHENTICATED_ERRORS,
    404: errorResponse('No inbox with this inboxKey is visible to the key (`inbox_not_found`).'),
    422: errorResponse(
      'This `Idempotency-Key` or `eventId` was already used for a different submission (`idempotency_key_reused`).',
    ),
    429: errorResponse('The monthly event allowance of the plan is spent (`event_limit_reached`).'),
  },
});
