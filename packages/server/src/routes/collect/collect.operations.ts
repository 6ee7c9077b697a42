import { defineOperation } from '../operation.js';
import { AUTHENTICATED_ERRORS, errorResponse, jsonBody, jsonContent } from '../shared.schemas.js';
import { CollectRequestSchema, CollectResponseSchema, IdempotencyHeaders } from './collect.schemas.js';

/** `POST /collect`; the node:http fast path (http/collect-fast-path.ts) serves it too, with this scope. */
export const collectFeedback = defineOperation({
  scope: 'collect',
  route: {
    method: 'post',
    path: '/collect',
    tags: ['Collect'],
    operationId: 'collectFeedback',
    summary: 'Submit feedback',
    description:
      'Stores one feedback event in the inbox named by `inboxKey`. Answers 201 only once the event is durably committed. Requires the `collect` scope.',
    request: { headers: IdempotencyHeaders, body: jsonBody(CollectRequestSchema) },
    responses: {
      201: jsonContent(CollectResponseSchema, 'Stored (or, for a repeated idempotency key, stored before).'),
      ...AUTHENTICATED_ERRORS,
      404: errorResponse('No inbox with this inboxKey is visible to the key (`inbox_not_found`).'),
      422: errorResponse(
        'The idempotency key (`Idempotency-Key` or `eventId`) was used for a different submission (`idempotency_key_reused`).',
      ),
      429: errorResponse('The monthly event allowance of the plan is spent (`event_limit_reached`).'),
    },
  },
  handler: async (c) => {
    const body = c.req.valid('json');
    const { 'idempotency-key': idempotencyKey } = c.req.valid('header');
    const result = await c.var.services.collect.submit(c.var.principal, body, idempotencyKey);
    if (result.replayed) c.header('Idempotent-Replayed', 'true');
    return c.json({ id: result.id, success: true as const }, 201);
  },
});
