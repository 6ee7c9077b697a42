import { randomBytes } from 'node:crypto';

/** A fresh CSP nonce for one response's `<style>` element. */
export const newNonce = (): string => randomBytes(16).toString('base64');

/**
 * The headers of every public page: a strict Content Security Policy (scripts and workers from
 * this origin only, no inline script, inline style only with the response's nonce, forms posted
 * here or to the page's redirect target), never cached, and frameable only in embed mode.
 *
 * @example
 * c.body(html, 200, pageHeaders({ nonce, embed: false }));
 */
export function pageHeaders(options: {
  nonce: string;
  embed: boolean;
  redirectUrl?: string | null;
}): Record<string, string> {
  // Browsers apply form-action to the redirect that follows a post, so the redirect's origin is allowed too.
  const formTargets = ["'self'", ...(options.redirectUrl ? [new URL(options.redirectUrl).origin] : [])];
  const csp = [
    "default-src 'none'",
    "script-src 'self'",
    `style-src 'self' 'nonce-${options.nonce}'`,
    // The page's logo may live anywhere on the web.
    "img-src 'self' https: http: data:",
    "connect-src 'self'",
    "worker-src 'self'",
    `form-action ${formTargets.join(' ')}`,
    "base-uri 'none'",
    `frame-ancestors ${options.embed ? '*' : "'none'"}`,
  ].join('; ');
  return {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': csp,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
  };
}
