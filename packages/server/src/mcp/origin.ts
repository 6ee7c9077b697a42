/**
 * DNS-rebinding protection for `/mcp` (MCP Streamable HTTP): a browser request carries `Origin`;
 * it is accepted when it names this server itself (its host matches the request's host) or one of the
 * configured origins (`*` accepts any). Requests without `Origin` come from non-browser clients
 * and are accepted.
 *
 * @example
 * isOriginAllowed('https://evil.example', 'localhost:3000', []); // false
 */
export function isOriginAllowed(
  origin: string | undefined,
  host: string | undefined,
  allowedOrigins: readonly string[],
): boolean {
  if (origin === undefined) return true;
  if (allowedOrigins.includes('*')) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false; // `null` (sandboxed frames, file:) and anything else that is no origin
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (host !== undefined && url.host === host.toLowerCase()) return true;
  return allowedOrigins.includes(url.origin);
}
