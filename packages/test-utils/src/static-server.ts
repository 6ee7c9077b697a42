import { randomBytes } from 'node:crypto';
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
  /**
   * Values for `{{NAME}}` placeholders in HTML and JS bodies; a query parameter of the same name
   * in lower case overrides one (`?type=nps` fills `{{TYPE}}`). `{{NONCE}}` is a fresh random
   * value per response.
   */
  placeholders?: Record<string, string>;
  /** Rewrites text bodies (e.g. fills `{{SERVER}}` placeholders in example pages). */
  transform?: (body: string, path: string, request: IncomingMessage) => string;
  /** Extra headers per response (e.g. a Content-Security-Policy for one page). */
  headers?: (path: string, request: IncomingMessage) => Record<string, string>;
}

function fill(body: string, values: Record<string, string>, request: IncomingMessage): string {
  const query = new URL(request.url ?? '/', 'http://x').searchParams;
  const nonce = randomBytes(16).toString('base64');
  return body.replace(/\{\{([A-Z_]+)\}\}/g, (match, name: string) =>
    name === 'NONCE' ? nonce : (query.get(name.toLowerCase()) ?? values[name] ?? match),
  );
}

export interface StaticServer {
  url: string;
  close(): Promise<void>;
}

/**
 * A tiny static file server for browser tests: serves example pages and built scripts from
 * local directories on a free loopback port.
 *
 * @example
 * const site = await serveStatic({ mounts: { '/': 'examples/script-tag', '/dist/': 'packages/widget/dist/browser' } });
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
      let body: Buffer | string = await readFile(file);
      if (/^text\/(html|javascript)/.test(type) && (options.transform || options.placeholders)) {
        body = options.transform?.(body.toString('utf8'), path, request) ?? body.toString('utf8');
        if (options.placeholders) body = fill(body, options.placeholders, request);
      }
      response.writeHead(200, {
        'content-type': type,
        'cache-control': 'no-store',
        ...options.headers?.(path, request),
      });
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
