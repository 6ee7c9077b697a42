import {
  type AutomationPreviewInput,
  type AutomationTestInput,
  DEFAULT_WEBHOOK_METHOD,
  type EventType,
} from '@hearback/inputs';
import type { Principal } from '../domain/api-key.js';
import type { JsonValue, StoredAutomation } from '../domain/automation.js';
import { ApiError, notFound } from '../errors/api-error.js';
import { openSigningSecret } from '../secrets/sealed-values.js';
import type { ServerSecrets } from '../secrets/server-secrets.js';
import { webhookColumns } from '../storage/repositories/automations.js';
import type { Store } from '../storage/store.js';
import type { AttemptOutcome, OutboundRequest, WebhookSender } from '../webhooks/contracts.js';
import type { RenderWarning } from '../webhooks/render.js';
import { previewRequest, sampleEnvelope, signedTrialRequest } from '../webhooks/trial-request.js';
import { visibleTo } from './access.js';
import { requireOwnInbox } from './automations.js';
import type { OrganizationSecretsService } from './organization-secrets.js';
import { requirePlanFeature } from './plan-features.js';

/** What a preview answers: the request an automation would send, nothing stored or sent. */
export interface AutomationPreview {
  request: OutboundRequest;
  warnings: RenderWarning[];
}

/** How a test attempt ended, as the API shows it. */
export interface TestOutcome {
  kind: AttemptOutcome['kind'];
  status?: number;
  latencyMs: number;
  /** The first 2 KB of the receiver's answer. */
  responseExcerpt?: string;
  error?: string;
}

/** What a test answers: the request sent (secrets masked) and what the receiver did with it. */
export interface AutomationTestResult extends AutomationPreview {
  outcome: TestOutcome;
}

function shownOutcome(outcome: AttemptOutcome): TestOutcome {
  if (outcome.kind === 'response') {
    return {
      kind: outcome.kind,
      status: outcome.status,
      latencyMs: outcome.latencyMs,
      responseExcerpt: outcome.bodyExcerpt,
    };
  }
  return { kind: outcome.kind, latencyMs: outcome.latencyMs, error: outcome.error };
}

export interface AutomationTrialsOptions {
  /** Opens the organization's secrets for `{{secrets.NAME}}`. */
  organizationSecrets: OrganizationSecretsService;
  /** Sends a test attempt: the runtime's SSRF-guarded sender, the one deliveries use. */
  sender: WebhookSender;
}

/**
 * Trying an automation before relying on it: `preview` renders the request for the registry's
 * sample event without storing or sending anything; `test` renders, signs and sends it once,
 * now, and answers whatever the receiver did. Both are organization-wide (brand-scoped keys are
 * refused by the operation table) and need a plan with webhooks, as creating an automation does. A test is not a delivery: it has no row, no retry
 * and no place in the delivery log.
 */
export function automationTrialsService(store: Store, secrets: ServerSecrets, options: AutomationTrialsOptions) {
  async function allowed(principal: Principal): Promise<void> {
    await requirePlanFeature(store, principal.orgId, 'webhooks');
  }

  return {
    async preview(principal: Principal, input: AutomationPreviewInput): Promise<AutomationPreview> {
      await allowed(principal);
      await requireOwnInbox(store, principal, input.filter?.inboxId);
      const template = webhookColumns({
        url: input.webhook.url,
        method: input.webhook.method ?? DEFAULT_WEBHOOK_METHOD,
        headers: input.webhook.headers ?? {},
        body: (input.webhook.body ?? null) as JsonValue | null,
      });
      const event = input.event ?? (input.events[0] as EventType);
      const values = await options.organizationSecrets.valuesFor(principal.orgId);
      const { shown, warnings } = previewRequest(template, sampleEnvelope(event), values);
      return { request: shown, warnings };
    },

    async test(principal: Principal, id: string, input: AutomationTestInput): Promise<AutomationTestResult> {
      const automation = await store.automations.find(visibleTo(principal).orgId, id);
      if (!automation) throw notFound('Automation', id);
      await allowed(principal);
      const event = input.event ?? (automation.events[0] as EventType);
      if (!automation.events.includes(event)) throw notSubscribed(automation, event);
      const values = await options.organizationSecrets.valuesFor(principal.orgId);
      const signingSecret = openSigningSecret(secrets, automation.id, automation.sealedSigningSecret);
      const template = { ...webhookColumns(automation.webhook), kind: automation.kind };
      const trial = signedTrialRequest(template, sampleEnvelope(event), values, signingSecret);
      const outcome = await options.sender.send(trial.signed);
      return { request: trial.shown, warnings: trial.warnings, outcome: shownOutcome(outcome) };
    },
  };
}

function notSubscribed(automation: StoredAutomation, event: EventType): ApiError {
  return new ApiError(
    400,
    'validation_failed',
    `The automation does not subscribe to ${event}; it takes ${automation.events.join(', ')}.`,
    {
      errors: [{ path: 'event', message: `Must be one of the automation's events: ${automation.events.join(', ')}.` }],
    },
  );
}

export type AutomationTrialsService = ReturnType<typeof automationTrialsService>;
