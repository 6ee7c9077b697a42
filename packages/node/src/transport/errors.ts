import { isProblem } from '@hearback/client';
import { HearbackApiError } from '../errors/hearback-api-error.js';
import { parseRetryAfter } from './backoff.js';

/** The error for an answer that is not 2xx: the problem document's code, or `unexpected_response`. */
export function errorFromResponse(
  result: { error?: unknown; response: Response },
  sentRequestId: string,
  attempts: number,
): HearbackApiError {
  const { response } = result;
  const problem = isProblem(result.error) ? result.error : undefined;
  return new HearbackApiError({
    code: problem?.code ?? 'unexpected_response',
    message: problem?.detail ?? `The Hearback API answered ${response.status} ${response.statusText}`.trim(),
    status: response.status,
    requestId: problem?.requestId ?? response.headers.get('x-request-id') ?? sentRequestId,
    problem,
    retryAfterMs: parseRetryAfter(response.headers.get('retry-after')),
    attempts,
  });
}

/** The error for an attempt that got no usable answer: a timeout, a network failure, a body that is not JSON. */
export function errorFromFailure(
  error: unknown,
  context: { timedOut: boolean; timeoutMs: number; sentRequestId: string; attempts: number },
): HearbackApiError {
  const { timedOut, timeoutMs, sentRequestId: requestId, attempts } = context;
  if (timedOut) {
    return new HearbackApiError({
      code: 'timeout',
      message: `No response from the Hearback API within ${timeoutMs} ms`,
      requestId,
      attempts,
      cause: error,
    });
  }
  if (error instanceof SyntaxError) {
    return new HearbackApiError({
      code: 'unexpected_response',
      message: `The Hearback API answered with a body that is not JSON: ${error.message}`,
      requestId,
      attempts,
      cause: error,
    });
  }
  const reason = error instanceof Error ? (describeCause(error) ?? error.message) : String(error);
  return new HearbackApiError({
    code: 'network_error',
    message: `Could not reach the Hearback API: ${reason}`,
    requestId,
    attempts,
    cause: error,
  });
}

/** Node's fetch rejects with "fetch failed" and puts the useful part (ECONNREFUSED …) in `cause`. */
function describeCause(error: Error): string | undefined {
  const cause = error.cause;
  if (cause instanceof Error) return `${error.message} (${cause.message})`;
  return undefined;
}
