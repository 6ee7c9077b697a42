import { type EventType, isEventType } from '@hearback/inputs';
import { automationMatches } from '../domain/automation-match.js';
import type { BatchHandler, EventHandler } from '../jobs/job-runner.js';
import { newId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';
import { deliveryOrderKey, type NewDelivery } from '../storage/repositories/webhook-deliveries.js';
import type { Store } from '../storage/store.js';
import { envelopeOf } from './envelope.js';

/**
 * The outbox consumer that turns events into deliveries: its own position in the log, so a slow
 * consumer of another name (embeddings) never holds webhooks back.
 */
export const WEBHOOKS_CONSUMER = 'webhooks';

export interface FanOutOptions {
  /** Called after deliveries were queued (wakes the delivery worker). */
  onQueued?: () => void;
}

/**
 * The handlers of the {@link WEBHOOKS_CONSUMER} job runner: one delivery per automation that wants
 * the event (enabled, subscribed to its type, its organization's plan has webhooks, and its filter
 * passes: `automationMatches`), for a whole batch of the log at once (the per-event handler serves
 * the events of a batch that failed, one at a time). The job runner hands an event out at least
 * once; the unique (automation, event) key makes that exactly one delivery.
 *
 * @example
 * const fanOut = webhookFanOut(store, { onQueued: () => worker.wake() });
 * new JobRunner({
 *   store,
 *   consumer: WEBHOOKS_CONSUMER,
 *   batchHandler: fanOut.batch,
 *   handlers: { '*': [fanOut.event] },
 *   wantedTypes: fanOut.wantedTypes,
 * });
 */
export function webhookFanOut(
  store: Store,
  options: FanOutOptions = {},
): { batch: BatchHandler; event: EventHandler; wantedTypes: () => Promise<readonly string[]> } {
  const batch: BatchHandler = async (events) => {
    // Events no automation can subscribe to (the reindex job's, say) have nothing to fan out.
    const subscribable = events.filter((event) => isEventType(event.type));
    const wanted = new Map<string, Awaited<ReturnType<typeof store.automations.enabledAutomationsFor>>>();
    for (const event of subscribable) {
      const key = `${event.orgId}\0${event.type}`;
      if (!wanted.has(key)) {
        wanted.set(key, await store.automations.enabledAutomationsFor(event.orgId, event.type as EventType));
      }
    }
    const deliveries: NewDelivery[] = [];
    for (const event of subscribable) {
      const automations = wanted.get(`${event.orgId}\0${event.type}`) ?? [];
      if (automations.length === 0) continue;
      const envelope = envelopeOf(event);
      const position = deliveryOrderKey(event.position ?? { tx: '0', seq: event.seq });
      const payload = JSON.stringify(event.data);
      for (const automation of automations) {
        if (!automationMatches(automation, envelope)) continue;
        deliveries.push({
          id: newId('delivery'),
          org_id: event.orgId,
          automation_id: automation.id,
          event_id: event.id,
          event_type: event.type,
          event_position: position,
          event_timestamp: event.createdAt,
          payload,
        });
      }
    }
    if (deliveries.length === 0) return;
    await store.webhookDeliveries.enqueue(deliveries, nowIso());
    options.onQueued?.();
  };
  return {
    batch,
    event: (event) => batch([event]),
    // Only events some automation subscribes to are read with their payloads (none while no automation sends).
    wantedTypes: () => store.automations.subscribedEventTypes(),
  };
}
