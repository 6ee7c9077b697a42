import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

export interface StaticServerOptions {
  /** Port on 127.0.0.1; a free one when omitted. */
  port?: number | undefined;
  /** URL prefix → directory. The longest matching prefix wins. */
  mounts: Record<string, string>;
}

export interface StaticServer {
  url: string;
  close(): Promise<void>;
}

/**
 * A tiny static file server for browser tests of builds that are not served by Hearback (a Vite
 * app, Storybook) on a free loopback port. Pages that load `/widget.js` are served by the real
 * server instead (`startHearback({ publicDir })`).
 *
 * @example
 * const site = await serveStatic({ mounts: { '/': 'examples/react-vite/dist' } });
 */
export async function serveStatic(options: StaticServerOptions): Promise<StaticServer> {
  const prefixes = Object.keys(options.mounts).sort((a, b) => b.length - a.length);
  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const prefix = prefixes.find((candidate) => path.startsWith(candidate));
    const relative = normalize(path.slice(prefix?.length ?? 0) || 'index.html');
    if (!prefix || relative.startsWith('..')) {
      response.writeHead(404).end();
      return;
    }
    const file = join(options.mounts[prefix] as string, relative.endsWith('/') ? `${relative}index.html` : relative);
    try {
      const type = TYPES[extname(file)] ?? 'application/octet-stream';
      const body = await readFile(file);
      response.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  };
  const server = createServer((request, response) => {
    handle(request, response).catch(() => response.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
