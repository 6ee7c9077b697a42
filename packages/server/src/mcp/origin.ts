/** The names a browser on this machine reaches a server on its own loopback interface by. */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

export interface OriginPolicy {
  /** `HEARBACK_MCP_ALLOWED_ORIGINS`, normalised (`*`: any origin). */
  allowedOrigins: readonly string[];
  /** `HEARBACK_PUBLIC_URL`: when set, its origin is this instance's own, and the only one. */
  publicUrl?: string | undefined;
  /** The local port the request arrived on (its socket's), when it came over HTTP. */
  localPort?: number | undefined;
}

/**
 * The origins that are this instance itself: the public URL's when one is configured; otherwise the
 * loopback origins of the port the request arrived on, so `http://localhost:3000` works out of the
 * box. That is safe against DNS rebinding: a rebinding page's origin carries the attacker's name
 * (`http://rebind.evil.example:3000`), never a loopback name, and a page whose origin is
 * `http://localhost:3000` was served by whatever listens on that port, which is this server.
 * The request's `Host` is never trusted: a rebinding page controls it (it is the attacker's name).
 */
export function ownOrigins(publicUrl: string | undefined, localPort: number | undefined): string[] {
  if (publicUrl !== undefined) return [new URL(publicUrl).origin];
  if (localPort === undefined) return [];
  return LOOPBACK_HOSTS.map((host) => `http://${host}:${localPort}`);
}

/**
 * DNS-rebinding protection for `/mcp` (MCP Streamable HTTP): a browser request carries `Origin`;
 * it is accepted when it is one of the configured origins (`*` accepts any) or this instance's own
 * (see {@link ownOrigins}). Requests without `Origin` come from non-browser clients and are accepted.
 *
 * @example
 * isOriginAllowed('http://rebind.evil.example:3000', { allowedOrigins: [], localPort: 3000 }); // false
 * isOriginAllowed('http://localhost:3000', { allowedOrigins: [], localPort: 3000 }); // true
 */
export function isOriginAllowed(origin: string | undefined, policy: OriginPolicy): boolean {
  if (origin === undefined) return true;
  if (policy.allowedOrigins.includes('*')) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false; // `null` (sandboxed frames, file:) and anything else that is no origin
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  return (
    policy.allowedOrigins.includes(url.origin) || ownOrigins(policy.publicUrl, policy.localPort).includes(url.origin)
  );
}
