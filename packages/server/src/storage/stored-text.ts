/** A UTF-16 surrogate without its other half: text that is not valid Unicode. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * `text` as the databases store it: each lone surrogate replaced by U+FFFD. Neither database can
 * hold one (PostgreSQL's driver writes U+FFFD in its place, better-sqlite3 writes bytes that read
 * back as three U+FFFD), so text that must be found again by equality (an idempotency key) is
 * written and looked up in this form; it then reads back exactly as written.
 *
 * @example
 * storedText('\ud800x'); // '\ufffdx'
 */
export function storedText(text: string): string {
  return text.replace(LONE_SURROGATE, '\ufffd');
}
