/**
 * Node-only: the built script-tag files, for a server to serve at `/widget.js`.
 * Never imported by browser code.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** One file to serve, with the headers it should carry. */
export interface WidgetAsset {
  /** URL path relative to the server root: `/widget.js`, `/widget.3f2a9c1b.js`, `/widget-dialog.8d0e4f7a.js`. */
  path: string;
  /** Absolute path of the file on disk. */
  file: string;
  body: Buffer;
  /** `body` gzipped (level 9), for `Content-Encoding: gzip` when the request accepts it. */
  gzip: Buffer;
  contentType: 'text/javascript; charset=utf-8';
  /** Strong ETag from the content hash. */
  etag: string;
  /**
   * `/widget.js` is the URL people paste, so it revalidates hourly; hashed names never change
   * and are cached for a year (`immutable`).
   */
  cacheControl: string;
  /** Hex SHA-256 prefix of the content. */
  hash: string;
}

/** The build's record of what it wrote (dist/browser/manifest.json). */
export interface WidgetManifest {
  version: string;
  /** `widget.js` */
  launcher: string;
  /** `widget.<hash>.js`: the same bytes under a versioned name. */
  versionedLauncher: string;
  /** `widget-dialog.<hash>.js` */
  dialog: string;
  /** Gzip sizes in bytes. */
  sizes: { launcher: number; dialog: number; total: number };
}

const SHORT_CACHE = 'public, max-age=3600, stale-while-revalidate=86400';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** dist/browser in the repository (from src/) and in the published package (from dist/esm/). */
function browserDir(): string {
  const candidates = ['../dist/browser/', '../browser/'].map((relative) =>
    fileURLToPath(new URL(relative, import.meta.url)),
  );
  const found = candidates.find((dir) => existsSync(`${dir}manifest.json`));
  if (!found) throw new Error('@hearback/widget: dist/browser is missing; run `pnpm --filter @hearback/widget build`.');
  return found;
}

export function widgetManifest(): WidgetManifest {
  return JSON.parse(readFileSync(`${browserDir()}manifest.json`, 'utf8')) as WidgetManifest;
}

/**
 * Every file a server serves for the script tag. Read once at start-up and serve from memory.
 *
 * @example
 * for (const asset of widgetAssets()) {
 *   app.get(asset.path, (c) => c.body(asset.body, 200, {
 *     'content-type': asset.contentType, 'cache-control': asset.cacheControl, etag: asset.etag,
 *   }));
 *   // (send asset.gzip with content-encoding: gzip when accept-encoding allows it)
 * }
 */
export function widgetAssets(): WidgetAsset[] {
  const dir = browserDir();
  const manifest = widgetManifest();
  const entries: [name: string, cacheControl: string][] = [
    [manifest.launcher, SHORT_CACHE],
    [manifest.versionedLauncher, IMMUTABLE],
    [manifest.dialog, IMMUTABLE],
  ];
  return entries.map(([name, cacheControl]) => {
    const file = dir + name;
    const body = readFileSync(file);
    const hash = createHash('sha256').update(body).digest('hex').slice(0, 16);
    return {
      path: `/${name}`,
      file,
      body,
      gzip: gzipSync(body, { level: 9 }),
      contentType: 'text/javascript; charset=utf-8',
      etag: `"${hash}"`,
      cacheControl,
      hash,
    };
  });
}
