import { UTF8_BOM } from '../domain/csv.js';

/** The formats a list exports to; each export names the ones it offers. */
export const FILE_FORMATS = ['csv', 'json', 'ndjson'] as const;
export type FileFormat = (typeof FILE_FORMATS)[number];

export const FILE_MEDIA_TYPES = {
  csv: 'text/csv',
  json: 'application/json',
  ndjson: 'application/x-ndjson',
} as const satisfies Record<FileFormat, string>;

/** Rows read from the database at a time while exporting: memory stays flat however many there are. */
export const EXPORT_BATCH = 500;

/** An export ready to stream: what it exports was found before the first byte, so a 404 is still a problem. */
export interface ExportedFile {
  filename: string;
  mediaType: string;
  /** The file's text, in chunks, read from the database batch by batch as it is consumed. */
  chunks: AsyncIterable<string>;
}

/** How items become CSV records; JSON and NDJSON write each item as the API shows it. */
export interface CsvLayout<T> {
  header: string;
  record(item: T): string;
}

/**
 * A file to stream: named `<stem>-<UTC day>.<format>`, its items written by {@link fileChunks}.
 *
 * @example
 * exportedFile('feedback-acme', 'csv', await readByCursor(read), FEEDBACK_CSV);
 */
export function exportedFile<T>(
  stem: string,
  format: FileFormat,
  batches: AsyncIterable<readonly T[]>,
  csv: CsvLayout<T>,
  onItems?: (count: number) => void,
): ExportedFile {
  return {
    filename: exportFilename(stem, format),
    mediaType: FILE_MEDIA_TYPES[format],
    chunks: fileChunks(format, batches, csv, onItems),
  };
}

/**
 * `<stem>-<UTC day>.<format>`, the name a downloaded export is saved under.
 *
 * @example
 * exportFilename('feedback-acme', 'csv'); // 'feedback-acme-2026-11-25.csv'
 */
function exportFilename(stem: string, format: FileFormat, now = new Date()): string {
  return `${stem}-${now.toISOString().slice(0, 10)}.${format}`;
}

/**
 * Reads a newest-first keyset-paginated list to its end, one batch per step. The first batch is
 * read at once, before the first byte is sent, so a query the database refuses is still a problem
 * document; each next batch only when the consumer asks for it.
 *
 * @example
 * await readByCursor((before) => store.feedback.list(scope, filters, { limit: EXPORT_BATCH, before }));
 */
export async function readByCursor<T>(
  read: (before: string | null) => Promise<{ items: T[]; lastId: string | null }>,
): Promise<AsyncIterable<T[]>> {
  const first = await read(null);
  return (async function* () {
    let batch = first;
    while (true) {
      if (batch.items.length > 0) yield batch.items;
      if (batch.lastId === null) return;
      batch = await read(batch.lastId);
    }
  })();
}

/**
 * The text of an export, one chunk per batch: CSV (UTF-8 byte order mark, then the header),
 * NDJSON (one item a line) or one JSON array (`[`, the items separated by commas, `]`).
 * `onItems` hears how many items each chunk holds (a progress display).
 *
 * @example
 * fileChunks('json', await readByCursor(read), FEEDBACK_CSV);
 */
export async function* fileChunks<T>(
  format: FileFormat,
  batches: AsyncIterable<readonly T[]>,
  csv: CsvLayout<T>,
  onItems: (count: number) => void = () => {},
): AsyncGenerator<string> {
  if (format === 'json') yield '[';
  if (format === 'csv') yield UTF8_BOM + csv.header;
  let separator = '';
  for await (const batch of batches) {
    if (batch.length === 0) continue;
    onItems(batch.length);
    if (format === 'csv') yield batch.map(csv.record).join('');
    else if (format === 'ndjson') yield batch.map((item) => `${JSON.stringify(item)}\n`).join('');
    else {
      yield separator + batch.map((item) => JSON.stringify(item)).join(',');
      separator = ',';
    }
  }
  if (format === 'json') yield ']\n';
}
