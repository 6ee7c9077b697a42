import type { EventType } from '@hearback/client';

/**
 * The events an automation can subscribe to, as the editor names them. A `Record` over the API's
 * `EventType`: an event the server registers does not compile until it is offered here.
 */
export const EVENT_TYPE_LABELS: Record<EventType, string> = {
  'feedback.created': 'Feedback received',
  'feedback.updated': 'Feedback triaged (status or issue link changed)',
  'page_response.created': 'Feedback page response received',
};

export const EVENT_TYPES = Object.keys(EVENT_TYPE_LABELS) as EventType[];
