import type { Automation, AutomationInput, EventType, FeedbackType } from '@hearback/client';
import type { WebhookMethod } from '@hearback/inputs';

/** One header row of the editor (`key` keeps React's identity while the name is edited). */
export interface HeaderRow {
  key: number;
  name: string;
  value: string;
}

/** The editor's state: what the fields hold, as text, before it becomes an API body. */
export interface AutomationDraft {
  name: string;
  events: EventType[];
  inboxId: string;
  type: FeedbackType | '';
  scoreMin: string;
  scoreMax: string;
  source: string;
  url: string;
  method: WebhookMethod;
  headers: HeaderRow[];
  /** The body template as JSON text; empty sends the default envelope. */
  body: string;
  enabled: boolean;
}

let nextRowKey = 0;
/** A new header row. */
export const headerRow = (name = '', value = ''): HeaderRow => ({ key: nextRowKey++, name, value });

/** A new automation's starting point: feedback as it arrives, with an example template. */
export const EMPTY_DRAFT: AutomationDraft = {
  name: '',
  events: ['feedback.created'],
  inboxId: '',
  type: '',
  scoreMin: '',
  scoreMax: '',
  source: '',
  url: '',
  method: 'POST',
  headers: [],
  body: JSON.stringify(
    { text: 'New {{feedback.type}} feedback: {{feedback.comment}}', score: '{{feedback.score}}' },
    null,
    2,
  ),
  enabled: true,
};

/** The editor's state for a stored automation. */
export function draftOf(automation: Automation): AutomationDraft {
  const { filter, webhook } = automation;
  return {
    name: automation.name,
    events: automation.events,
    inboxId: filter.inboxId ?? '',
    type: filter.type ?? '',
    scoreMin: filter.scoreMin === undefined ? '' : String(filter.scoreMin),
    scoreMax: filter.scoreMax === undefined ? '' : String(filter.scoreMax),
    source: filter.source ?? '',
    url: webhook.url,
    method: webhook.method,
    headers: Object.entries(webhook.headers).map(([name, value]) => headerRow(name, value)),
    body: webhook.body === null || webhook.body === undefined ? '' : JSON.stringify(webhook.body, null, 2),
    enabled: automation.enabled,
  };
}

/** The draft as the API's input, or why its body template is not JSON (the check before the schema's). */
export type DraftInput = { input: AutomationInput; bodyError?: undefined } | { input?: undefined; bodyError: string };

const score = (text: string) => (text.trim() === '' ? undefined : Number(text));

/**
 * The create/replace body for a draft. The editor then checks it with the API's schema
 * (@hearback/inputs), whose field errors name these same paths (`webhook.url`, `filter.scoreMax`,
 * `webhook.headers.X`), as the server's do.
 */
export function inputOf(draft: AutomationDraft): DraftInput {
  let body: unknown = null;
  if (draft.body.trim() !== '') {
    try {
      body = JSON.parse(draft.body);
    } catch (error) {
      return { bodyError: `Not valid JSON: ${(error as Error).message}` };
    }
  }
  const filter = {
    ...(draft.inboxId && { inboxId: draft.inboxId }),
    ...(draft.type && { type: draft.type }),
    ...(score(draft.scoreMin) !== undefined && { scoreMin: score(draft.scoreMin) }),
    ...(score(draft.scoreMax) !== undefined && { scoreMax: score(draft.scoreMax) }),
    ...(draft.source.trim() && { source: draft.source.trim() }),
  };
  return {
    input: {
      name: draft.name,
      events: draft.events,
      filter,
      enabled: draft.enabled,
      webhook: {
        url: draft.url.trim(),
        method: draft.method,
        headers: Object.fromEntries(
          draft.headers.filter((row) => row.name.trim()).map((row) => [row.name.trim(), row.value]),
        ),
        body,
      },
    },
  };
}
