/**
 * The rules for the headers an automation's webhook may set, the one definition: the create-time
 * validation (webhook-input.ts) refuses what the renderer (the server's webhooks/render.ts) would skip.
 */

/** An HTTP header name: an RFC 9110 token. */
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** The Standard Webhooks headers (`webhook-id`, `-timestamp`, `-signature`): a receiver must be able to trust them. */
export const RESERVED_HEADER_PREFIX = 'webhook-';

/** Headers an automation may not set besides `webhook-*` (compared in lower case), each for its reason. */
export const RESERVED_HEADER_NAMES = [
  // The body is always JSON, and written as is.
  'content-type',
  'content-encoding',
  // The HTTP client frames the body, addresses the host and handles the connection itself.
  'content-length',
  'transfer-encoding',
  'host',
  'connection',
  'keep-alive',
  'proxy-connection',
  'upgrade',
  'te',
  'trailer',
  // `100-continue` would make the client wait for an answer before sending the signed body.
  'expect',
] as const;

/** The reserved headers in words, for the document and 400s. */
export const RESERVED_HEADERS_TEXT = `the Standard Webhooks headers (${RESERVED_HEADER_PREFIX}*), ${RESERVED_HEADER_NAMES.join(', ')}`;

/**
 * What no header value may hold: control characters other than a tab (CR and LF would start a new
 * header, NUL ends it). Validation refuses them; the renderer turns those a value brings into spaces.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
export const HEADER_VALUE_CONTROL_CHARACTER = /[\u0000-\u0008\u000a-\u001f\u007f]/;

/** Whether `name` is a syntactically valid header name. */
export function isValidHeaderName(name: string): boolean {
  return HEADER_NAME.test(name);
}

/**
 * Whether an automation may not set the header `name` (any letter case).
 *
 * @example
 * isReservedHeaderName('Webhook-Signature'); // true
 * isReservedHeaderName('authorization'); // false
 */
export function isReservedHeaderName(name: string): boolean {
  const lower = name.toLowerCase();
  return lower.startsWith(RESERVED_HEADER_PREFIX) || (RESERVED_HEADER_NAMES as readonly string[]).includes(lower);
}
