import { realpathSync } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { MiddlewareHandler } from 'hono';
import { every } from 'hono/combine';
import { etag } from 'hono/etag';
import type { AppEnv } from './app-env.js';

const INDEX_FILE = 'index.html';

const isDotSegment = (segment: string) => segment.startsWith('.');

/**
 * Where a request path really leads under `root` once every symbolic link is followed (the
 * directory's `index.html` for a directory), relative to `realRoot`; `undefined` when nothing is
 * there (serveStatic answers those 404 itself) and `outside` when it leaves the directory.
 */
async function realTarget(root: string, realRoot: string, requestPath: string): Promise<string | undefined> {
  let target = await realpath(join(root, requestPath)).catch(() => undefined);
  if (target !== undefined && (await stat(target).catch(() => undefined))?.isDirectory()) {
    target = await realpath(join(target, INDEX_FILE)).catch(() => undefined);
  }
  return target === undefined ? undefined : relative(realRoot, target);
}

/**
 * Refuses a path whose file, once symbolic links are followed, lies outside the directory or is a
 * dotfile: a link inside the directory (`latest.html → v2.html`, `docs → sub/`) is served, a link
 * out of it (`leak → /etc/passwd`) never is. serveStatic itself follows links blindly. (A link
 * swapped in between this check and the read is not caught: that takes write access to the directory.)
 */
function staysInside(root: string): MiddlewareHandler<AppEnv> {
  // The root may itself be a link (`/srv/site → /srv/site-v2`); containment is judged on real paths.
  const realRoot = realpathSync(root);
  return async (c, next) => {
    let requestPath: string;
    try {
      requestPath = decodeURI(c.req.path);
    } catch {
      return next(); // serveStatic refuses what does not decode
    }
    const target = await realTarget(root, realRoot, requestPath);
    if (target !== undefined) {
      const outside = target === '..' || target.startsWith(`..${sep}`) || target.startsWith(sep);
      if (outside || target.split(sep).some(isDotSegment)) return c.notFound();
    }
    await next();
  };
}

/**
 * Serves a directory's files for `GET`/`HEAD` requests no route claimed (a self-hoster's landing or
 * demo page next to the API). `@hono/node-server`'s serveStatic refuses `..`, `//`, backslashes and
 * any percent-encoding, never lists a directory (only its `index.html`), and picks the content
 * type; around it: no file outside the directory is reached through a symbolic link, dotfiles
 * (`.env`, `.git/`) stay private, an ETag lets browsers revalidate, and every load revalidates since
 * files change in place. A miss falls through to the 404 problem.
 *
 * @example
 * app.get('*', publicFiles('/srv/hearback/public'));
 */
export function publicFiles(root: string): MiddlewareHandler<AppEnv> {
  const noDotfiles: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (c.req.path.split('/').some(isDotSegment)) return c.notFound();
    await next();
  };
  const headers: MiddlewareHandler<AppEnv> = async (c, next) => {
    await next();
    if (c.res.status !== 200) return;
    c.res.headers.set('cache-control', 'no-cache');
    c.res.headers.set('x-content-type-options', 'nosniff');
  };
  return every(noDotfiles, staysInside(root), headers, etag(), serveStatic<AppEnv>({ root }));
}
