import { ApiError } from '../errors/api-error.js';
import { unsupportedMediaType } from './body-errors.js';
import { utf8FormFields } from './form-body.js';
import { charsetOtherThanUtf8, decodeJsonBody, requireUtf8Charset } from './json-body-encoding.js';

// As broad as the handlers' own tests (better-call's: a JSON prefix, a form anywhere in the header),
// so nothing they would read as JSON or as a form passes unchecked.
const JSON_LIKE_CONTENT_TYPE = /^\s*application\/([a-z0-9.+-]*\+)?json/i;
const FORM_CONTENT_TYPE = /application\/x-www-form-urlencoded/i;
const MULTIPART_CONTENT_TYPE = /multipart\/form-data/i;

/**
 * The body of `request`, checked as the API's own routes check theirs, for handlers that read it
 * themselves: the MCP SDK's transport and better-auth decode JSON (a TextDecoder, Request.json())
 * and forms (Request.formData()) with U+FFFD in place of bytes that are not UTF-8, and read any
 * declared charset as UTF-8. JSON follows json-body-encoding.ts (415 for another charset, 400
 * `malformed_json` for bytes that are not UTF-8), and comes back as its text; a urlencoded form
 * follows the same rules (415, 400 `bad_request`) and comes back as its bytes; a multipart body is
 * refused (415). Other bodies are left to the handler, unread.
 *
 * @example
 * const body = await utf8Body(c.req.raw);
 * await handler(new Request(c.req.raw.url, { method: 'POST', headers: c.req.raw.headers, body }));
 */
export async function utf8Body(request: Request): Promise<RequestInit['body']> {
  const contentType = request.headers.get('content-type') ?? '';
  if (request.body === null) return null;
  if (JSON_LIKE_CONTENT_TYPE.test(contentType)) {
    requireUtf8Charset(contentType);
    return decodeJsonBody(await request.arrayBuffer());
  }
  if (FORM_CONTENT_TYPE.test(contentType)) {
    const charset = charsetOtherThanUtf8(contentType);
    if (charset !== undefined) {
      throw unsupportedMediaType(
        `Forms are read as UTF-8 only; the body declares charset=${charset}. Send it in UTF-8, with no charset or charset=utf-8.`,
      );
    }
    const bytes = new Uint8Array(await request.arrayBuffer());
    if (utf8FormFields(bytes) === undefined) {
      throw new ApiError(
        400,
        'bad_request',
        'The form body is not valid UTF-8: percent-encode text as UTF-8 (é is %C3%A9), as browsers do.',
      );
    }
    return bytes;
  }
  // Its text parts would be decoded as a form's, and neither handler takes a file.
  if (MULTIPART_CONTENT_TYPE.test(contentType)) {
    throw unsupportedMediaType(
      'Send the body as JSON (or a urlencoded form), in UTF-8; multipart bodies are not taken.',
    );
  }
  return request.body;
}
