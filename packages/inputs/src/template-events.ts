import { nestsDeeperThan } from '@hearback/spec';
import { EVENT_TYPES, type EventType, isEventType } from './event-registry.js';
import type { InputIssue } from './input-issues.js';
import { PLACEHOLDER_PATTERN, type Placeholder, parsePlaceholder, placeholderText } from './placeholder.js';
import { placeholderProblem, resourceRootOf } from './template-roots.js';
import { stringsOf } from './template-strings.js';
import { MAX_BODY_TEMPLATE_DEPTH } from './webhook-input.js';

/**
 * A template is rendered for every event its automation subscribes to, so each placeholder must
 * address something every one of those events carries: `{{feedback.score}}` in an automation that
 * also takes `page_response.created` would be sent empty for each response. The envelope
 * (`{{event.*}}`) and secrets are there for every event; a resource root (`feedback`, `response`)
 * only for the events whose `data` it names (the event registry's `resourceRoot`).
 *
 * The renderer does not ask this: an automation saved before the rule keeps delivering as it did,
 * the placeholders its event lacks rendering empty with a `missing_value` warning.
 */

/** The subscribed events whose data a placeholder's root does not name; empty for the envelope and secrets. */
function eventsLacking(placeholder: Placeholder, events: readonly EventType[]): EventType[] {
  const carried = new Set(EVENT_TYPES.map(resourceRootOf));
  if (!carried.has(placeholder.root)) return [];
  return events.filter((event) => resourceRootOf(event) !== placeholder.root);
}

/** `a`, `a and b`, `a, b and c`. */
function listed(items: readonly string[]): string {
  return items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/**
 * Why the placeholders of one template text cannot be filled for some of `events`; empty when
 * each is carried by all of them. A placeholder that is wrong in itself is left to
 * templateTextProblems (template-roots.ts), so it is reported once.
 *
 * @example
 * templateTextEventProblems('{{feedback.score}}', ['feedback.created', 'page_response.created']);
 * // ['{{feedback.score}}: page_response.created events carry no feedback. …']
 */
export function templateTextEventProblems(text: string, events: readonly EventType[]): string[] {
  const problems: string[] = [];
  for (const match of text.matchAll(PLACEHOLDER_PATTERN)) {
    const placeholder = parsePlaceholder(match[1] ?? '');
    if (!placeholder || placeholderProblem(placeholder)) continue;
    const lacking = eventsLacking(placeholder, events);
    if (lacking.length === 0) continue;
    problems.push(
      `${placeholderText(placeholder)}: ${listed(lacking)} events carry no ${placeholder.root}. ` +
        'Give those events an automation of their own, or use only {{event.*}} and {{secrets.*}}.',
    );
  }
  return problems;
}

/** The parts of a webhook whose text is a template. */
export interface WebhookTemplates {
  headers?: Readonly<Record<string, unknown>> | null | undefined;
  body?: unknown;
}

/**
 * The field errors of a webhook's templates against the events its automation subscribes to, at
 * the automation's paths (`webhook.body.text`, `webhook.headers.X-Score`): create, preview and the
 * dashboard's editor check it through the automation schemas, an update through the service (the
 * stored events or templates complete the change). Event types the registry lacks are skipped: the
 * events' own schema names them.
 *
 * @example
 * webhookTemplateEventIssues({ body: { text: '{{feedback.score}}' } }, ['page_response.created']);
 * // [{ path: ['webhook', 'body', 'text'], message: '{{feedback.score}}: page_response.created events carry no feedback. …' }]
 */
export function webhookTemplateEventIssues(templates: WebhookTemplates, events: readonly unknown[]): InputIssue[] {
  const subscribed = events.filter((event): event is EventType => typeof event === 'string' && isEventType(event));
  const issues: InputIssue[] = [];
  for (const [name, value] of Object.entries(templates.headers ?? {})) {
    if (typeof value !== 'string') continue;
    for (const message of templateTextEventProblems(value, subscribed)) {
      issues.push({ path: ['webhook', 'headers', name], message });
    }
  }
  // A body too deep to walk is refused by its own schema already.
  if (nestsDeeperThan(templates.body, MAX_BODY_TEMPLATE_DEPTH)) return issues;
  for (const { path, text, isKey } of stringsOf(templates.body)) {
    if (isKey) continue;
    for (const message of templateTextEventProblems(text, subscribed)) {
      issues.push({ path: ['webhook', 'body', ...path], message });
    }
  }
  return issues;
}
