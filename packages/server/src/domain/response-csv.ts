import { type AnswerValue, isAnswerable, type Question } from '@hearback/forms';
import type { PageResponse } from './feedback-page.js';

/** Byte order mark: Excel reads a CSV file as UTF-8 only when it starts with one. */
export const UTF8_BOM = '\uFEFF';
/** How several values of one answer (`multiple_choice`, `rank_order`) share a cell. */
export const MULTI_VALUE_SEPARATOR = '; ';
/** RFC 4180 ends records with CRLF. */
const RECORD_END = '\r\n';

/** Characters that make a spreadsheet read a cell as a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV field: text that a spreadsheet would run as a formula gets a leading `'`; a field holding
 * a quote, comma or line break is quoted, its quotes doubled (RFC 4180). Numbers are written as
 * they are: `-3` is a value, not a formula.
 *
 * @example
 * csvField('=HYPERLINK("x")'); // "'=HYPERLINK(""x"")" quoted
 */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV record, ended by CRLF. */
export function csvRecord(fields: readonly (string | number | null | undefined)[]): string {
  return fields.map(csvField).join(',') + RECORD_END;
}

function answerField(answer: AnswerValue | undefined): string | number | undefined {
  return Array.isArray(answer) ? answer.join(MULTI_VALUE_SEPARATOR) : answer;
}

/**
 * The columns of a page's CSV export and how a response fills them: the response's id, time,
 * page version and contact, then one column per answerable question of the current version,
 * headed by its title.
 *
 * @example
 * const csv = responseCsv(page.questions);
 * csv.header + responses.map(csv.record).join('');
 */
export function responseCsv(questions: readonly Question[]) {
  const answerable = questions.filter((question) => isAnswerable(question.type));
  return {
    header: csvRecord([
      'id',
      'createdAt',
      'pageVersion',
      'contactName',
      'contactEmail',
      ...answerable.map((question) => question.title),
    ]),
    record: (response: PageResponse): string =>
      csvRecord([
        response.id,
        response.createdAt,
        response.pageVersion,
        response.contact?.name,
        response.contact?.email,
        ...answerable.map((question) => answerField(response.answers[question.id])),
      ]),
  };
}
