import type { FeedbackType, IssueTracker } from './feedback.js';

/**
 * How prose names each feedback type. The API's words are lower-case identifiers (`nps`); in a
 * sentence the acronyms read as acronyms ("NPS"), the rest as they are.
 */
export const FEEDBACK_TYPE_NAMES: Readonly<Record<FeedbackType, string>> = {
  thumbs: 'thumbs',
  stars: 'stars',
  nps: 'NPS',
  csat: 'CSAT',
  emoji: 'emoji',
  text: 'text',
};

/** How people name each issue tracker (the API's words are lower-case identifiers: `github`). */
export const ISSUE_TRACKER_NAMES: Readonly<Record<IssueTracker, string>> = {
  github: 'GitHub',
  gitlab: 'GitLab',
  jira: 'Jira',
  linear: 'Linear',
  asana: 'Asana',
};

/**
 * A count with its noun in the right number, for messages people read.
 *
 * @example
 * counted(1, 'inbox', 'inboxes'); // '1 inbox'
 * counted(3, 'feedback item'); // '3 feedback items'
 */
export function counted(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

/**
 * The text with its first letter upper-cased, for a word that starts a sentence.
 *
 * @example
 * capitalized(FEEDBACK_TYPE_NAMES.stars); // 'Stars'
 */
export function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Alternatives as prose: "a", "a or b", "a, b or c", for messages that name what would do
 * (or, with `'and'`, a list: "a, b and c").
 *
 * @example
 * alternatives(["'read'", "'forms'"]); // "'read' or 'forms'"
 */
export function alternatives(items: readonly string[], conjunction: 'or' | 'and' = 'or'): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items.at(-1)}`;
}
