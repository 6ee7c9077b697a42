/**
 * Webhook templates: `{{path}}` placeholders in header values and in the strings of a JSON body
 * template. The output is built as a value and serialised once, so no inserted text can break out
 * of its JSON string, and inserted text is never scanned for placeholders again. The grammar is
 * @hearback/inputs' (placeholder.ts); a `{{…}}` it does not read stays text.
 */

import { PLACEHOLDER_PATTERN, type Placeholder, parsePlaceholder, wholePlaceholder } from '@hearback/inputs';

/** Looks a placeholder up; what it names, or `undefined` when nothing is there. */
export type PlaceholderResolver = (placeholder: Placeholder) => unknown;

/**
 * Renders one string. Exactly one placeholder and nothing else: the value itself (a number stays a
 * number, an object an object, nothing → `null`). Otherwise each placeholder becomes text (objects
 * as JSON, nothing as empty) in one pass, so inserted text is never expanded again.
 *
 * @example
 * renderString('{{feedback.score}}', resolve); // 9
 * renderString('Score: {{feedback.score}}', resolve); // 'Score: 9'
 */
export function renderString(text: string, resolve: PlaceholderResolver): unknown {
  const whole = wholePlaceholder(text);
  if (whole) return resolve(whole) ?? null;
  return renderText(text, resolve);
}

/** Renders a string where every placeholder becomes text (header values). */
export function renderText(text: string, resolve: PlaceholderResolver): string {
  return text.replace(PLACEHOLDER_PATTERN, (match, inside: string) => {
    const placeholder = parsePlaceholder(inside);
    return placeholder ? asText(resolve(placeholder)) : match;
  });
}

/**
 * Renders a JSON body template: every string in it (not the keys) through {@link renderString}.
 * The result is a value; serialise it with `JSON.stringify`.
 */
export function renderValue(template: unknown, resolve: PlaceholderResolver): unknown {
  if (typeof template === 'string') return renderString(template, resolve);
  if (Array.isArray(template)) return template.map((item) => renderValue(item, resolve));
  if (template !== null && typeof template === 'object') {
    const rendered: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(template)) {
      // defineProperty: a `__proto__` key in a template is data, not the object's prototype.
      Object.defineProperty(rendered, key, {
        value: renderValue(item, resolve),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return rendered;
  }
  return template;
}

function asText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * Follows a path through objects and arrays, own properties only (`constructor` or `__proto__`
 * name nothing), and answers `undefined` where the path leads nowhere.
 */
export function valueAtPath(root: unknown, path: readonly string[]): unknown {
  let current: unknown = root;
  for (const segment of path) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, segment)) return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}
