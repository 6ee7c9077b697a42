import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { PAGE_CSS } from './page-styles.js';
import { PAGE_ASSETS_PATH } from './public-page-path.js';

/** One of the public page's files, served from memory under a content-hashed name. */
export interface PageAsset {
  /** `/f/assets/<name>.<hash>.<ext>`: a new content gets a new name, so it is cached for a year. */
  path: string;
  contentType: string;
  body: Buffer;
  gzip: Buffer;
  etag: string;
}

/** The page's stylesheet, script and proof-of-work worker; the script files are absent when unbuilt. */
export interface PageAssets {
  stylesheet: PageAsset;
  script: PageAsset | undefined;
  worker: PageAsset | undefined;
}

function asset(name: string, extension: string, contentType: string, body: Buffer): PageAsset {
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 12);
  return {
    path: `${PAGE_ASSETS_PATH}/${name}.${hash}.${extension}`,
    contentType,
    body,
    gzip: gzipSync(body),
    etag: `"${hash}"`,
  };
}

/**
 * Where the build puts the script (`scripts/build-page-script.mjs`): `dist/page-script/`, reached
 * from this module in `dist/public-pages/` (the built server) or `src/public-pages/` (tests).
 */
const SCRIPT_DIRECTORIES = [
  new URL('../page-script/', import.meta.url),
  new URL('../../dist/page-script/', import.meta.url),
];

async function readBuilt(file: string): Promise<Buffer | undefined> {
  for (const directory of SCRIPT_DIRECTORIES) {
    const body = await readFile(new URL(file, directory)).catch(() => undefined);
    if (body) return body;
  }
  return undefined;
}

const JAVASCRIPT = 'text/javascript; charset=utf-8';

// Once per process, as the widget's files: gzipping them cost about 1 ms of CPU for every runtime a
// process opens. Files not built yet are looked for again next time.
let pageLoad: Promise<PageAssets> | undefined;

/**
 * The public page's files, read once per process. A server whose page script was never built
 * still serves working pages: forms post without it (and pages with a captcha say it is missing).
 *
 * @example
 * const assets = await loadPageAssets();
 * assets.script?.path; // '/f/assets/page.3f2a9c1b0d4e.js'
 */
export async function loadPageAssets(): Promise<PageAssets> {
  pageLoad ??= readPageAssets();
  const assets = await pageLoad;
  if (!assets.script || !assets.worker) pageLoad = undefined;
  return assets;
}

async function readPageAssets(): Promise<PageAssets> {
  const script = await readBuilt('page.js');
  const worker = await readBuilt('pow-worker.js');
  return {
    ...stylesheetOnly(),
    script: script && asset('page', 'js', JAVASCRIPT, script),
    worker: worker && asset('pow-worker', 'js', JAVASCRIPT, worker),
  };
}

/** The stylesheet alone: pages that work without their script (an app built without loading files). */
export function stylesheetOnly(): PageAssets {
  return {
    stylesheet: asset('page', 'css', 'text/css; charset=utf-8', Buffer.from(PAGE_CSS)),
    script: undefined,
    worker: undefined,
  };
}
