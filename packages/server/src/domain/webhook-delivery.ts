/**
 * Where a delivery stands: `pending` (waiting for its first attempt or a retry), `delivering` (an
 * attempt in flight), `succeeded` (2xx) or `failed` (retries exhausted, or an answer not worth
 * retrying).
 */
export const DELIVERY_STATUSES = ['pending', 'delivering', 'succeeded', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * The statuses no worker moves a delivery out of by itself (only a redelivery does): housekeeping
 * deletes such deliveries once they have been idle for the retention. Order matters to SQLite: the
 * prune's `status in (…)` must read exactly as the partial index of migration 0023 for it to be used.
 */
export const FINISHED_DELIVERY_STATUSES = ['succeeded', 'failed'] as const satisfies readonly DeliveryStatus[];

/** One HTTP attempt of a webhook delivery, as the delivery log shows it. */
export interface DeliveryAttempt {
  /** When the attempt started (ISO-8601). */
  at: string;
  /** The receiver's HTTP status; null when there was no answer. */
  statusCode: number | null;
  latencyMs: number;
  /** `response`, `network_error`, `timeout`, `address_refused` or `render_error`. */
  outcome: string;
  error: string | null;
  /** The first 2 KB of the response body. */
  responseExcerpt: string | null;
}

/** One automation's delivery of one event, with every attempt made so far. */
export interface WebhookDelivery {
  id: string;
  automationId: string;
  /** The event's id: the `webhook-id` header of every attempt. */
  eventId: string;
  eventType: string;
  status: DeliveryStatus;
  attempts: DeliveryAttempt[];
  /** When the next attempt is due (pending deliveries), else null. */
  nextAttemptAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** An automation's newest delivery, as the automation shows it: how its endpoint is doing now. */
export type LastDelivery = Pick<WebhookDelivery, 'id' | 'eventType' | 'status' | 'createdAt' | 'updatedAt'>;
