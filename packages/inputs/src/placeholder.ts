/**
 * The placeholder grammar, the one definition of it: create-time validation (template-roots.ts) and
 * the renderer (the server's webhooks/template.ts) both read placeholders with it, so they agree on what is one.
 *
 * A placeholder is `{{`, optional spaces, a root (a letter or `_`, then letters, digits, `_`), any
 * number of `.member` segments (letters, digits, `_`, `-`), optional spaces, `}}`. Which roots and
 * members exist is not grammar: template-roots.ts decides.
 */

/**
 * Every `{{…}}` of a text, brace to brace. Global, for `matchAll` and `replace`; group 1 is the
 * inside, untrimmed, to read with {@link parsePlaceholder}.
 *
 * @example
 * [...'Hi {{ event.type }}'.matchAll(PLACEHOLDER_PATTERN)].map((m) => m[1]); // [' event.type ']
 */
export const PLACEHOLDER_PATTERN = /\{\{([^{}]*)\}\}/g;

/** A text that is nothing but one `{{…}}`. */
const WHOLE_PLACEHOLDER = new RegExp(`^${PLACEHOLDER_PATTERN.source}$`);

/** A root and its dotted members; the root alone (`feedback`) is grammatical too. */
const PLACEHOLDER_PATH = /^([A-Za-z_][A-Za-z0-9_]*)((?:\.[A-Za-z0-9_-]+)*)$/;

export interface Placeholder {
  /** `feedback` in `{{feedback.context.plan}}`. */
  root: string;
  /** `['context', 'plan']` in `{{feedback.context.plan}}`; empty in `{{feedback}}`. */
  path: string[];
}

/**
 * Reads the inside of a placeholder (group 1 of {@link PLACEHOLDER_PATTERN}); undefined when it
 * is not a root with dotted members, in which case the braces are plain text.
 *
 * @example
 * parsePlaceholder(' feedback.score ') // { root: 'feedback', path: ['score'] }
 * parsePlaceholder('two words') // undefined
 */
export function parsePlaceholder(inside: string): Placeholder | undefined {
  const match = PLACEHOLDER_PATH.exec(inside.trim());
  if (!match?.[1] || match[2] === undefined) return undefined;
  return { root: match[1], path: match[2] === '' ? [] : match[2].slice(1).split('.') };
}

/**
 * The placeholder a text is made of when it is exactly one and nothing else (such a body string
 * keeps its value's JSON type); undefined otherwise.
 *
 * @example
 * wholePlaceholder('{{ feedback.score }}') // { root: 'feedback', path: ['score'] }
 * wholePlaceholder('Score: {{feedback.score}}') // undefined
 */
export function wholePlaceholder(text: string): Placeholder | undefined {
  const match = WHOLE_PLACEHOLDER.exec(text);
  return match ? parsePlaceholder(match[1] ?? '') : undefined;
}

/** How a placeholder is written, for messages: `{{feedback.score}}`. */
export function placeholderText(placeholder: Placeholder): string {
  return `{{${[placeholder.root, ...placeholder.path].join('.')}}}`;
}
