/**
 * The bounds of a feedback `context` (free-form metadata), checked alike by `POST /collect`, its
 * fast path and the MCP `submit_feedback` tool.
 */

/** How deep objects and arrays may nest in a feedback `context`; `context` itself is level 1. */
export const MAX_CONTEXT_DEPTH = 32;

/** The largest feedback `context`, in bytes of its JSON (UTF-8). */
export const MAX_CONTEXT_BYTES = 16 * 1024;

/**
 * Why a feedback `context` is refused, or `undefined` when it is within both bounds. The depth is
 * checked first: `JSON.stringify` (which the size needs) overflows the stack a few thousand levels
 * down, here and everywhere the context is later written or echoed.
 *
 * @example
 * contextViolation({ note: 'x'.repeat(20_000) }); // 'context must serialize to at most 16384 bytes.'
 */
export function contextViolation(context: unknown): string | undefined {
  if (nestsDeeperThan(context, MAX_CONTEXT_DEPTH)) {
    return `context must nest objects and arrays at most ${MAX_CONTEXT_DEPTH} levels deep (context itself is level 1).`;
  }
  if (longerInUtf8Than(JSON.stringify(context) ?? '', MAX_CONTEXT_BYTES)) {
    return `context must serialize to at most ${MAX_CONTEXT_BYTES} bytes.`;
  }
  return undefined;
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

/**
 * Whether `text` takes more than `maxBytes` bytes in UTF-8, counted as `Buffer.byteLength` and
 * `TextEncoder` count them (a lone surrogate as U+FFFD, 3 bytes), with neither: this package runs
 * anywhere.
 */
function longerInUtf8Than(text: string, maxBytes: number): boolean {
  // Each UTF-16 unit is 1 to 3 bytes (a pair, 2 units, is 4): most texts are decided unread.
  if (text.length > maxBytes) return true;
  if (text.length * 3 <= maxBytes) return false;
  let bytes = 0;
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && isLowSurrogate(text.charCodeAt(index + 1))) {
      bytes += 4;
      index++;
    } else bytes += 3;
  }
  return bytes > maxBytes;
}

const isLowSurrogate = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff;
