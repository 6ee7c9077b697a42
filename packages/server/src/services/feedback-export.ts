import type { FeedbackFilters } from '../domain/feedback.js';
import { FEEDBACK_CSV } from '../domain/feedback-csv.js';
import { notFound } from '../errors/api-error.js';
import type { BrandScope } from '../storage/repositories/brands.js';
import type { Store } from '../storage/store.js';
import { toFeedbackStats } from './feedback-stats.js';
import { EXPORT_BATCH, type ExportedFile, exportedFile, type FileFormat, readByCursor } from './file-export.js';

export interface FeedbackExportRequest {
  format: FileFormat;
  /** The list's filters; the export covers every matching item. */
  filters: FeedbackFilters;
  /** Hears how many items each chunk of the file holds, as it is produced. */
  onItems?: ((count: number) => void) | undefined;
}

/**
 * The feedback a scope sees, filtered as the list filters it, newest first, as a file: CSV (one
 * column per field, formula injection neutralised, UTF-8 with a BOM), one JSON array, or NDJSON
 * (one item a line as `GET …/feedback/{id}` shows it). Read {@link EXPORT_BATCH} items at a time:
 * the first before it answers, the others as the consumer takes them. Called by the route (the key's scope) and by `hearback export`
 * (the whole organization).
 *
 * @example
 * const file = await exportFeedback(store, visibleTo(principal), { format: 'csv', filters: { type: 'nps' } });
 * for await (const chunk of file.chunks) write(chunk);
 */
export async function exportFeedback(
  store: Store,
  scope: BrandScope,
  request: FeedbackExportRequest,
): Promise<ExportedFile> {
  const organization = await store.organizations.find(scope.orgId);
  if (!organization) throw notFound('Organization', scope.orgId);
  const batches = await readByCursor((before) =>
    store.feedback.list(scope, request.filters, { limit: EXPORT_BATCH, before }),
  );
  return exportedFile(`feedback-${organization.slug}`, request.format, batches, FEEDBACK_CSV, request.onItems);
}

/**
 * How many items an export with these filters holds right now, from the statistics' count (a
 * progress display's total; items collected meanwhile may add a few).
 *
 * @example
 * const total = await exportTotal(store, { orgId, brandId: null }, { type: 'nps' });
 */
export async function exportTotal(store: Store, scope: BrandScope, filters: FeedbackFilters): Promise<number> {
  return toFeedbackStats(await store.feedbackStats.aggregate(scope, filters), filters).total;
}
