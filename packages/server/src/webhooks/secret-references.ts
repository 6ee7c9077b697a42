import { PLACEHOLDER_PATTERN, parsePlaceholder, SECRETS_ROOT, stringsOf } from '@hearback/inputs';
import type { AutomationsTable } from '../storage/schema.js';

/** The columns a webhook's placeholders live in: header values and the body template's strings. */
export type SecretReferencingColumns = Pick<AutomationsTable, 'headers' | 'body_template'>;

/**
 * Whether a template may name an organization secret: a text search, so a false yes only costs a
 * closer look (most templates name none).
 */
export function mayNameSecrets(columns: SecretReferencingColumns): boolean {
  const needle = `${SECRETS_ROOT}.`;
  return columns.headers.includes(needle) || (columns.body_template?.includes(needle) ?? false);
}

/**
 * The organization secrets a stored webhook template names (`{{secrets.NAME}}`), each once, in the
 * order they first appear: where the renderer expands placeholders (header values, body strings;
 * never keys or the URL). A secret's deletion is refused while a template names it; a delivery
 * learns what is missing from its render (`missingSecrets`).
 *
 * @example
 * secretsNamedBy({ headers: '{"authorization":"Bearer {{secrets.API_TOKEN}}"}', body_template: null }); // ['API_TOKEN']
 */
export function secretsNamedBy(columns: SecretReferencingColumns): string[] {
  if (!mayNameSecrets(columns)) return [];
  const headers = (parsed(columns.headers) ?? {}) as Record<string, unknown>;
  const texts: string[] = Object.values(headers).map(String);
  if (columns.body_template !== null) {
    for (const { text, isKey } of stringsOf(parsed(columns.body_template))) if (!isKey) texts.push(text);
  }
  const names = new Set<string>();
  for (const text of texts) {
    for (const match of text.matchAll(PLACEHOLDER_PATTERN)) {
      const placeholder = parsePlaceholder(match[1] ?? '');
      const name = placeholder?.root === SECRETS_ROOT ? placeholder.path[0] : undefined;
      if (name !== undefined) names.add(name);
    }
  }
  return [...names];
}

function parsed(json: string): unknown {
  if (json === '') return undefined;
  try {
    return JSON.parse(json);
  } catch {
    return undefined;
  }
}
