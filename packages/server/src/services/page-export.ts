import type { Principal } from '../domain/api-key.js';
import type { FeedbackPage } from '../domain/feedback-page.js';
import { responseCsv, UTF8_BOM } from '../domain/response-csv.js';
import { notFound } from '../errors/api-error.js';
import type { Store } from '../storage/store.js';
import { visibleTo } from './access.js';
import { shownResponse } from './page-responses.js';

/** The formats a page's responses export to. */
export const EXPORT_FORMATS = ['csv', 'ndjson'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_MEDIA_TYPES = { csv: 'text/csv', ndjson: 'application/x-ndjson' } as const satisfies Record<
  ExportFormat,
  string
>;

/** Responses read from the database at a time while exporting: memory stays flat however many there are. */
export const EXPORT_BATCH = 500;

/** An export ready to stream: the page was found before the first byte, so a 404 is still a problem. */
export interface ResponseExport {
  filename: string;
  mediaType: string;
  /** The file's text, in chunks, read from the database batch by batch as it is consumed. */
  chunks: AsyncIterable<string>;
}

export interface ExportRequest {
  format: ExportFormat;
  /** ISO-8601 instants, both inclusive, as the response list takes them. */
  from?: string | undefined;
  to?: string | undefined;
}

/**
 * A page's responses as CSV (one column per current question, formula injection neutralised,
 * UTF-8 with a BOM) or NDJSON (one response a line, as the API shows it), newest first.
 *
 * @example
 * const file = await exportResponses(store, principal, 'page_…', { format: 'csv' });
 * for await (const chunk of file.chunks) write(chunk);
 */
export async function exportResponses(
  store: Store,
  principal: Principal,
  pageId: string,
  request: ExportRequest,
): Promise<ResponseExport> {
  const page = await store.feedbackPages.find(visibleTo(principal), pageId);
  if (!page) throw notFound('Feedback page', pageId);
  const today = new Date().toISOString().slice(0, 10);
  return {
    filename: `${page.slug}-responses-${today}.${request.format}`,
    mediaType: EXPORT_MEDIA_TYPES[request.format],
    chunks: exportChunks(store, principal, page, request),
  };
}

async function* exportChunks(
  store: Store,
  principal: Principal,
  page: FeedbackPage,
  request: ExportRequest,
): AsyncGenerator<string> {
  const csv = responseCsv(page.questions);
  const line =
    request.format === 'csv'
      ? csv.record
      : (response: Parameters<typeof csv.record>[0]) => `${JSON.stringify(response)}\n`;
  if (request.format === 'csv') yield UTF8_BOM + csv.header;
  let before: string | null = null;
  do {
    const batch = await store.pageResponses.list(visibleTo(principal), page.id, {
      limit: EXPORT_BATCH,
      before,
      from: request.from,
      to: request.to,
    });
    if (batch.items.length > 0) yield batch.items.map((stored) => line(shownResponse(stored))).join('');
    before = batch.lastId;
  } while (before !== null);
}
