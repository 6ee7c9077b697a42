import { EVENT_REGISTRY, isEventType } from '@hearback/inputs';
import type { Automation } from './automation.js';

interface FeedbackMembers {
  inboxId?: unknown;
  type?: unknown;
  score?: unknown;
  source?: unknown;
}

/**
 * Whether an automation receives an event: it subscribes to the event's type, and, for events
 * carrying feedback, the feedback in `data` passes every member of its filter (a score filter
 * passes no item without a score). The filter's members are feedback's: an event carrying another
 * resource (a page response) is matched on its type alone.
 *
 * Takes any event with `type` and `data`, such as a `WebhookEventEnvelope` (webhooks/contracts.ts).
 *
 * @example
 * automationMatches({ events: ['feedback.created'], filter: { scoreMax: 6 } }, envelope)
 */
export function automationMatches(
  automation: Pick<Automation, 'events' | 'filter'>,
  envelope: { type: string; data: unknown },
): boolean {
  if (!isEventType(envelope.type) || !automation.events.includes(envelope.type)) return false;
  if (EVENT_REGISTRY[envelope.type].resourceRoot !== 'feedback') return true;
  const { filter } = automation;
  const feedback = (envelope.data ?? {}) as FeedbackMembers;
  const score = typeof feedback.score === 'number' ? feedback.score : undefined;
  if (filter.inboxId !== undefined && feedback.inboxId !== filter.inboxId) return false;
  if (filter.type !== undefined && feedback.type !== filter.type) return false;
  if (filter.source !== undefined && feedback.source !== filter.source) return false;
  if (filter.scoreMin !== undefined && (score === undefined || score < filter.scoreMin)) return false;
  if (filter.scoreMax !== undefined && (score === undefined || score > filter.scoreMax)) return false;
  return true;
}
