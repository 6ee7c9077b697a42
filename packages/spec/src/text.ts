/**
 * Text must be valid Unicode and storable: the rule every Hearback input follows, whatever its
 * field, written once for the server's REST API, its `/collect` fast path and the MCP tools.
 */

/** A JSON path: object keys and array indexes from the root of an input. */
export type InputPath = (string | number)[];

/** A place in an input where text is not valid Unicode. */
export interface MalformedText {
  path: InputPath;
  message: string;
}

// A high surrogate without a low one after it, or a low one without a high one before it: what
// `String.prototype.isWellFormed` (Node 22+) refuses. JSON escapes (`"\ud800"`) are the only way
// such text arrives; storage would turn it into U+FFFD, so it could not be found again.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');
// Any surrogate at all: a plain character class, much cheaper than the lookarounds above, and
// false for almost every string (emoji aside), so it spares them the full test.
const ANY_SURROGATE = /[\uD800-\uDFFF]/;

/** Whether a string is well-formed UTF-16 (no lone surrogates), i.e. valid Unicode text. */
export function isWellFormedText(text: string): boolean {
  return !ANY_SURROGATE.test(text) || !LONE_SURROGATE.test(text);
}

/**
 * Text with each lone surrogate written as a `\uXXXX` escape, safe to echo in an error message.
 *
 * @example
 * printableText('a\ud800'); // 'a\\ud800'
 */
export function printableText(text: string): string {
  return text.replace(LONE_SURROGATES, (unit) => `\\u${unit.charCodeAt(0).toString(16)}`);
}

const NOT_UNICODE = 'Must be valid Unicode text: it holds a lone UTF-16 surrogate.';
const KEY_NOT_UNICODE = 'This key must be valid Unicode text: it holds a lone UTF-16 surrogate.';

/**
 * Why text holding U+0000 is refused, in any field: PostgreSQL text cannot hold it (SQLite can, and
 * reads it as the end of a search term), so both databases refuse it alike, naming the field.
 */
export const NUL_NOT_ALLOWED = 'Must not contain the NUL character (U+0000).';
const KEY_NUL_NOT_ALLOWED = 'This key must not contain the NUL character (U+0000).';

/** What is wrong with one string of an input, if anything. */
function textProblem(text: string, asKey: boolean): string | undefined {
  if (!isWellFormedText(text)) return asKey ? KEY_NOT_UNICODE : NOT_UNICODE;
  if (text.includes('\u0000')) return asKey ? KEY_NUL_NOT_ALLOWED : NUL_NOT_ALLOWED;
  return undefined;
}

/**
 * Every string in a JSON value, object keys included, that is not valid Unicode or holds U+0000,
 * with its path.
 * Iterative, so no depth of nesting can overflow the stack; linear in the size of the value.
 *
 * @example
 * findMalformedText({ context: { note: 'x\ud800' } }); // [{ path: ['context', 'note'], message: '…' }]
 */
export function findMalformedText(value: unknown): MalformedText[] {
  const found: MalformedText[] = [];
  if (typeof value === 'string') {
    const problem = textProblem(value, false);
    if (problem) found.push({ path: [], message: problem });
    return found;
  }
  // Only objects and arrays are queued, each pointing at its parent: a path is built only for what
  // is reported (copying it at every level would make deep inputs quadratic). This runs on every
  // request, `/collect` included, so it allocates little.
  const pending: Container[] = [];
  if (typeof value === 'object' && value !== null) pending.push({ value, key: undefined, parent: undefined });
  for (let container = pending.pop(); container !== undefined; container = pending.pop()) {
    const current = container.value;
    const visit = (key: string | number, child: unknown) => {
      if (typeof child === 'string') {
        const problem = textProblem(child, false);
        if (problem) found.push({ path: [...pathOf(container), key], message: problem });
      } else if (typeof child === 'object' && child !== null) {
        pending.push({ value: child, key, parent: container });
      }
    };
    if (Array.isArray(current)) {
      for (let index = 0; index < current.length; index++) visit(index, current[index]);
    } else {
      for (const key of Object.keys(current)) {
        const problem = textProblem(key, true);
        if (problem) found.push({ path: [...pathOf(container), printableText(key)], message: problem });
        else visit(key, (current as Record<string, unknown>)[key]);
      }
    }
  }
  return found;
}

interface Container {
  value: object;
  key: string | number | undefined;
  parent: Container | undefined;
}

function pathOf(container: Container): InputPath {
  const path: InputPath = [];
  for (let at: Container | undefined = container; at?.key !== undefined; at = at.parent) path.push(at.key);
  return path.reverse();
}
