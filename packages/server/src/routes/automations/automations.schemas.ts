import { z } from '@hono/zod-openapi';
import { AUTOMATION_DISABLED_REASONS, AUTOMATION_KINDS, WEBHOOK_METHODS } from '../../domain/automation.js';
import {
  AutomationFilterInputSchema,
  AutomationInputSchema,
  AutomationUpdateInputSchema,
} from '../../domain/automation-input.js';
import { EventTypeSchema } from '../../domain/event-registry.js';
import { documentable, OrgParams, pageOf, Timestamp } from '../shared.schemas.js';

export const AutomationParams = OrgParams.extend({
  automationId: z
    .string()
    .openapi({ param: { name: 'automationId', in: 'path' }, example: 'auto_01jd3x2k9v6c4h8m2n5p7q1r3s' }),
});

const reasons = Object.entries(AUTOMATION_DISABLED_REASONS)
  .map(([reason, text]) => `\`${reason}\`: ${text}`)
  .join(' ');

export const AutomationSchema = z
  .object({
    id: z.string().openapi({ example: 'auto_01jd3x2k9v6c4h8m2n5p7q1r3s' }),
    orgId: z.string(),
    kind: z.enum(AUTOMATION_KINDS).openapi({
      description: '`automation`: made through this API; `rest_hook`: an automation platform subscription.',
    }),
    name: z.string().openapi({ example: 'Detractors to Slack' }),
    events: z.array(EventTypeSchema),
    filter: documentable(AutomationFilterInputSchema),
    enabled: z.boolean(),
    disabledReason: z
      .enum(Object.keys(AUTOMATION_DISABLED_REASONS) as [keyof typeof AUTOMATION_DISABLED_REASONS])
      .nullable()
      .openapi({ description: `Why the server disabled it (null when it did not): ${reasons}` }),
    failingSince: Timestamp.nullable().openapi({
      description: 'Since when every delivery has failed; null while the endpoint answers.',
    }),
    webhook: z.object({
      url: z.string().openapi({ example: 'https://hooks.example.com/hearback' }),
      method: z.enum(WEBHOOK_METHODS),
      headers: z.record(z.string(), z.string()).openapi({ description: 'Header templates, as given.' }),
      body: z.unknown().nullable().openapi({ description: 'The body template; null sends `{type, timestamp, data}`.' }),
    }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .openapi('Automation');

export const AutomationWithSecretSchema = AutomationSchema.extend({
  signingSecret: z.string().openapi({
    description:
      'The Standard Webhooks signing secret (`whsec_…`): shown in this answer only; verify `webhook-signature` with it.',
    example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  }),
}).openapi('AutomationWithSecret');

export const AutomationPageSchema = pageOf(AutomationSchema, 'AutomationPage');

export const AutomationInputDocument = documentable(AutomationInputSchema).openapi('AutomationInput');

export const AutomationUpdateDocument = documentable(AutomationUpdateInputSchema).openapi('AutomationUpdate', {
  minProperties: 1,
  description: 'Send at least one member; each replaces the stored one (`webhook` member by member).',
});

export const AutomationDeletionSchema = z
  .object({ id: z.string().openapi({ example: 'auto_01jd3x2k9v6c4h8m2n5p7q1r3s' }), deleted: z.literal(true) })
  .openapi('AutomationDeletion');
