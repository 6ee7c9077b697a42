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

/**
 * An internal event (not in the registry: no webhook or stream sends it): an API key was revoked.
 * Written in the revocation's transaction, so it sits in the log before every event committed
 * after it, and a stream opened with the key ends there, on any process, before sending them.
 */
export const API_KEY_REVOKED_EVENT = 'api_key.revoked';

/** The event of a key's revocation: its `data` is `{ keyId }`. */
export function apiKeyRevokedEvent(orgId: string, keyId: string, createdAt: string): OutboxEvent {
  return { id: newId('event'), orgId, type: API_KEY_REVOKED_EVENT, data: { keyId }, createdAt };
}

/**
 * An internal event, like {@link API_KEY_REVOKED_EVENT}: a person's membership ended (removed, or
 * they left). Written in the same transaction, so a stream the person opened in that organization
 * ends there, on any process, before any event committed after it.
 */
export const MEMBERSHIP_ENDED_EVENT = 'membership.ended';

/** The event of a membership's end: its `data` is `{ userId }`. */
export function membershipEndedEvent(orgId: string, userId: string, createdAt: string): OutboxEvent {
  return { id: newId('event'), orgId, type: MEMBERSHIP_ENDED_EVENT, data: { userId }, createdAt };
}
