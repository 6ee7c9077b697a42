import { ApiError } from '../errors/api-error.js';

/** 413: shared by the app's body limits and the `/collect` fast path. */
export function payloadTooLarge(limit: number): ApiError {
  return new ApiError(413, 'payload_too_large', `The request body exceeds ${limit} bytes.`);
}

/** 400 for a JSON body that does not parse. */
export function malformedJson(): ApiError {
  return new ApiError(400, 'malformed_json', 'The request body is not valid JSON.');
}

/** 415 for a body that is not declared as JSON (or declared in a charset that is not UTF-8: `detail`). */
export function unsupportedMediaType(detail = 'Send the body as JSON with Content-Type: application/json.'): ApiError {
  return new ApiError(415, 'unsupported_media_type', detail);
}
