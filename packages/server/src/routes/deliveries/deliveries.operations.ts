import { defineOperation } from '../operation.js';
import { AUTHENTICATED_ERRORS, errorResponse, jsonContent } from '../shared.schemas.js';
import {
  AutomationParams,
  DeliveryListQuery,
  DeliveryPageSchema,
  DeliveryParams,
  DeliverySchema,
  RedeliverFailedQuery,
  RedeliverFailedResultSchema,
} from './deliveries.schemas.js';

/** What a brand-scoped key is told it cannot do: the delivery log is organization-wide. */
const MANAGE_DELIVERIES = "read or redeliver webhook deliveries, which carry every brand's events";

const tags = ['Webhook deliveries'];

const AUTOMATION_DISABLED = errorResponse(
  'The automation is disabled (`automation_disabled`): enable it first; nothing is queued. Or a request with this `Idempotency-Key` is still running (`idempotency_key_in_use`).',
);
const automationPath = '/organizations/{orgId}/automations/{automationId}';

export const listDeliveries = defineOperation({
  scope: 'read',
  organizationWide: MANAGE_DELIVERIES,
  route: {
    method: 'get',
    path: `${automationPath}/deliveries`,
    tags,
    operationId: 'listDeliveries',
    summary: "List an automation's webhook deliveries",
    description:
      "The delivery log: one delivery per event sent to the automation, newest first, with every attempt (time, status code, latency, the first 2 KB of the response). A finished delivery (succeeded, or failed for good) leaves the log, with its attempts and the data it sent, once it has been idle for the server's retention (`HEARBACK_WEBHOOK_DELIVERY_RETENTION_DAYS`, 30 days by default); pending and in-flight deliveries stay until they finish.",
    request: { params: AutomationParams, query: DeliveryListQuery },
    responses: { 200: jsonContent(DeliveryPageSchema, 'A page of deliveries, newest first.'), ...AUTHENTICATED_ERRORS },
  },
  handler: async (c) => {
    const { automationId } = c.req.valid('param');
    return c.json(
      await c.var.services.webhookDeliveries.list(c.var.principal, automationId, c.req.valid('query')),
      200,
    );
  },
});

export const redeliverDelivery = defineOperation({
  scope: 'write',
  organizationWide: MANAGE_DELIVERIES,
  route: {
    method: 'post',
    path: `${automationPath}/deliveries/{deliveryId}/redeliver`,
    tags,
    operationId: 'redeliverDelivery',
    summary: 'Send a delivery again',
    description:
      'Queues a new attempt now, with the same `webhook-id` (receivers deduplicate on it), on a fresh retry schedule. An attempt already in flight is left to finish. A disabled automation sends nothing: enable it first (409 `automation_disabled`). A delivery no longer in the log (past the delivery retention, or deleted with the feedback it carried) is gone for good: 404 `not_found`, as for an id that never existed.',
    request: { params: DeliveryParams },
    responses: {
      202: jsonContent(DeliverySchema, 'The delivery, queued.'),
      ...AUTHENTICATED_ERRORS,
      409: AUTOMATION_DISABLED,
    },
  },
  handler: async (c) => {
    const { automationId, deliveryId } = c.req.valid('param');
    return c.json(await c.var.services.webhookDeliveries.redeliver(c.var.principal, automationId, deliveryId), 202);
  },
});

export const redeliverFailedDeliveries = defineOperation({
  scope: 'write',
  organizationWide: MANAGE_DELIVERIES,
  route: {
    method: 'post',
    path: `${automationPath}/redeliver-failed`,
    tags,
    operationId: 'redeliverFailedDeliveries',
    summary: "Send an automation's failed deliveries again",
    description:
      'Queues every failed delivery of the automation (created since `since`) for a new attempt now. A disabled automation sends nothing: enable it first (409 `automation_disabled`).',
    request: { params: AutomationParams, query: RedeliverFailedQuery },
    responses: {
      202: jsonContent(RedeliverFailedResultSchema, 'How many were queued.'),
      ...AUTHENTICATED_ERRORS,
      409: AUTOMATION_DISABLED,
    },
  },
  handler: async (c) => {
    const { automationId } = c.req.valid('param');
    const { since } = c.req.valid('query');
    return c.json(await c.var.services.webhookDeliveries.redeliverFailed(c.var.principal, automationId, since), 202);
  },
});
