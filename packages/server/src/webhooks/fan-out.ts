import type { BatchHandler, EventHandler } from '../jobs/job-runner.js';
import { newId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';
import { type AutomationRow, deliveryOrderKey, type NewDelivery } from '../storage/repositories/webhook-deliveries.js';
import type { Store } from '../storage/store.js';
import type { WebhookEventEnvelope } from './contracts.js';
import { envelopeOf } from './envelope.js';

/**
 * The outbox consumer that turns events into deliveries: its own position in the log, so a slow
 * consumer of another name (embeddings) never holds webhooks back.
 */
export const WEBHOOKS_CONSUMER = 'webhooks';

/** Whether an enabled automation wants an event (its event types, then its filter). */
export type AutomationMatcher = (automation: AutomationRow, envelope: WebhookEventEnvelope) => boolean;

/** The event types an automation subscribes to (the `events` column). */
function subscribedTypes(automation: AutomationRow): string[] {
  const parsed: unknown = JSON.parse(automation.events);
  return Array.isArray(parsed) ? parsed.filter((type): type is string => typeof type === 'string') : [];
}

/**
 * Matches on the event type alone. Placeholder for the automations' own matcher
 * (`automationMatches`, which also applies the filter): pass that as `matches` to {@link fanOutHandler}.
 */
export const subscribedToEvent: AutomationMatcher = (automation, envelope) =>
  subscribedTypes(automation).includes(envelope.type);

export interface FanOutOptions {
  /** Which enabled automations want the event (default: {@link subscribedToEvent}). */
  matches?: AutomationMatcher;
  /** Called after deliveries were queued (wakes the delivery worker). */
  onQueued?: () => void;
}

/**
 * The handlers of the {@link WEBHOOKS_CONSUMER} job runner: one delivery per matching enabled
 * automation of each event's organization, for a whole batch of the log in two statements (the
 * per-event handler serves the events of a batch that failed, one at a time). The job runner hands
 * an event out at least once; the unique (automation, event) key makes that exactly one delivery.
 *
 * @example
 * const fanOut = webhookFanOut(store, { onQueued: () => worker.wake() });
 * new JobRunner({ store, consumer: WEBHOOKS_CONSUMER, batchHandler: fanOut.batch, handlers: { '*': [fanOut.event] } });
 */
export function webhookFanOut(store: Store, options: FanOutOptions = {}): { batch: BatchHandler; event: EventHandler } {
  const matches = options.matches ?? subscribedToEvent;
  const batch: BatchHandler = async (events) => {
    const orgIds = [...new Set(events.map((event) => event.orgId))];
    const automations = await store.webhookDeliveries.enabledAutomationsOf(orgIds);
    if (automations.length === 0) return;
    const deliveries: NewDelivery[] = [];
    for (const event of events) {
      const envelope = envelopeOf(event);
      const position = deliveryOrderKey(event.position ?? { tx: '0', seq: event.seq });
      const payload = JSON.stringify(event.data);
      for (const automation of automations) {
        if (automation.org_id !== event.orgId || !matches(automation, envelope)) continue;
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
  return { batch, event: (event) => batch([event]) };
}
