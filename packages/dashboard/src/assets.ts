/**
 * Node-only: the built dashboard, for a server to serve at `/app`. Never imported by browser code.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** One built file, with the headers it should carry. */
export interface DashboardAsset {
  /** URL path under the server root, e.g. `/app/assets/index-3f2a9c1b.js`. */
  path: string;
  body: Buffer;
  /** `body` gzipped, for `Content-Encoding: gzip` when the request accepts it (text files only). */
  gzip: Buffer | undefined;
  contentType: string;
  /** Strong ETag from the content hash. */
  etag: string;
  /** Hashed names (`/app/assets/…`) are cached for a year; `index.html` revalidates on every load. */
  cacheControl: string;
}

/** The built app: `index` answers every client-side route, `files` are its scripts, styles and images. */
export interface DashboardAssets {
  index: DashboardAsset;
  files: DashboardAsset[];
}

/** The URL prefix the app is built for (vite.config.ts `base`). */
export const DASHBOARD_BASE_PATH = '/app';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.map': 'application/json',
};
// Source maps (most of the build's bytes) are fetched only by developer tools: gzipping them at
// every start cost most of the ~340 ms this read took, so they are served as they are.
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json']);
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** dist/app in the repository (from src/) and in the published package (from dist/node/). */
function appDir(): string {
  const candidates = ['../dist/app/', '../app/'].map((path) => fileURLToPath(new URL(path, import.meta.url)));
  const found = candidates.find((dir) => existsSync(join(dir, 'index.html')));
  if (!found)
    throw new Error('@hearback/dashboard: dist/app is missing; run `pnpm --filter @hearback/dashboard build`.');
  return found;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

function assetOf(dir: string, file: string): DashboardAsset {
  const body = readFileSync(file);
  const extension = extname(file);
  const name = relative(dir, file).split(sep).join('/');
  return {
    path: `${DASHBOARD_BASE_PATH}/${name}`,
    body,
    gzip: COMPRESSIBLE.has(extension) ? gzipSync(body, { level: 9 }) : undefined,
    contentType: CONTENT_TYPES[extension] ?? 'application/octet-stream',
    etag: `"${createHash('sha256').update(body).digest('hex').slice(0, 16)}"`,
    cacheControl: name.startsWith('assets/') ? IMMUTABLE : REVALIDATE,
  };
}

/**
 * Every file of the built dashboard, read once at start-up (serve them from memory). Vite's
 * `.vite/manifest.json` stays private.
 *
 * @example
 * const { index, files } = dashboardAssets();
 */
export function dashboardAssets(): DashboardAssets {
  const dir = appDir();
  const all = filesUnder(dir)
    .filter((file) => !relative(dir, file).startsWith('.'))
    .map((file) => assetOf(dir, file));
  const index = all.find((asset) => asset.path === `${DASHBOARD_BASE_PATH}/index.html`);
  if (!index) throw new Error('@hearback/dashboard: dist/app/index.html is missing.');
  return { index, files: all.filter((asset) => asset !== index) };
}
