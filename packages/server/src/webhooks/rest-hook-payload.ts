import type { WebhookEventEnvelope } from './contracts.js';

/**
 * The body a REST hook (an automation platform's subscription, `kind = 'rest_hook'`) receives for
 * an event: the resource itself, flat, as the API returns it, with no envelope. Zapier, Make and
 * n8n treat the JSON body as the trigger's item, so its fields must be the resource's. The
 * renderer sends this for REST hooks and `GET …/hooks/sample` answers with it, so the sample a
 * user maps fields from is the shape that arrives.
 *
 * @example
 * restHookPayload({ id: 'evt_…', type: 'feedback.created', timestamp, data: feedback }); // feedback
 */
export function restHookPayload<Data = unknown>(envelope: WebhookEventEnvelope & { data: Data }): Data {
  return envelope.data;
}
