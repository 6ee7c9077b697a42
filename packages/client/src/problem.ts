import type { Problem } from './types.js';

/**
 * True when `value` is a Hearback problem document (`{ type, title, status, code, … }`), the
 * `error` of a failed call. Anything else in `error` (a proxy's HTML page, an empty body) is not.
 *
 * @example
 * const { error } = await client.GET('/organizations/{orgId}', { params: { path: { orgId } } });
 * if (isProblem(error) && error.code === 'invalid_api_key') rotateKey();
 */
export function isProblem(value: unknown): value is Problem {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    typeof candidate.code === 'string' && typeof candidate.status === 'number' && typeof candidate.title === 'string'
  );
}
