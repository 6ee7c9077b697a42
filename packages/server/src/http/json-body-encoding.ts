import type { MiddlewareHandler } from 'hono';
import { ApiError } from '../errors/api-error.js';
import type { AppEnv } from './app-env.js';
import { unsupportedMediaType } from './body-errors.js';

/**
 * The media-type gate of @hono/zod-openapi for a JSON body (`matchesMediaType`), so the `/collect`
 * fast path and the routes accept exactly the same Content-Type values.
 */
export const JSON_CONTENT_TYPE = /^application\/([a-z-.]+\+)?json(;\s*[a-zA-Z0-9-]+=([^;]+))*$/i;

// A `charset` parameter that is not UTF-8: JSON on the wire is UTF-8 (RFC 8259 §8.1), labelled
// `utf-8` or `utf8` (many clients write it; WHATWG lists it), quoted or not, in any case. A regular
// expression, not a split: the `/collect` fast path allocates nothing for the usual header.
const NOT_UTF8_CHARSET = /;\s*charset=(?!"?utf-?8"?\s*(?:;|$))([^;]*)/i;

// `fatal`: Request.json() and Buffer#toString replace bytes that are not UTF-8 with U+FFFD, which
// would store text the client never sent. Like them it drops a leading byte order mark.
const utf8 = new TextDecoder('utf-8', { fatal: true });
const utf8WithByteOrderMark = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * The `charset` a Content-Type declares when it is not UTF-8 (unquoted), or undefined: the one rule
 * for JSON bodies here and for the forms the feedback pages read (http/form-body.ts).
 *
 * @example
 * charsetOtherThanUtf8('application/x-www-form-urlencoded; charset=latin1'); // 'latin1'
 * charsetOtherThanUtf8('application/json; charset="UTF-8"'); // undefined
 */
export function charsetOtherThanUtf8(contentType: string): string | undefined {
  const declared = NOT_UTF8_CHARSET.exec(contentType);
  return declared === null ? undefined : (declared[1] ?? '').trim().replace(/^"(.*)"$/, '$1');
}

/**
 * Refuses (415) a JSON Content-Type whose `charset` is not UTF-8: the body would be read as UTF-8
 * whatever it declares, so `charset=latin1` text would be stored garbled.
 *
 * @example
 * requireUtf8Charset('application/json; charset=ISO-8859-1'); // throws 415 unsupported_media_type
 */
export function requireUtf8Charset(contentType: string): void {
  const charset = charsetOtherThanUtf8(contentType);
  if (charset === undefined) return;
  throw unsupportedMediaType(
    `JSON is read as UTF-8 only; the body declares charset=${charset}. Send it in UTF-8, with no charset or charset=utf-8.`,
  );
}

/**
 * The text of `bytes` when they are UTF-8, else undefined (never U+FFFD in place of a byte). A
 * whole body drops a leading byte order mark, as Request.json() does; a form field keeps one
 * (`keepByteOrderMark`), as URLSearchParams does.
 *
 * @example
 * strictUtf8(new Uint8Array([0x63, 0xc3, 0xa9])); // 'cé'
 * strictUtf8(new Uint8Array([0x63, 0xe9])); // undefined
 */
export function strictUtf8(bytes: ArrayBuffer | Uint8Array, keepByteOrderMark = false): string | undefined {
  try {
    return (keepByteOrderMark ? utf8WithByteOrderMark : utf8).decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * The text of a JSON body, refused (400 `malformed_json`) when its bytes are not UTF-8; a leading
 * byte order mark is dropped, as Request.json() drops it.
 *
 * @example
 * decodeJsonBody(Buffer.from([0x22, 0xe9, 0x22])); // throws 400 malformed_json
 */
export function decodeJsonBody(bytes: ArrayBuffer | Uint8Array): string {
  const text = strictUtf8(bytes);
  if (text !== undefined) return text;
  throw new ApiError(
    400,
    'malformed_json',
    'The request body is not valid UTF-8: send JSON encoded in UTF-8 (RFC 8259), text as it is, other bytes escaped (\\u00e9).',
  );
}

/**
 * Reads a JSON body once, strictly (see {@link requireUtf8Charset}, {@link decodeJsonBody}), and
 * leaves its text where `c.req.json()` and `c.req.text()` find it, so the validators and the
 * idempotency fingerprint read it as checked. Bodies not declared as JSON are left to the
 * media-type gate that follows (415).
 *
 * @example
 * app.post('/notes', utf8JsonBody(), zValidator('json', NoteSchema), handler);
 */
export function utf8JsonBody(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const contentType = c.req.header('content-type');
    if (contentType !== undefined && JSON_CONTENT_TYPE.test(contentType)) {
      requireUtf8Charset(contentType);
      const text = decodeJsonBody(await c.req.arrayBuffer());
      // Hono types its cache as Body's methods, but keeps the promises they return (`#cachedBody`).
      (c.req.bodyCache as { text?: Promise<string> }).text = Promise.resolve(text);
    }
    await next();
  };
}
