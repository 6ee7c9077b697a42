/** A string of a JSON value with where it sits; `isKey` for an object's key (never expanded). */
export interface TemplateString {
  path: (string | number)[];
  text: string;
  isKey: boolean;
}

/**
 * Every string of a JSON value, object keys included, with its path, depth-first (callers bound
 * the depth before walking). Both the template's validation and its event check read a body
 * template through this walk, so they see the same strings at the same paths.
 *
 * @example
 * [...stringsOf({ text: '{{feedback.score}}' })]; // [{ path: ['text'], text: 'text', isKey: true }, { path: ['text'], text: '{{feedback.score}}', isKey: false }]
 */
export function* stringsOf(value: unknown, path: (string | number)[] = []): Generator<TemplateString> {
  if (typeof value === 'string') yield { path, text: value, isKey: false };
  else if (Array.isArray(value)) for (const [index, item] of value.entries()) yield* stringsOf(item, [...path, index]);
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      yield { path: [...path, key], text: key, isKey: true };
      yield* stringsOf(item, [...path, key]);
    }
  }
}
