import type { Delivery } from '@hearback/client';
import { DELIVERY_STATUS_LABELS } from './delivery-status.js';

/** A delivery's state as a badge (text, so it reads without colour). */
export function DeliveryBadge({ status }: { status: Delivery['status'] }) {
  return <span className={`state delivery-${status}`}>{DELIVERY_STATUS_LABELS[status]}</span>;
}
