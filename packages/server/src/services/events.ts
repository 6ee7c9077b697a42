import type { Feedback } from '../domain/feedback.js';
import type { PageResponse } from '../domain/feedback-page.js';
import { newId } from '../lib/ids.js';
import type { OutboxEvent } from '../storage/repositories/outbox.js';

// The event types and what each carries are the registry (@hearback/inputs: event-registry.ts).
export { EVENT_TYPES, type EventType } from '@hearback/inputs';

export function feedbackEvent(
  type: 'feedback.created' | 'feedback.updated',
  feedback: Feedback,
  createdAt: string,
): OutboxEvent {
  return { id: newId('event'), orgId: feedback.orgId, type, data: feedback, createdAt };
}

/** The event of a new page response: its `data` is the response as the API answers it. */
export function pageResponseEvent(response: PageResponse): OutboxEvent {
  return {
    id: newId('event'),
    orgId: response.orgId,
    type: 'page_response.created',
    data: response,
    createdAt: response.createdAt,
  };
}
