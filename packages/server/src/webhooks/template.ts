/**
 * Webhook templates: `{{path}}` placeholders in header values and in the strings of a JSON body
 * template. The output is built as a value and serialised once, so no inserted text can break out
 * of its JSON string, and inserted text is never scanned for placeholders again.
 */

/**
 * The placeholder grammar, the one definition of it: `{{` optional spaces, a dotted path of
 * letters, digits, `_` and `-` (the first segment starts with a letter or `_`), optional spaces,
 * `}}`. Anything else between braces is plain text. Global: use with `replace` or `matchAll`.
 *
 * @example
 * 'Score {{ feedback.score }}'.match(PLACEHOLDER); // ['{{ feedback.score }}']
 */
export const PLACEHOLDER = /\{\{\s*([A-Za-z_][\w-]*(?:\.[\w-]+)*)\s*\}\}/g;

/** A string that is nothing but one placeholder takes the value's own JSON type. */
const WHOLE_PLACEHOLDER = new RegExp(`^${PLACEHOLDER.source}$`);

/** Where the values of `{{secrets.NAME}}` come from: never looked up in the event's data. */
export const SECRETS_ROOT = 'secrets';

/** One placeholder found in a template. */
export interface TemplatePlaceholder {
  /** `feedback.context.page` → `['feedback', 'context', 'page']`. */
  path: string[];
  /** Where it was found: `headers.x-token`, `body`, `body.text`, `body.items.0`. */
  location: string;
}

/** Something in a template that will not render as its author probably meant. */
export interface TemplateProblem {
  location: string;
  message: string;
}

export interface ParsedTemplate {
  placeholders: TemplatePlaceholder[];
  problems: TemplateProblem[];
}

export interface ParseTemplateOptions {
  /** The first path segments that exist (say `event`, `feedback`, `secrets`); unset: any. */
  roots?: readonly string[] | undefined;
}

/**
 * Finds the placeholders of a template (a header value, or a JSON body template) and what is wrong
 * with it: a `{{` that starts no placeholder, a placeholder in an object key (keys are literal), a
 * root that is not in `options.roots`. `location` names where, starting with `location`.
 *
 * @example
 * parseTemplate({ text: '{{feedback.comment}}', by: '{{ bad path }}' }, 'body', { roots: ['feedback'] });
 * // placeholders: [{ path: ['feedback', 'comment'], location: 'body.text' }]
 * // problems: [{ location: 'body.by', message: "'{{' does not start a placeholder …" }]
 */
export function parseTemplate(
  template: unknown,
  location = 'body',
  options: ParseTemplateOptions = {},
): ParsedTemplate {
  const parsed: ParsedTemplate = { placeholders: [], problems: [] };
  walk(template, location, parsed, options);
  return parsed;
}

function walk(value: unknown, location: string, parsed: ParsedTemplate, options: ParseTemplateOptions): void {
  if (typeof value === 'string') {
    scanString(value, location, parsed, options);
  } else if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) walk(item, `${location}.${index}`, parsed, options);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('{{')) {
        parsed.problems.push({ location: `${location}.${key}`, message: 'Placeholders are not expanded in keys.' });
      }
      walk(item, `${location}.${key}`, parsed, options);
    }
  }
}

function scanString(text: string, location: string, parsed: ParsedTemplate, options: ParseTemplateOptions): void {
  for (const match of text.matchAll(PLACEHOLDER)) {
    const path = (match[1] as string).split('.');
    parsed.placeholders.push({ path, location });
    const root = path[0] as string;
    if (options.roots && !options.roots.includes(root)) {
      parsed.problems.push({
        location,
        message: `'${match[0]}' names '${root}', which is not one of: ${options.roots.join(', ')}.`,
      });
    }
  }
  // What is left once the placeholders are gone is text; a `{{` in it was probably meant as one.
  if (text.replace(PLACEHOLDER, ' ').includes('{{')) {
    parsed.problems.push({
      location,
      message: "'{{' does not start a placeholder: expected {{name.path}} (letters, digits, _ and - between dots).",
    });
  }
}

/** Looks a placeholder's path up; what a path names, or `undefined` when nothing is there. */
export type PlaceholderResolver = (path: readonly string[]) => unknown;

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
  const whole = WHOLE_PLACEHOLDER.exec(text);
  if (whole) return resolve((whole[1] as string).split('.')) ?? null;
  return renderText(text, resolve);
}

/** Renders a string where every placeholder becomes text (header values). */
export function renderText(text: string, resolve: PlaceholderResolver): string {
  return text.replace(PLACEHOLDER, (_match, path: string) => asText(resolve(path.split('.'))));
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
