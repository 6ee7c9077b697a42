/**
 * The rules for the headers an automation may set, in one place: create-time validation and the
 * render both use them.
 */

/** RFC 9110 token: what a header field name may be made of. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * Headers the signature, the body or the connection own. `webhook-*` are the Standard Webhooks
 * headers (a receiver must be able to trust them); `content-type` is fixed because the body is
 * always JSON; the rest describe the transport, which the HTTP client writes itself.
 */
const RESERVED_HEADER_NAMES = new Set([
  'content-type',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'host',
  'connection',
  'keep-alive',
  'proxy-connection',
  'upgrade',
  'te',
  'trailer',
  'expect',
]);

/** Whether `name` is a syntactically valid header name. */
export function isValidHeaderName(name: string): boolean {
  return HEADER_NAME.test(name);
}

/**
 * Whether an automation's custom headers may not set `name` (any letter case).
 *
 * @example
 * isReservedHeaderName('Webhook-Signature'); // true
 * isReservedHeaderName('authorization'); // false
 */
export function isReservedHeaderName(name: string): boolean {
  const lower = name.toLowerCase();
  return lower.startsWith('webhook-') || RESERVED_HEADER_NAMES.has(lower);
}

/**
 * A rendered header value made safe to send: control characters (a comment's newline could
 * otherwise start a new header) become spaces, and the ends are trimmed.
 */
export function safeHeaderValue(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
  return value.replace(/[\u0000-\u0008\u000a-\u001f\u007f]/g, ' ').trim();
}

/**
 * Header values go on the wire as latin1 bytes: a value with other characters is sent as its UTF-8
 * bytes, which is what receivers decode.
 */
export function wireHeaderValue(value: string): string {
  return /[^\x20-\x7e\t]/.test(value) ? Buffer.from(value, 'utf8').toString('latin1') : value;
}
