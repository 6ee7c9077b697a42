/**
 * Rules every Hearback input follows, written once for the server's REST API and the MCP tools
 * (the server depends on this package, not the reverse). Dependency-free.
 */

/** How deep objects and arrays may nest in a feedback `context`; `context` itself is level 1. */
export const MAX_CONTEXT_DEPTH = 32;

/** The largest feedback `context`, in bytes of its JSON (UTF-8). */
export const MAX_CONTEXT_BYTES = 16 * 1024;

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

/** Whether a string is well-formed UTF-16 (no lone surrogates), i.e. valid Unicode text. */
export function isWellFormedText(text: string): boolean {
  return !LONE_SURROGATE.test(text);
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
 * Every string in a JSON value, object keys included, that is not valid Unicode, with its path.
 * Iterative, so no depth of nesting can overflow the stack; linear in the size of the value.
 *
 * @example
 * findMalformedText({ context: { note: 'x\ud800' } }); // [{ path: ['context', 'note'], message: '…' }]
 */
export function findMalformedText(value: unknown): MalformedText[] {
  const found: MalformedText[] = [];
  // Each entry points at its parent, so a path is built only for what is reported: copying it at
  // every level would make deep inputs quadratic.
  const pending: Visit[] = [{ value, key: undefined, parent: undefined }];
  for (let visit = pending.pop(); visit !== undefined; visit = pending.pop()) {
    const current = visit.value;
    if (typeof current === 'string') {
      if (!isWellFormedText(current)) found.push({ path: pathOf(visit), message: NOT_UNICODE });
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index--) {
        pending.push({ value: current[index], key: index, parent: visit });
      }
    } else if (typeof current === 'object' && current !== null) {
      const entries = Object.entries(current);
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, child] = entries[index] as [string, unknown];
        if (isWellFormedText(key)) pending.push({ value: child, key, parent: visit });
        else found.push({ path: [...pathOf(visit), printableText(key)], message: KEY_NOT_UNICODE });
      }
    }
  }
  return found;
}

interface Visit {
  value: unknown;
  key: string | number | undefined;
  parent: Visit | undefined;
}

function pathOf(visit: Visit): InputPath {
  const path: InputPath = [];
  for (let at: Visit | undefined = visit; at?.key !== undefined; at = at.parent) path.push(at.key);
  return path.reverse();
}

/**
 * Whether objects and arrays in a JSON value nest deeper than `maxDepth` (the value itself is
 * level 1). Iterative and stops at the first level too deep, so it is safe on any input, unlike
 * `JSON.stringify`, which overflows the stack at a few thousand levels.
 *
 * @example
 * nestsDeeperThan({ a: { b: {} } }, 2); // true
 */
export function nestsDeeperThan(value: unknown, maxDepth: number): boolean {
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 1 }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (typeof next.value !== 'object' || next.value === null) continue;
    if (next.depth > maxDepth) return true;
    for (const child of Object.values(next.value)) pending.push({ value: child, depth: next.depth + 1 });
  }
  return false;
}
