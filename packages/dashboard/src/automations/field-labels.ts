/**
 * The editor's fields by the API path they edit, with the label a person reads: the fields take
 * their labels from here, and a message about a path (the preview's problems, an error inside the
 * body template) names the field by the same words, never by the API's member names.
 */
export const FIELD_LABELS = {
  name: 'Name',
  events: 'When',
  'filter.inboxId': 'Inbox',
  'filter.type': 'Feedback type',
  'filter.scoreMin': 'Lowest score',
  'filter.scoreMax': 'Highest score',
  'filter.source': 'Source',
  'webhook.method': 'Method',
  'webhook.url': 'URL',
  'webhook.headers': 'Headers',
  'webhook.body': 'Body template (JSON)',
  event: 'Sample event',
} as const;

export type FieldPath = keyof typeof FIELD_LABELS;

/** Where a value sits inside a JSON template, as its author wrote it: `"blocks" › item 1 › "text"`. */
export function jsonLocation(path: readonly string[]): string {
  return path.map((step) => (/^\d+$/.test(step) ? `item ${Number(step) + 1}` : `“${step}”`)).join(' › ');
}

/**
 * The words for an API path of the automation's input (`filter.scoreMax` → "Highest score";
 * `webhook.headers.authorization` → "Header “authorization”"; `webhook.body.blocks.0.text` →
 * "Body template (JSON), at “blocks” › item 1 › “text”"); a path the editor has no field for is
 * returned as is.
 */
export function fieldName(path: string): string {
  if (path in FIELD_LABELS) return FIELD_LABELS[path as FieldPath];
  const [top, member, ...rest] = path.split('.');
  if (top === 'events') return FIELD_LABELS.events;
  if (top === 'webhook' && member === 'headers' && rest.length > 0) return `Header “${rest.join('.')}”`;
  if (top === 'webhook' && member === 'body' && rest.length > 0)
    return `${FIELD_LABELS['webhook.body']}, at ${jsonLocation(rest)}`;
  return path;
}
