import type { ClaimedEvent } from '../storage/repositories/outbox.js';
import type { DeliveryRow } from '../storage/repositories/webhook-deliveries.js';
import type { WebhookEventEnvelope } from './contracts.js';

/** The envelope a delivery sends for an outbox event. */
export function envelopeOf(event: Pick<ClaimedEvent, 'id' | 'type' | 'createdAt' | 'data'>): WebhookEventEnvelope {
  return { id: event.id, type: event.type, timestamp: event.createdAt, data: event.data };
}

/** The envelope a delivery row sends: the event's id, type, time and data, as the fan-out stored them. */
export function envelopeOfDelivery(delivery: DeliveryRow): WebhookEventEnvelope {
  return {
    id: delivery.event_id,
    type: delivery.event_type,
    timestamp: delivery.event_timestamp,
    data: JSON.parse(delivery.payload) as unknown,
  };
}
