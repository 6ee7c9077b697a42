import type { Feedback } from '../domain/feedback.js';
import { newId } from '../lib/ids.js';
import type { OutboxEvent } from '../storage/repositories/outbox.js';

/** Event types published through the outbox (webhooks, realtime and search consume them). */
export const EVENT_TYPES = ['feedback.created', 'feedback.updated', 'page_response.created'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export function feedbackEvent(
  type: 'feedback.created' | 'feedback.updated',
  feedback: Feedback,
  createdAt: string,
): OutboxEvent {
  return { id: newId('event'), orgId: feedback.orgId, type, data: feedback, createdAt };
}
