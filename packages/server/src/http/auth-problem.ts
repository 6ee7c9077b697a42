import { STATUS_CODES } from 'node:http';
import { ApiError } from '../errors/api-error.js';
import { ERROR_CODES, type ErrorCode } from '../errors/error-codes.js';
import { renderProblem } from './problem.js';

const KNOWN_CODES: ReadonlySet<string> = new Set(ERROR_CODES);

/** What better-auth says when it refuses: `{code, message}` as JSON, or nothing at all. */
interface Refusal {
  code?: string;
  message?: string;
}

function refusalOf(text: string): Refusal {
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body !== 'object' || body === null) return {};
    const { code, message } = body as Record<string, unknown>;
    return {
      ...(typeof code === 'string' && { code }),
      ...(typeof message === 'string' && { message }),
    };
  } catch {
    return {};
  }
}

/**
 * better-auth's code in lower_snake, when ERROR_CODES lists it (a test checks it lists all of the
 * installed better-auth's); otherwise one that says as much from the status alone, so no code
 * outside the published enum reaches a client after an upgrade.
 */
function codeOf(status: number, refusal: Refusal): ErrorCode {
  if (status === 429) return 'rate_limited';
  const lowerSnake = refusal.code?.toLowerCase();
  if (lowerSnake && KNOWN_CODES.has(lowerSnake)) return lowerSnake as ErrorCode;
  if (status === 404) return 'not_found';
  if (status === 403) return 'forbidden';
  if (status >= 500) return 'internal_error';
  return 'bad_request';
}

function detailOf(status: number, refusal: Refusal, path: string): string {
  if (refusal.message) return refusal.message;
  if (status === 404) return `There is no account endpoint at ${path}.`;
  return STATUS_CODES[status] ?? 'Error';
}

/**
 * Makes better-auth's refusal a problem like every other error of the API: the same status, its
 * code in lower_snake, its message as `detail` and also as `message` (better-auth's client types a
 * refusal as `{code, message}`, and the dashboard shows that `message`), and the headers it sent
 * (`X-Retry-After` on a 429, with the standard `Retry-After` beside it). Success and redirect
 * answers are returned as they are, their bodies unread.
 *
 * @example
 * return authAnswerAsProblem(await auth.handler(request), { path: c.req.path, requestId: c.get('requestId') });
 */
export async function authAnswerAsProblem(
  answer: Response,
  request: { path: string; requestId: string | undefined },
): Promise<Response> {
  if (answer.status < 400) return answer;
  const refusal = refusalOf(await answer.text());
  const detail = detailOf(answer.status, refusal, request.path);
  const error = new ApiError(answer.status, codeOf(answer.status, refusal), detail, {
    extensions: { message: detail },
  });
  const rendered = renderProblem(error, request.requestId);
  const headers = new Headers(answer.headers);
  headers.delete('content-length');
  for (const [name, value] of Object.entries(rendered.headers)) headers.set(name, value);
  const retryAfter = headers.get('x-retry-after');
  if (retryAfter && !headers.has('retry-after')) headers.set('retry-after', retryAfter);
  return new Response(rendered.body, { status: rendered.status, headers });
}
