import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { answerClientError } from './http/client-error.js';
import { withCollectFastPath } from './http/collect-fast-path.js';
import { keepConnectionsUsable } from './http/early-answer.js';
import { trackUnusedConnections } from './http/unused-connections.js';
import { urlHost } from './lib/own-address.js';
import type { Runtime } from './runtime.js';

export interface RunningServer {
  /** Where this process listens (`http://localhost:PORT` when bound to every interface). */
  url: string;
  /** Where users reach the instance: `HEARBACK_PUBLIC_URL`, or else {@link url}. Print this one. */
  publicUrl: string;
  port: number;
  /** Stops accepting connections, lets in-flight requests finish, then closes the runtime. */
  close(): Promise<void>;
}

/** How long an idle keep-alive connection stays open (sent to clients as `Keep-Alive: timeout=72`). */
export const KEEP_ALIVE_TIMEOUT_MS = 72_000;

/**
 * Serves a runtime's app over HTTP: `POST /collect` on the lean node:http fast path, every other
 * request through Hono's adapter.
 *
 * @example
 * const server = await listen(runtime, { port: 0, host: '127.0.0.1' });
 * console.log(server.url);
 */
export async function listen(runtime: Runtime, options: { port: number; host: string }): Promise<RunningServer> {
  // Hono's adapter drains an unread body itself (and may close a connection it announced as
  // keep-alive); keepConnectionsUsable owns that for both paths instead.
  const honoListener = getRequestListener(runtime.app.fetch, { autoCleanupIncoming: false });
  const server = createServer(
    keepConnectionsUsable(
      withCollectFastPath(honoListener, {
        services: runtime.services,
        bodyLimit: runtime.config.collectBodyLimit,
        logError: runtime.logError,
      }),
    ),
  );
  const unused = trackUnusedConnections(server);
  // Requests node:http cannot parse (headers or URL too long, not HTTP) get a problem body too.
  server.on('clientError', answerClientError);
  // Longer than the idle timeout of the proxies in front (AWS ALB and nginx upstreams: 60 s): a
  // proxy that reuses a connection the server has just closed answers its client 502 (Node's 5 s
  // default did that, and clients that pool met ECONNRESET). Still bounded: the sockets of load
  // generators and browsers outlive their requests.
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${urlHost(options.host)}:${port}`;
  // Links the server logs for its operator are built on it (accounts/mailer.ts), not on a request's Host.
  runtime.ownAddress.listeningAt(url);
  return {
    url,
    publicUrl: runtime.config.publicUrl ?? url,
    port,
    async close() {
      const closed = new Promise<void>((resolve) => {
        // A connection whose request ends after this point is idle at once, not for the timeout.
        server.keepAliveTimeout = 1;
        server.close(() => resolve());
        server.closeIdleConnections();
        unused.closeAll();
      });
      // Realtime streams never finish by themselves: end them, so the server's wait ends.
      await runtime.realtime.close();
      await closed;
      await runtime.close();
    },
  };
}
