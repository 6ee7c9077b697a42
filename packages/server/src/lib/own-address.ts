import { isIPv6 } from 'node:net';

/**
 * The host part of a URL for an address we listen on: every interface reads as `localhost`, IPv6
 * goes in brackets.
 *
 * @example
 * urlHost('0.0.0.0'); // 'localhost'
 * urlHost('::1'); // '[::1]'
 */
export function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return 'localhost';
  return isIPv6(host) ? `[${host}]` : host;
}

/**
 * Where this server answers, as it prints it at start (`http://localhost:3000`): what links are
 * built on when no `HEARBACK_PUBLIC_URL` is set, rather than the `Host` a request names (which its
 * sender chooses). Known from the configured host and port at once, and exactly once the server
 * listens (port 0 is chosen then).
 *
 * @example
 * const address = new OwnAddress({ host: '0.0.0.0', port: 3000 });
 * address.url; // 'http://localhost:3000'
 */
export class OwnAddress {
  #url: string;

  constructor(configured: { host: string; port: number }) {
    this.#url = `http://${urlHost(configured.host)}:${configured.port}`;
  }

  get url(): string {
    return this.#url;
  }

  /** The listener's own URL, once it listens (`listen()` in http-server.ts tells it). */
  listeningAt(url: string): void {
    this.#url = url;
  }
}
