import type { EventType, WebhookMethod } from '@hearback/inputs';
import type { FeedbackType } from '@hearback/spec';
import type { LastDelivery } from './webhook-delivery.js';

/**
 * `automation`: made through the automations API; `rest_hook`: an automation platform's
 * subscription (`POST /hooks`). One delivery pipeline serves both.
 */
export const AUTOMATION_KINDS = ['automation', 'rest_hook'] as const;
export type AutomationKind = (typeof AUTOMATION_KINDS)[number];

/** The kind of a REST hook's row; the automations API makes `automation` rows. */
export const REST_HOOK_KIND = 'rest_hook' satisfies AutomationKind;

/** Why the server disabled an automation (`disabledReason`); an automation a user disabled has none. */
export const AUTOMATION_DISABLED_REASONS = {
  endpoint_gone: 'The endpoint answered 410 Gone.',
  failing_for_5_days: 'Every delivery failed for 5 days.',
} as const;
export type AutomationDisabledReason = keyof typeof AUTOMATION_DISABLED_REASONS;

/** Which events of the subscribed types an automation receives; a member left out matches all. */
export interface AutomationFilter {
  inboxId?: string | undefined;
  type?: FeedbackType | undefined;
  scoreMin?: number | undefined;
  scoreMax?: number | undefined;
  /** Equal to the feedback's `source` (`context.source`). */
  source?: string | undefined;
}

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export interface AutomationWebhook {
  url: string;
  method: WebhookMethod;
  /** Header templates by name (as given; names are case-insensitive). */
  headers: Record<string, string>;
  /** The body template; null sends the default body. */
  body: JsonValue | null;
}

/** An automation as the API shows it (never with its signing secret). */
export interface Automation {
  id: string;
  orgId: string;
  kind: AutomationKind;
  name: string;
  events: EventType[];
  filter: AutomationFilter;
  enabled: boolean;
  disabledReason: AutomationDisabledReason | null;
  /** Since when every delivery has failed; null while the endpoint answers. */
  failingSince: string | null;
  webhook: AutomationWebhook;
  createdAt: string;
  updatedAt: string;
}

/** An automation as the API shows it: no signing secret, and its newest delivery (null before the first). */
export interface ShownAutomation extends Automation {
  lastDelivery: LastDelivery | null;
}

/** An automation with its signing secret as stored: sealed (secrets/sealed-values.ts). */
export interface StoredAutomation extends Automation {
  sealedSigningSecret: string;
}
