import { STATUS_CODES } from 'node:http';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { ApiError } from '../errors/api-error.js';
import { asApiError } from '../errors/as-api-error.js';
import type { ErrorCode } from '../errors/error-codes.js';
import { malformedJson, unsupportedMediaType } from './body-errors.js';

/** The standard reason phrase of each status (RFC 9110), as a problem's title. */
const titleOf = (status: number): string => STATUS_CODES[status] ?? 'Error';

/** Maps anything thrown while handling a request to the ApiError the client will see. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof HTTPException) {
    // Hono's JSON validator throws a bare 400 on a body that does not parse.
    if (error.status === 400 && /malformed json/i.test(error.message)) {
      return malformedJson();
    }
    if (error.status === 413) return new ApiError(413, 'payload_too_large', 'The request body is too large.');
    if (error.status === 415) return unsupportedMediaType();
    const code: ErrorCode =
      error.status === 404 ? 'not_found' : error.status < 500 ? 'validation_failed' : 'internal_error';
    return new ApiError(error.status, code, error.message || titleOf(error.status));
  }
  return asApiError(error);
}

/** A rendered problem: what both the Hono app and the `/collect` fast path put on the wire. */
export interface RenderedProblem {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * RFC 9457 problem details with our stable `code` and the request id, without a Hono context.
 *
 * @example
 * const { status, headers, body } = renderProblem(new ApiError(404, 'not_found', 'Gone.'), requestId);
 */
export function renderProblem(error: ApiError, requestId: string | undefined): RenderedProblem {
  const body = {
    type: `https://hearback.dev/problems/${error.code.replaceAll('_', '-')}`,
    title: titleOf(error.status),
    status: error.status,
    detail: error.message,
    code: error.code,
    requestId,
    ...(error.errors && { errors: error.errors }),
    ...error.extensions,
  };
  return {
    status: error.status,
    headers: { ...error.headers, 'content-type': 'application/problem+json' },
    body: JSON.stringify(body),
  };
}

/** {@link renderProblem} as a Response, with the request id of the context. */
export function problemResponse(c: Context, error: ApiError): Response {
  const { status, headers, body } = renderProblem(error, c.get('requestId') as string | undefined);
  return new Response(body, { status, headers });
}
