import { HEADER_VALUE_CONTROL_CHARACTER } from '@hearback/inputs';

// Which headers an automation may set is @hearback/inputs' rule (webhook-headers.ts); this file
// only makes rendered values fit the wire.

const CONTROL_CHARACTERS = new RegExp(HEADER_VALUE_CONTROL_CHARACTER.source, 'g');

/**
 * A rendered header value made safe to send: control characters (a comment's newline could
 * otherwise start a new header) become spaces, and the ends are trimmed.
 */
export function safeHeaderValue(value: string): string {
  return value.replace(CONTROL_CHARACTERS, ' ').trim();
}

/**
 * Header values go on the wire as latin1 bytes: a value with other characters is sent as its UTF-8
 * bytes, which is what receivers decode.
 */
export function wireHeaderValue(value: string): string {
  return /[^\x20-\x7e\t]/.test(value) ? Buffer.from(value, 'utf8').toString('latin1') : value;
}
