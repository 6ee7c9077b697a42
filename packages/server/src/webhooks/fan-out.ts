import { automationMatches } from '../domain/automation-match.js';
import { isEventType } from '../domain/event-registry.js';
import type { EventHandler } from '../jobs/job-runner.js';
import { newId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';
import type { ClaimedEvent } from '../storage/repositories/outbox.js';
import { deliveryOrderKey, type NewDelivery } from '../storage/repositories/webhook-deliveries.js';
import type { Store } from '../storage/store.js';
import type { WebhookEventEnvelope } from './contracts.js';

/**
 * The outbox consumer that turns events into deliveries: its own position in the log, so a slow
 * consumer of another name (embeddings) never holds webhooks back.
 */
export const WEBHOOKS_CONSUMER = 'webhooks';

/** The envelope a delivery sends for an outbox event. */
export function envelopeOf(event: Pick<ClaimedEvent, 'id' | 'type' | 'createdAt' | 'data'>): WebhookEventEnvelope {
  return { id: event.id, type: event.type, timestamp: event.createdAt, data: event.data };
}

export interface FanOutOptions {
  /** Called after deliveries were queued (wakes the delivery worker). */
  onQueued?: () => void;
}

/**
 * The handler (for every event type) of the {@link WEBHOOKS_CONSUMER} job runner: one delivery
 * per matching enabled automation of the event's organization. The job runner hands an event out
 * at least once; the unique (automation, event) key makes that exactly one delivery.
 *
 * @example
 * webhookJobs.on('*', fanOutHandler(store, { onQueued: () => worker.wake() }));
 */
export function fanOutHandler(store: Store, options: FanOutOptions = {}): EventHandler {
  return async (event) => {
    // Events no automation can subscribe to (the reindex job's, say) have nothing to fan out.
    if (!isEventType(event.type)) return;
    // Enabled, subscribed, and of an organization whose plan has webhooks.
    const automations = await store.automations.enabledAutomationsFor(event.orgId, event.type);
    if (automations.length === 0) return;
    const envelope = envelopeOf(event);
    const position = deliveryOrderKey(event.position ?? { tx: '0', seq: event.seq });
    const payload = JSON.stringify(event.data);
    const deliveries: NewDelivery[] = automations
      .filter((automation) => automationMatches(automation, envelope))
      .map((automation) => ({
        id: newId('delivery'),
        org_id: event.orgId,
        automation_id: automation.id,
        event_id: event.id,
        event_type: event.type,
        event_position: position,
        event_timestamp: event.createdAt,
        payload,
      }));
    if (deliveries.length === 0) return;
    await store.webhookDeliveries.enqueue(deliveries, nowIso());
    options.onQueued?.();
  };
}
