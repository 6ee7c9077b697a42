import type { Feedback } from '../domain/feedback.js';
import { newId } from '../lib/ids.js';
import type { OutboxEvent } from '../storage/repositories/outbox.js';

// The event types and what each carries are the domain's registry (domain/event-registry.ts).
export { EVENT_TYPES, type EventType } from '../domain/event-registry.js';

export function feedbackEvent(
  type: 'feedback.created' | 'feedback.updated',
  feedback: Feedback,
  createdAt: string,
): OutboxEvent {
  return { id: newId('event'), orgId: feedback.orgId, type, data: feedback, createdAt };
}
