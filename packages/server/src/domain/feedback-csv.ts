import { csvRecord } from './csv.js';
import type { Feedback } from './feedback.js';

/** The columns of the feedback CSV export, in order. */
export const FEEDBACK_CSV_COLUMNS = [
  'id',
  'createdAt',
  'inboxId',
  'brandId',
  'type',
  'score',
  'comment',
  'source',
  'status',
  'issueLink',
  'assigneeId',
  'context',
  // Last, added after the others: a script reading columns by position keeps working.
  'tags',
] as const;

/**
 * The feedback CSV export's header and records: one column per field of the item, the issue
 * link as its URL, the context as JSON (empty for `{}`) and the tags as a JSON list (empty for
 * none: a tag may hold a comma, so a plain list could not be read back), so the file opens in a
 * spreadsheet.
 *
 * @example
 * FEEDBACK_CSV.header + items.map(FEEDBACK_CSV.record).join('');
 */
export const FEEDBACK_CSV = {
  header: csvRecord(FEEDBACK_CSV_COLUMNS),
  record: (feedback: Feedback): string =>
    csvRecord([
      feedback.id,
      feedback.createdAt,
      feedback.inboxId,
      feedback.brandId,
      feedback.type,
      feedback.score,
      feedback.comment,
      feedback.source,
      feedback.status,
      feedback.issueLink?.url,
      feedback.assigneeId,
      Object.keys(feedback.context).length > 0 ? JSON.stringify(feedback.context) : '',
      feedback.tags.length > 0 ? JSON.stringify(feedback.tags) : '',
    ]),
};
