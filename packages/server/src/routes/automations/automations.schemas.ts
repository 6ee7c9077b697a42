import {
  AutomationFilterInputSchema,
  AutomationInputSchema,
  AutomationPreviewInputSchema,
  AutomationTestInputSchema,
  AutomationUpdateInputSchema,
  EventTypeSchema,
  WEBHOOK_METHODS,
} from '@hearback/inputs';
import { z } from '@hono/zod-openapi';
import { AUTOMATION_DISABLED_REASONS, AUTOMATION_KINDS } from '../../domain/automation.js';
import { ATTEMPT_OUTCOME_KINDS } from '../../webhooks/contracts.js';
import { MASKED_SECRET, RENDER_WARNING_CODES } from '../../webhooks/render.js';
import { RESPONSE_EXCERPT_BYTES } from '../../webhooks/sender.js';
import { PREVIEW_SIGNATURE } from '../../webhooks/trial-request.js';
import { DeliveryStatusSchema } from '../deliveries/deliveries.schemas.js';
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
    lastDelivery: z
      .object({
        id: z.string().openapi({ example: 'dlv_01jd3x2k9v6c4h8m2n5p7q1r3s' }),
        eventType: z.string().openapi({ example: 'feedback.created' }),
        status: DeliveryStatusSchema,
        createdAt: Timestamp,
        updatedAt: Timestamp.openapi({ description: 'When its status last changed.' }),
      })
      .nullable()
      .openapi({
        description:
          'The newest delivery and where it stands now (its attempts are in `GET …/deliveries`); null before the first.',
      }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .openapi('Automation');

/** The clear signing secret, in the one answer that shows it: an automation's creation or rotation, a REST hook's subscription. */
export const SigningSecretSchema = z.string().openapi({
  description:
    'The Standard Webhooks signing secret (`whsec_…`): shown in this answer only; verify `webhook-signature` with it.',
  example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
});

export const AutomationWithSecretSchema = AutomationSchema.extend({ signingSecret: SigningSecretSchema }).openapi(
  'AutomationWithSecret',
);

export const AutomationPageSchema = pageOf(AutomationSchema, 'AutomationPage');

export const AutomationInputDocument = documentable(AutomationInputSchema).openapi('AutomationInput');

export const AutomationUpdateDocument = documentable(AutomationUpdateInputSchema).openapi('AutomationUpdate', {
  minProperties: 1,
  description: 'Send at least one member; each replaces the stored one (`webhook` member by member).',
});

export const AutomationDeletionSchema = z
  .object({ id: z.string().openapi({ example: 'auto_01jd3x2k9v6c4h8m2n5p7q1r3s' }), deleted: z.literal(true) })
  .openapi('AutomationDeletion');

export const AutomationPreviewInputDocument = documentable(AutomationPreviewInputSchema).openapi(
  'AutomationPreviewInput',
  {
    description: 'An automation as create takes it (the name optional), and the event whose sample to render.',
  },
);

export const AutomationTestInputDocument = documentable(AutomationTestInputSchema).openapi('AutomationTestInput');

const WebhookRequestSchema = z
  .object({
    method: z.enum(WEBHOOK_METHODS),
    url: z.string(),
    headers: z.record(z.string(), z.string()).openapi({
      description: `Lower-case names. Every secret is shown as \`${MASKED_SECRET}\`; \`webhook-id\`, \`webhook-timestamp\` and \`webhook-signature\` are the Standard Webhooks headers.`,
    }),
    body: z.string().openapi({ description: 'The body as sent (JSON text), secrets masked.' }),
  })
  .openapi('WebhookRequest');

const RenderWarningSchema = z
  .object({
    code: z.enum(RENDER_WARNING_CODES).openapi({
      description:
        '`missing_secret`: no secret of that name (rendered empty); `missing_value`: the event has nothing there; `invalid_placeholder`: one saving refuses; `header_skipped`: a header an automation cannot set; `method_unknown`: sent as POST.',
    }),
    message: z.string(),
  })
  .openapi('RenderWarning');

export const AutomationPreviewSchema = z
  .object({
    request: WebhookRequestSchema.openapi({
      description: `The request, as rendered for the event type's sample. \`webhook-signature\` is a placeholder (\`${PREVIEW_SIGNATURE}\`): the signing secret exists once the automation is created.`,
    }),
    warnings: z.array(RenderWarningSchema),
  })
  .openapi('AutomationPreview');

export const AutomationTestResultSchema = z
  .object({
    request: WebhookRequestSchema.openapi({
      description:
        'The request sent, secrets masked; `webhook-signature` is the one sent, computed over the body with the secrets in it.',
    }),
    warnings: z.array(RenderWarningSchema),
    outcome: z
      .object({
        kind: z.enum(ATTEMPT_OUTCOME_KINDS).openapi({
          description:
            '`response`: the receiver answered (any status); `network_error`: refused, reset, DNS or TLS failure; `timeout`: no complete answer in 15 s; `address_refused`: the SSRF guard refused every address of the host (see `HEARBACK_WEBHOOK_ALLOWED_CIDRS`).',
        }),
        status: z.number().int().optional().openapi({ description: 'The HTTP status the receiver answered.' }),
        latencyMs: z.number().int(),
        responseExcerpt: z
          .string()
          .optional()
          .openapi({ description: `The first ${RESPONSE_EXCERPT_BYTES} bytes of the receiver's answer.` }),
        error: z.string().optional().openapi({ description: 'Why no answer came.' }),
      })
      .openapi('WebhookTestOutcome'),
  })
  .openapi('AutomationTestResult');
