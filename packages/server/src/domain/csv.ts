// CSV as spreadsheets read it, for every file the API exports (page responses, feedback).

/** Byte order mark: Excel reads a CSV file as UTF-8 only when it starts with one. */
export const UTF8_BOM = '\uFEFF';
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
