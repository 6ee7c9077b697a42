import { ApiError } from '../errors/api-error.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses a cookie-authenticated write that a page of another origin could have made the browser
 * send: its `Origin` must be the instance's own (`HEARBACK_PUBLIC_URL`, or the address the request
 * came to). Browsers send `Origin` on every cross-origin and same-origin write; without one,
 * `Sec-Fetch-Site: same-origin` is accepted, nothing else. Keys need no such check: a browser
 * never attaches one by itself.
 */
export function requireSameOrigin(request: Request, publicUrl: string | undefined): void {
  if (SAFE_METHODS.has(request.method)) return;
  const own = publicUrl ? new URL(publicUrl).origin : new URL(request.url).origin;
  const origin = request.headers.get('origin');
  if (origin !== null ? origin === own : request.headers.get('sec-fetch-site') === 'same-origin') return;
  throw new ApiError(
    403,
    'csrf_failed',
    'A write with a session cookie must come from this instance’s own pages (its Origin header did not match).',
  );
}
