/** The header that carries a request id to the server and back (echoed on every response). */
export const REQUEST_ID_HEADER = 'X-Request-Id';

/**
 * A random request id: 16 bytes of `crypto.getRandomValues` as hex, prefixed `req_`. Uses
 * `getRandomValues` rather than `randomUUID`, which browsers expose only in secure contexts.
 *
 * @example
 * createRequestId(); // 'req_3f9c0a…' (36 characters)
 */
export function createRequestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return `req_${hex}`;
}
