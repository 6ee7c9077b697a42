import type { Principal } from '../domain/api-key.js';
import type { Page } from '../domain/organization.js';
import type { DeliveryStatus, WebhookDelivery } from '../domain/webhook-delivery.js';
import { ApiError, notFound } from '../errors/api-error.js';
import { nowIso } from '../lib/time.js';
import type { AttemptRow, DeliveryRow } from '../storage/repositories/webhook-deliveries.js';
import type { Store } from '../storage/store.js';
import { type PageRequest, pageSize, readCursor, toPage } from './pagination.js';

function toDelivery(row: DeliveryRow, attempts: readonly AttemptRow[]): WebhookDelivery {
  return {
    id: row.id,
    automationId: row.automation_id,
    eventId: row.event_id,
    eventType: row.event_type,
    status: row.status as WebhookDelivery['status'],
    attempts: attempts.map((attempt) => ({
      at: attempt.attempted_at,
      statusCode: attempt.status_code,
      latencyMs: attempt.latency_ms,
      outcome: attempt.outcome,
      error: attempt.error,
      responseExcerpt: attempt.response_excerpt,
    })),
    nextAttemptAt: row.status === 'pending' ? row.next_attempt_at : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * The delivery log of an organization's automations and redelivery. Deliveries carry events of
 * every brand, so brand-scoped keys have no access (the operations are `organizationWide` in the
 * operation table, which refuses such keys before a service is called).
 */
export function webhookDeliveriesService(store: Store, onQueued: () => void) {
  async function automationOf(principal: Principal, automationId: string) {
    const automation = await store.webhookDeliveries.findAutomation(principal.orgId, automationId);
    if (!automation) throw notFound('Automation', automationId);
    return automation;
  }

  /**
   * The automation, refusing a disabled one with 409 `automation_disabled`: the worker sends only
   * for enabled automations, so a delivery queued now would wait, `pending` with a time long past,
   * until someone enabled it.
   */
  async function enabledAutomationOf(principal: Principal, automationId: string) {
    const automation = await automationOf(principal, automationId);
    if (automation.enabled !== 1) {
      throw new ApiError(
        409,
        'automation_disabled',
        `Automation ${automationId} is disabled, so nothing would be sent. Enable it first (PATCH /organizations/${principal.orgId}/automations/${automationId} {"enabled": true}), then redeliver.`,
      );
    }
    return automation;
  }

  async function withAttempts(rows: DeliveryRow[]): Promise<WebhookDelivery[]> {
    const attempts = await store.webhookDeliveries.attemptsOf(rows.map((row) => row.id));
    return rows.map((row) =>
      toDelivery(
        row,
        attempts.filter((attempt) => attempt.delivery_id === row.id),
      ),
    );
  }

  return {
    /** The automation's deliveries, newest first; only those in `status` when given. */
    async list(
      principal: Principal,
      automationId: string,
      page: PageRequest & { status?: DeliveryStatus | undefined },
    ): Promise<Page<WebhookDelivery>> {
      await automationOf(principal, automationId);
      const { rows, lastId } = await store.webhookDeliveries.list(
        automationId,
        { limit: pageSize(page), before: readCursor(page.cursor) },
        page.status,
      );
      return toPage({ items: await withAttempts(rows), lastId });
    },

    /**
     * Queues a new attempt of the delivery now (the same event, so the same `webhook-id`), on a
     * fresh retry schedule. One in flight is left to finish; a disabled automation is refused.
     */
    async redeliver(principal: Principal, automationId: string, deliveryId: string): Promise<WebhookDelivery> {
      await enabledAutomationOf(principal, automationId);
      const row = await store.webhookDeliveries.requeue(automationId, deliveryId, nowIso());
      if (!row) throw notFound('Delivery', deliveryId);
      onQueued();
      const [delivery] = await withAttempts([row]);
      return delivery as WebhookDelivery;
    },

    /**
     * Queues every failed delivery of the automation created since `since` (all without it); a
     * disabled automation is refused.
     */
    async redeliverFailed(
      principal: Principal,
      automationId: string,
      since: string | undefined,
    ): Promise<{ queued: number }> {
      await enabledAutomationOf(principal, automationId);
      // Stored times are UTC ISO text: an offset in `since` is normalized so text order is time order.
      const from = since === undefined ? null : new Date(since).toISOString();
      const queued = await store.webhookDeliveries.requeueFailed(automationId, from, nowIso());
      if (queued > 0) onQueued();
      return { queued };
    },
  };
}

export type WebhookDeliveriesService = ReturnType<typeof webhookDeliveriesService>;
