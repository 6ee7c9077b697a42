import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { ApiError } from '../errors/api-error.js';
import type { ErrorCode } from '../errors/error-codes.js';

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
};

/** Maps anything thrown while handling a request to the ApiError the client will see. */
export function toApiError(error: unknown): ApiError {
  if (ApiError.isInstance(error)) return error;
  if (error instanceof HTTPException) {
    // Hono's JSON validator throws a bare 400 on a body that does not parse.
    if (error.status === 400 && /malformed json/i.test(error.message)) {
      return new ApiError(400, 'malformed_json', 'The request body is not valid JSON.');
    }
    if (error.status === 413) return new ApiError(413, 'payload_too_large', 'The request body is too large.');
    if (error.status === 415) {
      return new ApiError(415, 'unsupported_media_type', 'Send the body as JSON with Content-Type: application/json.');
    }
    const code: ErrorCode =
      error.status === 404 ? 'not_found' : error.status < 500 ? 'validation_failed' : 'internal_error';
    return new ApiError(error.status, code, error.message || (TITLES[error.status] ?? 'Error'));
  }
  return new ApiError(500, 'internal_error', 'An unexpected error occurred. It has been logged with the request id.', {
    cause: error,
  });
}

/** RFC 9457 problem details with our stable `code` and the request id. */
export function problemResponse(c: Context, error: ApiError): Response {
  const body = {
    type: `https://hearback.dev/problems/${error.code.replaceAll('_', '-')}`,
    title: TITLES[error.status] ?? 'Error',
    status: error.status,
    detail: error.message,
    code: error.code,
    requestId: c.get('requestId') as string | undefined,
    ...(error.errors && { errors: error.errors }),
    ...error.extensions,
  };
  return new Response(JSON.stringify(body), {
    status: error.status,
    headers: { ...error.headers, 'content-type': 'application/problem+json' },
  });
}
