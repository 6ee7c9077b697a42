import type { Delivery } from '@hearback/client';

export type DeliveryStatus = Delivery['status'];

/**
 * How each delivery state reads on screen. A `Record` over the API's type: a state the server adds
 * does not compile until it has words here.
 */
export const DELIVERY_STATUS_LABELS: Record<DeliveryStatus, string> = {
  pending: 'Pending',
  delivering: 'Delivering',
  succeeded: 'Succeeded',
  failed: 'Failed',
};

/** The API's delivery states, in the order the log's filter offers them. */
export const DELIVERY_STATUSES = Object.keys(DELIVERY_STATUS_LABELS) as DeliveryStatus[];
