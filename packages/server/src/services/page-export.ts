import type { Principal } from '../domain/api-key.js';
import type { DateBounds } from '../domain/date-bound.js';
import type { FeedbackPage } from '../domain/feedback-page.js';
import { responseCsv } from '../domain/response-csv.js';
import { notFound } from '../errors/api-error.js';
import type { Store } from '../storage/store.js';
import { visibleTo } from './access.js';
import { readDateBounds } from './date-bounds.js';
import { EXPORT_BATCH, type ExportedFile, exportedFile, type FileFormat, readByCursor } from './file-export.js';
import { shownResponse } from './page-responses.js';

/** The formats a page's responses export to. */
export const EXPORT_FORMATS = ['csv', 'ndjson'] as const satisfies readonly FileFormat[];
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export interface ExportRequest {
  format: ExportFormat;
  /** Dates or date-times, read as the response list reads them (`readDateBounds`). */
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
): Promise<ExportedFile> {
  const page = await store.feedbackPages.find(visibleTo(principal), pageId);
  if (!page) throw notFound('Feedback page', pageId);
  const bounds = await readDateBounds(store, principal.orgId, { from: request.from, to: request.to });
  const batches = await shownBatches(store, principal, page, bounds);
  return exportedFile(`${page.slug}-responses`, request.format, batches, responseCsv(page.questions));
}

/** The responses the export covers, as the API shows them, batch by batch. */
function shownBatches(store: Store, principal: Principal, page: FeedbackPage, bounds: DateBounds) {
  return readByCursor(async (before) => {
    const batch = await store.pageResponses.list(visibleTo(principal), page.id, {
      limit: EXPORT_BATCH,
      before,
      from: bounds.from,
      to: bounds.to,
    });
    return { items: batch.items.map(shownResponse), lastId: batch.lastId };
  });
}
