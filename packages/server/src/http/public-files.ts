import { serveStatic } from '@hono/node-server/serve-static';
import type { MiddlewareHandler } from 'hono';
import { every } from 'hono/combine';
import { etag } from 'hono/etag';
import type { AppEnv } from './app-env.js';

/**
 * Serves a directory's files for `GET`/`HEAD` requests no route claimed (a self-hoster's landing or
 * demo page next to the API). `@hono/node-server`'s serveStatic refuses `..`, `//`, backslashes and
 * any percent-encoding, never lists a directory (only its `index.html`), and picks the content
 * type; around it: dotfiles (`.env`, `.git/`) stay private, an ETag lets browsers revalidate, and
 * every load revalidates since files change in place. A miss falls through to the 404 problem.
 *
 * @example
 * app.get('*', publicFiles('/srv/hearback/public'));
 */
export function publicFiles(root: string): MiddlewareHandler<AppEnv> {
  const noDotfiles: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (c.req.path.split('/').some((segment) => segment.startsWith('.'))) return c.notFound();
    await next();
  };
  const headers: MiddlewareHandler<AppEnv> = async (c, next) => {
    await next();
    if (c.res.status !== 200) return;
    c.res.headers.set('cache-control', 'no-cache');
    c.res.headers.set('x-content-type-options', 'nosniff');
  };
  return every(noDotfiles, headers, etag(), serveStatic<AppEnv>({ root }));
}
