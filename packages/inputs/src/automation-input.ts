import { FEEDBACK_TYPES } from '@hearback/spec';
import { z } from 'zod';
import { EVENT_TYPES, EventTypeSchema } from './event-registry.js';
import { idSchema } from './ids.js';
import { SCORE_BOUNDS_IN_ORDER, scoreBoundsInOrder } from './score-bounds.js';
import { webhookTemplateEventIssues } from './template-events.js';
import { WebhookInputSchema, WebhookUpdateInputSchema } from './webhook-input.js';
import { acrossMembers, writeInput } from './write-input.js';

export const MAX_AUTOMATION_NAME_LENGTH = 200;

export const AutomationFilterInputSchema = writeInput({
  inboxId: idSchema('inbox').optional().meta({ description: 'Only feedback of this inbox (one of the organization).' }),
  type: z.enum(FEEDBACK_TYPES).optional(),
  scoreMin: z
    .number()
    .int()
    .optional()
    .meta({ description: 'The lowest score: only feedback scored at least this (none without a score).' }),
  scoreMax: z
    .number()
    .int()
    .optional()
    .meta({ description: 'The highest score: only feedback scored at most this (none without a score).' }),
  source: z.string().min(1).max(200).optional().meta({ description: 'Only feedback whose `source` is this.' }),
})
  .refine(scoreBoundsInOrder, SCORE_BOUNDS_IN_ORDER)
  .meta({
    description: 'Which feedback events to deliver; an absent member matches all. Page-response events ignore it.',
  });

const EventsSchema = z
  .array(EventTypeSchema)
  .min(1)
  .max(EVENT_TYPES.length)
  .superRefine((events, ctx) => {
    for (const [index, event] of events.entries()) {
      if (events.indexOf(event) !== index)
        ctx.addIssue({ code: 'custom', path: [index], message: `${event} is listed twice.` });
    }
  })
  .meta({ description: 'Event types to deliver (each at most once).', example: ['feedback.created'] });

/**
 * Create and preview carry the events and the templates together: each placeholder must be one
 * every subscribed event carries (template-events.ts). An update is checked by the server, which
 * completes it with what is stored.
 */
function templatesFitEvents(automation: { events?: unknown; webhook?: unknown }, ctx: z.RefinementCtx): void {
  // A refinement runs over a value whose members may have failed their own schemas.
  if (!Array.isArray(automation.events) || typeof automation.webhook !== 'object' || automation.webhook === null)
    return;
  for (const { path, message } of webhookTemplateEventIssues(automation.webhook, automation.events)) {
    ctx.addIssue({ code: 'custom', path: [...path], message });
  }
}

const NameSchema = z.string().trim().min(1).max(MAX_AUTOMATION_NAME_LENGTH).meta({ example: 'Detractors to Slack' });

/** `POST /organizations/{orgId}/automations`. */
export const AutomationInputSchema = writeInput({
  name: NameSchema,
  events: EventsSchema,
  filter: AutomationFilterInputSchema.optional(),
  enabled: z.boolean().optional().meta({ description: 'Defaults to true.' }),
  webhook: WebhookInputSchema,
}).superRefine(templatesFitEvents);

/** `PATCH …/automations/{automationId}`: the members given replace those stored. */
export const AutomationUpdateInputSchema = writeInput({
  name: NameSchema.optional(),
  events: EventsSchema.optional(),
  filter: AutomationFilterInputSchema.nullable()
    .optional()
    .meta({ description: 'Replaces the whole filter; `null` or `{}` removes it.' }),
  enabled: z.boolean().optional().meta({ description: 'Re-enabling clears `disabledReason` and `failingSince`.' }),
  webhook: WebhookUpdateInputSchema.optional(),
}).refine((body) => Object.keys(body).length > 0, acrossMembers('Send at least one member to change.'));

export type AutomationInput = z.output<typeof AutomationInputSchema>;
export type AutomationUpdateInput = z.output<typeof AutomationUpdateInputSchema>;

/** Which registered event a preview or test renders; it must be one the automation subscribes to. */
const TrialEventSchema = EventTypeSchema.optional().meta({
  description: 'The event type whose sample is rendered; one of `events`. Defaults to the first of `events`.',
});

/**
 * `POST …/automations/preview`: an automation as create takes it (the name optional) and the event
 * to render. Nothing is stored.
 */
export const AutomationPreviewInputSchema = writeInput({
  name: NameSchema.optional(),
  events: EventsSchema,
  filter: AutomationFilterInputSchema.optional(),
  enabled: z.boolean().optional(),
  webhook: WebhookInputSchema,
  event: TrialEventSchema,
})
  .refine((input) => input.event === undefined || input.events.includes(input.event), {
    path: ['event'],
    message: "Must be one of the automation's events.",
  })
  .superRefine(templatesFitEvents);

/** `POST …/automations/{automationId}/test`: the event to send (one the automation subscribes to). */
export const AutomationTestInputSchema = writeInput({ event: TrialEventSchema });

export type AutomationPreviewInput = z.output<typeof AutomationPreviewInputSchema>;
export type AutomationTestInput = z.output<typeof AutomationTestInputSchema>;
