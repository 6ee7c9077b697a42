import type { FeedbackExportQuery } from '@hearback/client';

export type ExportFormat = NonNullable<FeedbackExportQuery['format']>;

/**
 * Counts the items in an export as its text arrives, chunk by chunk (a chunk may end anywhere,
 * even inside a quoted cell or a string). CSV: line ends outside quotes, less the header line
 * (a comment's own line breaks are quoted). NDJSON: line ends. JSON: objects opened directly in
 * the top-level array.
 *
 * @example
 * const count = rowCounter('ndjson');
 * count('{"id":"fb_1"}\n{"id"'); // 1
 * count(':"fb_2"}\n'); // 2
 */
export function rowCounter(format: ExportFormat): (chunk: string) => number {
  let lines = 0;
  let objects = 0;
  let inString = false;
  let escaped = false;
  let depth = 0;
  if (format === 'ndjson') {
    return (chunk) => {
      for (const char of chunk) if (char === '\n') lines += 1;
      return lines;
    };
  }
  if (format === 'csv') {
    return (chunk) => {
      // RFC 4180 writes a quote inside a quoted cell as two quotes: toggling twice leaves the state as it was.
      for (const char of chunk) {
        if (char === '"') inString = !inString;
        else if (char === '\n' && !inString) lines += 1;
      }
      return Math.max(0, lines - 1);
    };
  }
  return (chunk) => {
    for (const char of chunk) {
      if (inString) {
        if (escaped) escaped = false;
        else if (char === '\\') escaped = true;
        else if (char === '"') inString = false;
      } else if (char === '"') inString = true;
      else if (char === '{' || char === '[') {
        if (char === '{' && depth === 1) objects += 1;
        depth += 1;
      } else if (char === '}' || char === ']') depth -= 1;
    }
    return objects;
  };
}

/** The file name a `Content-Disposition: attachment; filename="…"` header gives, or `fallback`. */
export function attachmentName(header: string | null, fallback: string): string {
  const name = header?.match(/filename="([^"]+)"/)?.[1];
  return name && !/[/\\]/.test(name) ? name : fallback;
}
