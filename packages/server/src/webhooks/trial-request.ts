import { EVENT_REGISTRY, type EventType } from '@hearback/inputs';
import { newId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';
import type { OutboundRequest, WebhookEventEnvelope } from './contracts.js';
import { type AutomationRequestTemplate, type RenderWarning, renderRequest } from './render.js';
import { signRequest } from './sign.js';

// What `POST …/automations/preview` and `…/{automationId}/test` render: the event registry's sample
// through the same renderer and signer as every delivery, shown with secrets masked.

/**
 * What a preview shows as `webhook-signature`: no signing secret exists before the automation is
 * created, and a signature made with a throwaway one would verify with nothing the user has.
 */
export const PREVIEW_SIGNATURE = 'v1,<HMAC-SHA256 signature, computed with the signing secret when sent>';

/**
 * A sample event of `type` (its `data` the registry's sample), with a fresh `evt_…` id: a test is
 * a delivery of its own, never confused with a real event by a receiver that deduplicates ids.
 *
 * @example
 * sampleEnvelope('feedback.created'); // { id: 'evt_01…', type: 'feedback.created', timestamp, data }
 */
export function sampleEnvelope(type: EventType): WebhookEventEnvelope {
  return { id: newId('event'), type, timestamp: nowIso(), data: EVENT_REGISTRY[type].sample };
}

export interface TrialRequest {
  /** What to send: rendered with the secrets' values and signed. Absent for a preview. */
  signed?: OutboundRequest;
  /** What to show: secrets masked, with the `webhook-*` headers of {@link signed} (or placeholders). */
  shown: OutboundRequest;
  warnings: RenderWarning[];
}

/**
 * Renders a request for display: every `{{secrets.NAME}}` masked, `webhook-id` and
 * `webhook-timestamp` as a delivery would set them, and {@link PREVIEW_SIGNATURE}.
 *
 * @example
 * const { shown, warnings } = previewRequest(webhookColumns(input.webhook), sampleEnvelope('feedback.created'), secrets);
 */
export function previewRequest(
  template: AutomationRequestTemplate,
  envelope: WebhookEventEnvelope,
  secrets: ReadonlyMap<string, string>,
): TrialRequest {
  const { request, warnings } = renderRequest(template, envelope, secrets, { preview: true });
  const headers = {
    ...request.headers,
    'webhook-id': envelope.id,
    'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
    'webhook-signature': PREVIEW_SIGNATURE,
  };
  return { shown: { ...request, headers }, warnings };
}

/**
 * Renders and signs a request to send, and the same request for display with its secrets masked.
 * The shown `webhook-signature` is the one sent, computed over the body with the secrets' values
 * (a masked body would not verify with it).
 */
export function signedTrialRequest(
  template: AutomationRequestTemplate,
  envelope: WebhookEventEnvelope,
  secrets: ReadonlyMap<string, string>,
  signingSecret: string,
): Required<TrialRequest> {
  const { request, warnings } = renderRequest(template, envelope, secrets);
  const signed = signRequest(request, { id: envelope.id, secret: signingSecret });
  const masked = renderRequest(template, envelope, secrets, { preview: true }).request;
  const signatureHeaders = {
    'webhook-id': signed.headers['webhook-id'] as string,
    'webhook-timestamp': signed.headers['webhook-timestamp'] as string,
    'webhook-signature': signed.headers['webhook-signature'] as string,
  };
  return { signed, shown: { ...masked, headers: { ...masked.headers, ...signatureHeaders } }, warnings };
}
