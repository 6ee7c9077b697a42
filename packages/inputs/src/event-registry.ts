import { z } from 'zod';
import { FeedbackResourceSchema } from './feedback-resource.js';
import { PageResponseResourceSchema } from './page-response-resource.js';

/**
 * One kind of event the outbox publishes and automations subscribe to: what it means, the resource
 * its `data` carries (and the placeholder root templates address it by), and a sample of that
 * resource for test deliveries and REST hook samples.
 */
export interface EventDefinition<Resource = unknown> {
  description: string;
  /** `{{feedback.score}}` addresses the resource of a `feedback.*` event as `feedback`. */
  resourceRoot: string;
  /** The resource as the API returns it: the event's `data`. */
  resource: z.ZodType<Resource>;
  sample: Resource;
}

const SAMPLE_FEEDBACK: z.output<typeof FeedbackResourceSchema> = {
  id: 'fb_01jd3x2k9v6c4h8m2n5p7q1r3s',
  orgId: 'org_01jd3x2k9v6c4h8m2n5p7q1r3s',
  inboxId: 'inb_01jd3x2k9v6c4h8m2n5p7q1r3s',
  brandId: null,
  type: 'nps',
  score: 9,
  comment: 'Love the new export. Could it "remember" my last filter?',
  context: { source: 'widget', url: 'https://app.example.com/reports', userId: 'user_42' },
  source: 'widget',
  status: 'new',
  issueLink: null,
  assigneeId: null,
  tags: [],
  createdAt: '2026-11-22T10:15:00.000Z',
  updatedAt: '2026-11-22T10:15:00.000Z',
};

const SAMPLE_PAGE_RESPONSE: z.output<typeof PageResponseResourceSchema> = {
  id: 'resp_01jd3x2k9v6c4h8m2n5p7q1r3s',
  orgId: 'org_01jd3x2k9v6c4h8m2n5p7q1r3s',
  pageId: 'page_01jd3x2k9v6c4h8m2n5p7q1r3s',
  brandId: null,
  pageVersion: 1,
  answers: { recommend: 9, why: 'The export "just works".', topics: ['speed', 'support'] },
  contact: { email: 'ada@example.com' },
  context: null,
  channel: 'page',
  ipAddress: null,
  userAgent: null,
  createdAt: '2026-11-22T10:15:00.000Z',
};

/**
 * Every event type, in one registry: the outbox's event types, the automations' `events` enum in
 * the OpenAPI document and the template roots are derived from it. A new event (say, from the
 * feedback pages) is one entry here.
 */
export const EVENT_REGISTRY = {
  'feedback.created': {
    description: 'A feedback item was collected (`POST /collect`, the widget, an MCP tool).',
    resourceRoot: 'feedback',
    resource: FeedbackResourceSchema,
    sample: SAMPLE_FEEDBACK,
  },
  'feedback.updated': {
    description: 'A feedback item was triaged: its status or issue link changed.',
    resourceRoot: 'feedback',
    resource: FeedbackResourceSchema,
    sample: { ...SAMPLE_FEEDBACK, status: 'triaged', updatedAt: '2026-11-22T11:02:00.000Z' },
  },
  'page_response.created': {
    description: 'A feedback page received a response (its public page, or a keyed API call).',
    resourceRoot: 'response',
    resource: PageResponseResourceSchema,
    sample: SAMPLE_PAGE_RESPONSE,
  },
} as const satisfies Record<string, EventDefinition>;

export type EventType = keyof typeof EVENT_REGISTRY;

/** Event types published through the outbox (webhooks, realtime and search consume them). */
export const EVENT_TYPES = Object.keys(EVENT_REGISTRY) as [EventType, ...EventType[]];

const EVENT_LIST = EVENT_TYPES.map((type) => `- \`${type}\`: ${EVENT_REGISTRY[type].description}`).join('\n');

/** The registry's event types as one schema (the `EventType` enum of the OpenAPI document). */
export const EventTypeSchema = z
  .enum(EVENT_TYPES)
  .meta({ id: 'EventType', description: `What happened, as an event type:\n${EVENT_LIST}` });

/** Whether `value` names a registered event type. */
export function isEventType(value: string): value is EventType {
  return Object.hasOwn(EVENT_REGISTRY, value);
}

/** The registry entry of an event type. */
export function eventDefinition(type: EventType): EventDefinition {
  return EVENT_REGISTRY[type];
}
