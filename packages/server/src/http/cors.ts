/**
 * The API's CORS policy. Keys travel in headers, never cookies, so any origin may call; browsers
 * may read the request id, rate-limit and replay headers.
 */
export const CORS_OPTIONS = {
  origin: '*',
  // Every method an operation uses (`PUT …/secrets/{name}` included): a test checks the table.
  allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
  allowHeaders: [
    'X-Service-Key',
    'Authorization',
    'Content-Type',
    'Idempotency-Key',
    'X-Request-Id',
    // Sent by browser MCP clients to /mcp (allowed origins only: see mcp/origin.ts).
    'Mcp-Protocol-Version',
    'Mcp-Session-Id',
  ],
  exposeHeaders: [
    'X-Request-Id',
    'Retry-After',
    'RateLimit-Limit',
    'RateLimit-Remaining',
    'RateLimit-Reset',
    'Idempotent-Replayed',
  ],
  maxAge: 86400,
};

/**
 * What Hono's `cors(CORS_OPTIONS)` adds to every non-preflight response, for responses written
 * below Hono (the `/collect` fast path).
 */
export const CORS_RESPONSE_HEADERS: Readonly<Record<string, string>> = {
  'access-control-allow-origin': CORS_OPTIONS.origin,
  'access-control-expose-headers': CORS_OPTIONS.exposeHeaders.join(','),
};
