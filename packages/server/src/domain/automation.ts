import type { FeedbackType } from '@hearback/spec';
import type { EventType } from './event-registry.js';

/**
 * `automation`: made through the automations API; `rest_hook`: an automation platform's
 * subscription (`POST /hooks`). One delivery pipeline serves both.
 */
export const AUTOMATION_KINDS = ['automation', 'rest_hook'] as const;
export type AutomationKind = (typeof AUTOMATION_KINDS)[number];

/** The methods a webhook may use. */
export const WEBHOOK_METHODS = ['POST', 'PUT', 'PATCH'] as const;
export type WebhookMethod = (typeof WEBHOOK_METHODS)[number];

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

/** An automation with its signing secret as stored: sealed (secrets/sealed-values.ts). */
export interface StoredAutomation extends Automation {
  sealedSigningSecret: string;
}

/**
 * A placeholder in a header value or a body string: `{{feedback.comment}}`, spaces inside the
 * braces allowed. Global, for `matchAll` and `replace`; group 1 is the inside, untrimmed.
 * The template engine and the automations' validation both read placeholders with this.
 */
export const PLACEHOLDER_PATTERN = /\{\{([^{}]*)\}\}/g;

/** A dotted path: a root (`feedback`, `event`, `secrets` …) and at least one member name. */
const PLACEHOLDER_PATH = /^([A-Za-z_][A-Za-z0-9_]*)((?:\.[A-Za-z0-9_-]+)+)$/;

export interface Placeholder {
  /** `feedback` in `{{feedback.context.plan}}`. */
  root: string;
  /** `['context', 'plan']` in `{{feedback.context.plan}}`. */
  path: string[];
}

/**
 * Reads the inside of a placeholder (group 1 of {@link PLACEHOLDER_PATTERN}); undefined when it
 * is not a dotted path. Which roots exist is the validation's business (automation-input.ts).
 *
 * @example
 * parsePlaceholder(' feedback.score ') // { root: 'feedback', path: ['score'] }
 */
export function parsePlaceholder(inside: string): Placeholder | undefined {
  const match = PLACEHOLDER_PATH.exec(inside.trim());
  if (!match?.[1] || !match[2]) return undefined;
  return { root: match[1], path: match[2].slice(1).split('.') };
}
